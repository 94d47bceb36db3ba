import { beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "~/modules/assets/assets.server";
import { uploadImageFile as uploadImage } from "~/api/assets.server";
import { loginOverGraphQL } from "../support/graphql";
import { makeTenant } from "../support/tenants";

// An upload body is limited while it streams, not after it was read (ADR 0009).

let cookie: string;

beforeAll(async () => {
  const slug = (await makeTenant("up-limit-a")).tenant.slug;
  cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
});

const upload = (request: Request) =>
  uploadImage({ request, context: { clientAddress: "10.0.0.9" }, params: {} } as never) as Promise<Response>;

describe("upload body limit", () => {
  it("stops reading a chunked multipart body without Content-Length at the image maximum", async () => {
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024);
    const head = new TextEncoder().encode(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        if (sent >= 200 * 1024 * 1024) controller.close();
      },
    });
    const request = new Request("http://localhost/api/assets/image/upload/file", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" },
      body: stream,
      ...({ duplex: "half" } as object),
    });
    expect(request.headers.get("Content-Length")).toBeNull();
    const res = await upload(request);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/10/);
    // A little past the limit, then nothing more was pulled (200 MB were on offer).
    expect(sent).toBeLessThan(MAX_IMAGE_BYTES + 2 * 1024 * 1024);
  });

  it("refuses a declared Content-Length over the limit before anything else", async () => {
    const res = await upload(
      new Request("http://localhost/api/assets/image/upload/file", {
        method: "POST",
        headers: {
          Cookie: cookie,
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": String(300 * 1024 * 1024),
        },
        body: "--x--",
      }),
    );
    expect(res.status).toBe(413);
  });
});
