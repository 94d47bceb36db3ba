import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { requestFacts } from "~/server/request-facts";

// The JSON lane reads who is calling without Express: the same answers as Express's req.protocol,
// req.hostname and req.ip (proxy-addr) for TRUST_PROXY's two settings.

const request = (remoteAddress: string, headers: Record<string, string>, encrypted = false) =>
  ({ socket: { remoteAddress, encrypted }, headers }) as unknown as IncomingMessage;

describe("requestFacts", () => {
  it("ignores forwarded headers from an untrusted peer", () => {
    const req = request("198.51.100.7", {
      host: "app.test:3000",
      "x-forwarded-for": "203.0.113.9",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "evil.test",
    });
    expect(requestFacts(req, "loopback")).toEqual({
      protocol: "http",
      hostname: "app.test",
      origin: "http://app.test:3000",
      clientAddress: "198.51.100.7",
    });
  });

  it("behind a loopback proxy: the first untrusted hop from the right, the forwarded scheme and host", () => {
    const req = request("::ffff:127.0.0.1", {
      host: "127.0.0.1:3000",
      "x-forwarded-for": "10.0.0.1, 203.0.113.9, 127.0.0.1",
      "x-forwarded-proto": "https, http",
      "x-forwarded-host": "acme.example.com:8443",
    });
    expect(requestFacts(req, "loopback")).toEqual({
      protocol: "https",
      hostname: "acme.example.com",
      origin: "https://acme.example.com:8443",
      clientAddress: "203.0.113.9",
    });
  });

  it("trusting every proxy: the leftmost address", () => {
    const req = request("192.0.2.1", {
      host: "acme.example.com",
      "x-forwarded-for": "10.0.0.1, 203.0.113.9",
      "x-forwarded-proto": "https",
    });
    expect(requestFacts(req, "all")).toEqual({
      protocol: "https",
      hostname: "acme.example.com",
      origin: "https://acme.example.com",
      clientAddress: "10.0.0.1",
    });
  });

  it("a TLS socket is https; an IPv6 host keeps its brackets and drops the port", () => {
    const req = request("::1", { host: "[::1]:8443" }, true);
    expect(requestFacts(req, "loopback")).toMatchObject({
      protocol: "https",
      hostname: "[::1]",
      origin: "https://[::1]:8443",
      clientAddress: "::1",
    });
  });
});
