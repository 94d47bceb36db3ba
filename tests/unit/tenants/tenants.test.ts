import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { dataDir } from "~db/config";
import { migrateCatalog } from "~db/migrate";
import { participants, staffUsers, workspaces } from "~db/tenant/schema";
import { bootstrap, DEMO } from "~/server/bootstrap";
import { openTenant, requireTenant } from "~/modules/tenants/tenants.server";
import { requirePermission } from "~/lib/context.server";
import { permissionsForRoles, ROLE_PERMISSIONS } from "~/lib/permissions";
import { tenantDatabaseExists } from "../support/databases";
import { staffCtx, makeTenant } from "../support/tenants";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");

describe("tenants", () => {
  it("bootstrap seeds the demo tenant on an empty DATA_DIR, once", async () => {
    process.env.SEED_DEMO = "true";
    try {
      const first = await bootstrap();
      expect(first).toEqual({ tenants: [DEMO.slug], demoCreated: true });
      const tdb = await openTenant(await requireTenant(DEMO.slug));
      expect((await tdb.db.select().from(staffUsers)).map((u) => u.email)).toEqual([DEMO.adminEmail]);
      expect((await tdb.db.select().from(participants)).map((p) => p.email)).toEqual([DEMO.participantEmail]);
      const second = await bootstrap();
      expect(second.demoCreated).toBe(false);
    } finally {
      process.env.SEED_DEMO = "false";
    }
  });

  it("tenant:create makes a second tenant in its own database that shares nothing with demo", async () => {
    await migrateCatalog();
    const env = { ...process.env, DATA_DIR: dataDir() };
    const { stdout } = await run(
      tsx,
      ["app/cli/tenant-create.ts", "--slug", "acme", "--name", "Acme Training", "--admin", "boss@acme.test"],
      { env },
    );
    expect(stdout).toContain('Created tenant "acme"');
    expect(await tenantDatabaseExists("acme")).toBe(true);

    const acme = await openTenant(await requireTenant("acme"));
    const demo = await openTenant(await requireTenant(DEMO.slug));
    expect((await acme.db.select().from(staffUsers)).map((u) => u.email)).toEqual(["boss@acme.test"]);
    expect(await acme.db.select().from(participants)).toEqual([]);
    expect((await demo.db.select().from(staffUsers)).map((u) => u.email)).not.toContain("boss@acme.test");
    const acmeOrg = await acme.db.select().from(workspaces);
    expect(acmeOrg.filter((w) => w.workspaceType === "ORGANIZATION")).toHaveLength(1);
    expect(acmeOrg.filter((w) => w.workspaceType === "PRIVATE")).toHaveLength(1);

    const refused = await run(
      tsx,
      ["app/cli/tenant-create.ts", "--slug", "acme", "--name", "Again", "--admin", "x@acme.test"],
      { env },
    ).catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('A tenant with slug "acme" already exists');
  }, 60_000);

  it("refuses invalid slugs", async () => {
    await expect(makeTenant("Bad Slug!")).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("roles and permissions", () => {
  it("READER can only read", async () => {
    expect(permissionsForRoles(["ORGANIZATION_READER"])).toEqual(["read:admin"]);
    const { tenant } = await makeTenant();
    const reader = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
    expect(() => requirePermission(reader, "read:admin")).not.toThrow();
    for (const permission of ROLE_PERMISSIONS.ORGANIZATION_MANAGER.filter((p) => p !== "read:admin")) {
      expect(() => requirePermission(reader, permission)).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
    }
  });

  it("roles combine and MANAGER has every permission", async () => {
    expect(permissionsForRoles(["ORGANIZATION_USER_MANAGER", "ORGANIZATION_REALTIME_USER"])).toEqual([
      "read:admin",
      "run:sessions",
      "correct:sessions",
      "manage:users",
    ]);
    expect(permissionsForRoles(["ORGANIZATION_MANAGER"])).toEqual(ROLE_PERMISSIONS.ORGANIZATION_MANAGER);
  });
});
