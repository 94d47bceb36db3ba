import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { dataDir } from "~db/config";
import { migrateCatalog } from "~db/migrate";
import { participants, staffUsers, workspaces } from "~db/tenant/schema";
import { bootstrap, DEMO, seedDemoTenant } from "~/server/bootstrap";
import { DEMO_CIRCUIT } from "~/server/demo-circuit";
import { getQuestion, listEvaluations, listSessions } from "~/modules/assessments/index.server";
import { circuitView } from "~/modules/circuit/index.server";
import { listScheduledSessions } from "~/modules/scheduling/index.server";
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
      // The demo participant and the three more of the ready circuit (demo-circuit.ts).
      expect((await tdb.db.select().from(participants)).map((p) => p.email).sort()).toEqual(
        ["ada@demo.test", "ben@demo.test", "cas@demo.test", DEMO.participantEmail].sort(),
      );
      const second = await bootstrap();
      expect(second.demoCreated).toBe(false);
    } finally {
      process.env.SEED_DEMO = "false";
    }
  });

  it("the demo has a ready circuit: three stations, a template with circuit defaults, four participants planned; seeding again adds nothing", async () => {
    await migrateCatalog();
    await seedDemoTenant();
    const ctx = await staffCtx(DEMO.slug, ["ORGANIZATION_MANAGER"]);
    const templates = await listSessions(ctx, { filter: { name: DEMO_CIRCUIT.template } });
    expect(templates.edges.map((e) => e.node.name)).toEqual([DEMO_CIRCUIT.template]);
    const template = templates.edges[0]!.node;
    expect(template.circuit).toEqual({
      readingSeconds: 30,
      stationSeconds: 120,
      changeoverSeconds: 30,
      restStations: 1,
    });
    const planned = await listScheduledSessions(ctx, {});
    expect(planned.edges).toHaveLength(1);
    const session = planned.edges[0]!.node;
    expect(session.session).toBe(template._id);
    expect(session.status).toBe("SCHEDULED");
    expect(session.circuit).toEqual(template.circuit);
    expect(session.datetime.getTime()).toBeGreaterThan(Date.now());
    // The circuit as staff see it: the three stations, each with a checklist for the examiner, and
    // four participants, one of them with standing extra time, each at one post in the first round.
    const view = await circuitView(ctx, session._id);
    expect(view.stations.map((s) => s.name)).toEqual(["Airway", "Bandage", "Splint"]);
    expect(view.people.map((p) => [p.name, p.extraTimePercent])).toEqual([
      ["Demo Participant", 0],
      ["Ada Demo", 0],
      ["Ben Demo", 0],
      ["Cas Demo", 25],
    ]);
    expect(Object.values(view.grid!.cells).map((row) => row[0]!.evaluation === null)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    const evaluations = await listEvaluations(ctx, { filter: { name: "Bandage" } });
    const bandage = evaluations.edges.find((e) => e.node._id === view.stations[1]!.id)!.node;
    const question = await getQuestion(ctx, bandage.questions[0]!);
    expect(question.steps.map((s) => s.type)).toEqual(["TEXT", "PRACTICAL"]);

    // Again (a second start, or the seed run twice): nothing new.
    await seedDemoTenant();
    expect((await listSessions(ctx, { filter: { name: DEMO_CIRCUIT.template } })).edges).toHaveLength(1);
    expect((await listScheduledSessions(ctx, {})).edges).toHaveLength(1);
    expect((await listEvaluations(ctx, { filter: { name: "Airway" } })).edges).toHaveLength(1);
    const tdb = await openTenant(await requireTenant(DEMO.slug));
    expect(await tdb.db.select().from(participants)).toHaveLength(4);
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
