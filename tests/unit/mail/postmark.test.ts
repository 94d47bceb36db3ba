import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defined } from "../support/defined";
import { requestLogin } from "~/modules/auth/login.server";
import { drainMailQueue } from "~/modules/mail/mail-queue.server";
import { lastMailTo, makeTenant } from "../support/tenants";

// A local stand-in for Postmark's API (the only fake allowed: an outside service).
type Received = { path: string; token: string | undefined; body: Record<string, unknown> };
const received: Received[] = [];
let server: http.Server;
/** How the fake answers: like Postmark, or failing; `gate` holds every answer until it resolves. */
let behaviour: { fail: boolean; gate: Promise<void> } = { fail: false, gate: Promise.resolve() };
/** Resolves when the fake next receives a request. */
let nextReceipt: () => void = () => {};
const receipt = () =>
  new Promise<"provider reached first">((resolve) => (nextReceipt = () => resolve("provider reached first")));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", async () => {
      received.push({
        path: req.url ?? "",
        token: req.headers["x-postmark-server-token"] as string | undefined,
        body: JSON.parse(raw || "{}"),
      });
      nextReceipt();
      const { fail, gate } = behaviour;
      await gate;
      if (fail) {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ ErrorCode: 100, Message: "Maintenance" }));
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          To: "x",
          SubmittedAt: new Date().toISOString(),
          MessageID: "fake-1",
          ErrorCode: 0,
          Message: "OK",
        }),
      );
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
    await requestLogin({
      tenant: slug,
      identifier: { type: "EMAIL", value: `manager@${slug}.test` },
      accountType: "ADMIN",
      clientAddress: "1.2.3.4",
      locale: "nl-nl",
    });
    await drainMailQueue();
    expect(received).toHaveLength(1);
    const mail = defined(received[0], "the mail");
    expect(mail.path).toBe("/email");
    expect(mail.token).toBe("test-token");
    expect(mail.body.To).toBe(`manager@${slug}.test`);
    expect(String(mail.body.Subject)).toMatch(/^Uw aanmeldcode voor Postmark Org: \d{6}$/);
    expect(String(mail.body.TextBody)).toMatch(/\d{6}/);
    expect(String(mail.body.HtmlBody)).toContain("<strong");
    expect(await lastMailTo(`manager@${slug}.test`)).toBeNull();
  });

  it("requestLogin answers true for known and unknown accounts alike when Postmark fails, before Postmark answers", async () => {
    const slug = (await makeTenant("mail-fail", "Failing Mail Org")).tenant.slug;
    let release!: () => void;
    behaviour = { fail: true, gate: new Promise<void>((resolve) => (release = resolve)) };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const ask = (value: string, address: string) =>
        requestLogin({
          tenant: slug,
          identifier: { type: "EMAIL", value },
          accountType: "ADMIN",
          clientAddress: address,
          locale: "en-us",
        });
      const before = received.length;
      // Both answer before the provider is even reached (it would then hold the mail until release):
      // the answer cannot depend on the account or on the provider.
      expect(await Promise.race([ask(`manager@${slug}.test`, "5.5.5.5"), receipt()])).toBe(true);
      expect(await Promise.race([ask(`ghost@${slug}.test`, "5.5.5.6"), receipt()])).toBe(true);
      await vi.waitFor(() => expect(received.length).toBe(before + 1));
      release();
      await drainMailQueue();
      // Only the known account's mail was attempted; its failure was logged, not answered.
      expect(received.slice(before).map((r) => r.body.To)).toEqual([`manager@${slug}.test`]);
      expect(errors.mock.calls.some((call) => String(call[0]).includes("[mail-queue] login code"))).toBe(true);
    } finally {
      release();
      errors.mockRestore();
      behaviour = { fail: false, gate: Promise.resolve() };
    }
  });
});
