import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLogin } from "~/modules/auth/login.server";
import { lastMailTo, makeTenant } from "../support/tenants";

// A local stand-in for Postmark's API (the only fake allowed: an outside service).
type Received = { path: string; token: string | undefined; body: Record<string, unknown> };
const received: Received[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", token: req.headers["x-postmark-server-token"] as string | undefined, body: JSON.parse(raw || "{}") });
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ To: "x", SubmittedAt: new Date().toISOString(), MessageID: "fake-1", ErrorCode: 0, Message: "OK" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.POSTMARK_SERVER_TOKEN = "test-token";
  process.env.POSTMARK_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.POSTMARK_SERVER_TOKEN;
  delete process.env.POSTMARK_API_URL;
  await new Promise((resolve) => server.close(resolve));
});

describe("mail through Postmark", () => {
  it("sends the login code through Postmark's API, in the request's language, and not to the outbox", async () => {
    const slug = (await makeTenant("mail-pm", "Postmark Org")).tenant.slug;
    await requestLogin({ tenant: slug, identifier: { type: "EMAIL", value: `manager@${slug}.test` }, accountType: "ADMIN", clientAddress: "1.2.3.4", locale: "nl-nl" });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.path).toBe("/email");
    expect(mail.token).toBe("test-token");
    expect(mail.body.To).toBe(`manager@${slug}.test`);
    expect(String(mail.body.Subject)).toMatch(/^Uw aanmeldcode voor Postmark Org: \d{6}$/);
    expect(String(mail.body.TextBody)).toMatch(/\d{6}/);
    expect(String(mail.body.HtmlBody)).toContain("<strong");
    expect(await lastMailTo(`manager@${slug}.test`)).toBeNull();
  });
});
