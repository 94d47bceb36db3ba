import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataDir, tenantDatabaseUrl } from "~db/config";

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
