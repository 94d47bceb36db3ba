import { beforeAll, describe, expect, it } from "vitest";
import {
  serveAsset,
  uploadFile,
  uploadImageFile as uploadImage,
  uploadImageUrl as uploadUrl,
} from "~/api/assets.server";
import { refusalText } from "~/lib/app-error";
import { detectType } from "~/modules/assets/detect";
import { isBlockedAddress, resolvePublicUrl, UrlFetchError } from "~/modules/assets/fetch-url.server";
import { readAsset, store } from "~/modules/assets/assets.server";
import { storedUploads } from "../support/databases";
import { loginOverGraphQL } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
]);
const PDF = new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");
const HTML = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");

let slug: string;
let cookie: string;
let readerCookie: string;
let otherCookie: string;
const ctxArgs = { context: { clientAddress: "10.0.0.9" }, params: {} };

function multipart(url: string, bytes: Uint8Array, name: string, type: string, cookieHeader = cookie) {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], name, { type }));
  return new Request(`http://localhost${url}`, { method: "POST", body: form, headers: { Cookie: cookieHeader } });
}
const call = async (fn: (args: any) => Promise<Response>, request: Request, params: Record<string, string> = {}) => {
  const res = await fn({ ...ctxArgs, request, params });
  return res;
};
const jsonOf = async (res: Response) => (await res.json()) as any;

beforeAll(async () => {
  slug = (await makeTenant("as-up-a")).tenant.slug;
  const other = (await makeTenant("as-up-b")).tenant.slug;
  cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  otherCookie = await loginOverGraphQL("admin", other, `manager@${other}.test`);
  const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
  readerCookie = await loginOverGraphQL("admin", slug, (reader.actor as { email: string }).email);
});

describe("uploads", () => {
  it("detects types by content", () => {
    expect(detectType(PNG)?.mime).toBe("image/png");
    expect(detectType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe("image/jpeg");
    expect(detectType(new TextEncoder().encode("GIF89a...."))?.mime).toBe("image/gif");
    expect(detectType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))?.mime).toBe("image/webp");
    expect(detectType(PDF)?.mime).toBe("application/pdf");
    expect(detectType(HTML)).toBeNull();
  });

  it("accepts a PNG named .exe as a PNG and serves it to the tenant only", async () => {
    const res = await call(
      uploadImage,
      multipart("/api/assets/image/upload/file", PNG, "virus.exe", "application/x-msdownload"),
    );
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body).toMatchObject({ contentType: "image/png", size: PNG.length, image: true });
    expect(body.url).toBe(`/api/assets/${slug}/${body.id}`);
    expect(body.id).toMatch(/\.png$/);
    expect(await storedUploads(slug)).toContain(body.id);

    const get = (c?: string) =>
      call(serveAsset, new Request(`http://localhost${body.url}`, { headers: c ? { Cookie: c } : {} }), {
        tenant: slug,
        id: body.id,
      });
    const served = await get(cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await get()).status).toBe(401);
    expect((await get(otherCookie)).status).toBe(404);
    const traversal = await call(
      serveAsset,
      new Request(`http://localhost/api/assets/${slug}/x`, { headers: { Cookie: cookie } }),
      { tenant: slug, id: "../../catalog.db" },
    );
    expect(traversal.status).toBe(404);
  });

  it("refuses HTML renamed .png, oversized files, PDFs as images, and readers", async () => {
    const html = await call(uploadImage, multipart("/api/assets/image/upload/file", HTML, "photo.png", "image/png"));
    expect(html.status).toBe(400);
    expect((await jsonOf(html)).fields.file).toBeTruthy();
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(PNG);
    const tooBig = await call(uploadImage, multipart("/api/assets/image/upload/file", big, "big.png", "image/png"));
    expect(tooBig.status).toBe(400);
    expect(refusalText(await jsonOf(tooBig))).toMatch(/10/);
    const pdfAsImage = await call(uploadImage, multipart("/api/assets/image/upload/file", PDF, "a.png", "image/png"));
    expect(pdfAsImage.status).toBe(400);
    const pdf = await call(uploadFile, multipart("/api/assets/file/upload/file", PDF, "doc.pdf", "application/pdf"));
    expect(pdf.status).toBe(200);
    expect((await jsonOf(pdf)).contentType).toBe("application/pdf");
    const reader = await call(
      uploadImage,
      multipart("/api/assets/image/upload/file", PNG, "a.png", "image/png", readerCookie),
    );
    expect(reader.status).toBe(403);
    const anon = await call(
      uploadImage,
      new Request("http://localhost/api/assets/image/upload/file", { method: "POST", body: new FormData() }),
    );
    expect(anon.status).toBe(401);
    expect((await storedUploads(slug)).filter((f) => f.endsWith(".png")).length).toBe(1);
  });

  it("keeps a file of several parts byte for byte, and never a second file under the same key", async () => {
    const ctx = await staffCtx(slug);
    // 2.5 MB: three parts where the tenant's database keeps the file (UPLOAD_PART_BYTES).
    const bytes = new Uint8Array(2.5 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 12)) & 0xff;
    bytes.set(PDF);
    const id = "0b7e3f0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
    const stored = await store(ctx, bytes, "file", id);
    expect(stored).toMatchObject({ id: `${id}.pdf`, size: bytes.length, contentType: "application/pdf" });
    const read = await readAsset(ctx, slug, stored.id);
    expect(read.bytes.length).toBe(bytes.length);
    expect(Buffer.compare(Buffer.from(read.bytes), Buffer.from(bytes))).toBe(0);
    await expect(store(ctx, PDF, "file", id)).rejects.toThrow();
    expect((await readAsset(ctx, slug, stored.id)).bytes.length).toBe(bytes.length);
  });

  it("refuses URLs on private, loopback, link-local and unique-local addresses", async () => {
    for (const url of [
      "http://127.0.0.1/a.png",
      "http://10.1.2.3/a.png",
      "http://192.168.1.10/a.png",
      "http://172.16.0.1/a.png",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/a.png",
      "http://[::ffff:127.0.0.1]/a.png",
      "http://[::127.0.0.1]/a.png", // IPv4-compatible ::/96
      "http://[::7f00:1]/a.png",
      "http://[::a00:1]/a.png",
      "http://[0:0:0:0:0:ffff:7f00:1]/a.png",
      "http://[fd00::1]/a.png",
      "http://[fe80::1]/a.png",
      "http://localhost:3000/a.png",
      "http://0.0.0.0/a.png",
    ]) {
      await expect(resolvePublicUrl(url), url).rejects.toMatchObject({ reason: "blocked-address" });
    }
    await expect(resolvePublicUrl("file:///etc/passwd")).rejects.toMatchObject({ reason: "invalid-url" });
    await expect(resolvePublicUrl("ftp://example.com/a.png")).rejects.toMatchObject({ reason: "invalid-url" });
    // A public name that resolves to a private address is refused too.
    const fakeLookup = (async () => [{ address: "10.0.0.5", family: 4 }]) as any;
    await expect(resolvePublicUrl("https://images.example.com/a.png", fakeLookup)).rejects.toBeInstanceOf(
      UrlFetchError,
    );
    const publicLookup = (async () => [{ address: "93.184.216.34", family: 4 }]) as any;
    expect((await resolvePublicUrl("https://images.example.com/a.png", publicLookup)).address).toBe("93.184.216.34");
    expect(isBlockedAddress("8.8.8.8")).toBe(false);
    expect(isBlockedAddress("2606:4700:4700::1111")).toBe(false);
    expect(isBlockedAddress("::ffff:7f00:1")).toBe(true);
    expect(isBlockedAddress("::7f00:1")).toBe(true);
    expect(isBlockedAddress("::8.8.8.8")).toBe(true); // the whole deprecated ::/96 range
    expect(isBlockedAddress("::ffff:8.8.8.8")).toBe(false);

    const res = await call(
      uploadUrl,
      new Request("http://localhost/api/assets/image/upload/url", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ url: "http://127.0.0.1:1/x.png" }),
      }),
    );
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).fields.url).toBeTruthy();
    const reader = await call(
      uploadUrl,
      new Request("http://localhost/api/assets/image/upload/url", {
        method: "POST",
        headers: { Cookie: readerCookie, "Content-Type": "application/json" },
        body: JSON.stringify({ url: "https://example.com/x.png" }),
      }),
    );
    expect(reader.status).toBe(403);
  });
});

describe("URL download (pinned address)", () => {
  it("connects to the checked address, reports redirects and stops at the size limit", async () => {
    const http = await import("node:http");
    const { requestOnce } = await import("~/modules/assets/fetch-url.server");
    const server = http.createServer((req, res) => {
      if (req.url === "/redirect") {
        res.writeHead(302, { Location: "http://127.0.0.1/secret" }).end();
      } else if (req.url === "/big") {
        res.writeHead(200, { "Content-Type": "image/png" });
        res.end(Buffer.alloc(5000));
      } else {
        res.writeHead(200, { "Content-Type": "image/png" }).end(Buffer.from(PNG));
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const port = (server.address() as { port: number }).port;
    const at = (p: string) => ({
      url: new URL(`http://images.example.com:${port}${p}`),
      address: "127.0.0.1",
      family: 4 as const,
    });
    try {
      const ok = await requestOnce(at("/a.png"), 10_000, 5_000);
      expect("bytes" in ok && ok.bytes.length).toBe(PNG.length);
      expect(await requestOnce(at("/redirect"), 10_000, 5_000)).toEqual({ redirect: "http://127.0.0.1/secret" });
      await expect(requestOnce(at("/big"), 1000, 5_000)).rejects.toMatchObject({ reason: "too-large" });
      // The redirect target is checked like the first address: a private one is refused.
      await expect(resolvePublicUrl("http://127.0.0.1/secret")).rejects.toMatchObject({ reason: "blocked-address" });
    } finally {
      server.close();
    }
  });
});
