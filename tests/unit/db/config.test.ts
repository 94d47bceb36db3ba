import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataDir, tenantDatabaseUrl } from "~db/config";
import { isLocalhostUrl } from "~db/connection";
import { ensureNamespace, namespaceOf } from "~db/namespaces";

describe("tenant database URL", () => {
  afterEach(() => {
    delete process.env.TENANT_DATABASE_URL;
  });

  it("defaults to an embedded file per tenant under DATA_DIR", () => {
    expect(tenantDatabaseUrl("acme")).toBe(`file:${path.join(dataDir(), "tenants", "acme.db")}`);
  });

  it("fills the {tenant} template for libSQL servers", () => {
    process.env.TENANT_DATABASE_URL = "libsql://{tenant}-org.turso.io";
    expect(tenantDatabaseUrl("acme")).toBe("libsql://acme-org.turso.io");
  });

  it("prefers the catalog's explicit URL", () => {
    process.env.TENANT_DATABASE_URL = "libsql://{tenant}-org.turso.io";
    expect(tenantDatabaseUrl("acme", "libsql://special.example")).toBe("libsql://special.example");
  });
});

describe("sqld namespaces", () => {
  it("are named by the first label of a server URL's host", () => {
    expect(namespaceOf("http://acme.localhost:8080")).toBe("acme");
    expect(namespaceOf("http://f1a2-acme.localhost:8080")).toBe("f1a2-acme");
    expect(namespaceOf("https://acme.db.example.org")).toBe("acme");
    expect(namespaceOf("file:/data/tenants/acme.db")).toBeNull();
    expect(namespaceOf("http://127.0.0.1:8080")).toBeNull();
    expect(namespaceOf("http://localhost:8080")).toBeNull();
  });

  it("reach names under .localhost on the loopback address, whatever DNS says", () => {
    expect(isLocalhostUrl("http://acme.localhost:8080")).toBe(true);
    expect(isLocalhostUrl("http://localhost:8080")).toBe(true);
    expect(isLocalhostUrl("libsql://acme.localhost:8080")).toBe(true);
    expect(isLocalhostUrl("http://acme.localhost.example.org")).toBe(false);
    expect(isLocalhostUrl("file:/tmp/acme.localhost")).toBe(false);
  });

  it("are not created without TENANT_DATABASE_ADMIN_URL, nor for embedded files", async () => {
    delete process.env.TENANT_DATABASE_ADMIN_URL;
    expect(await ensureNamespace("http://acme.localhost:8080")).toBe("not-managed");
    process.env.TENANT_DATABASE_ADMIN_URL = "http://127.0.0.1:9";
    try {
      expect(await ensureNamespace("file:/tmp/acme.db")).toBe("not-managed");
    } finally {
      delete process.env.TENANT_DATABASE_ADMIN_URL;
    }
  });
});
