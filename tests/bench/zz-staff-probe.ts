import fs from "node:fs";
import os from "node:os";
import path from "node:path";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "staffprobe-"));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO = "false";
process.env.PARTYKIT_DISABLED = "true";
const { prepareLiveBench } = await import("./live-setup");
const data = await prepareLiveBench(Number(process.env.N ?? 1000));
const { openTenant, requireTenant } = await import("~/modules/tenants/tenants.server");
const { permissionsForRoles } = await import("~/lib/permissions");
const { staffUsers } = await import("~db/tenant/schema");
const run = await import("~/modules/live/run.server");
const tenant = await requireTenant(data.tenant);
const tdb = await openTenant(tenant);
const boss = (await tdb.db.select().from(staffUsers).get())!;
const ctx = { tenant, tdb, actor: { type: "ADMIN" as const, userId: boss.id, email: boss.email, name: boss.name, roles: ["ORGANIZATION_MANAGER" as const] }, permissions: permissionsForRoles(["ORGANIZATION_MANAGER"]), locale: "en-us" as const, t: ((k: string) => k) as never, clientAddress: "127.0.0.1" };
let t0 = performance.now();
await run.startScheduledSession(ctx as never, data.session);
console.log("start", (performance.now() - t0).toFixed(1), "ms");
// fill the kept states as the room would (a whole-session read)
const times: Record<string, number[]> = { pause: [], resume: [], extend: [] };
const inspector = await import("node:inspector/promises");
const session = new inspector.Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });
await session.post("Profiler.start");
for (let i = 0; i < Number(process.env.ROUNDS ?? 15); i++) {
  for (const [name, input] of [["pause", { overrideType: "SESSION_PAUSE" }], ["resume", { overrideType: "SESSION_RESUME" }], ["extend", { overrideType: "EXTEND_TIME", value: { numericValue: 60 } }]] as const) {
    t0 = performance.now();
    await run.applyLiveOverride(ctx as never, data.session, null, input);
    times[name]!.push(performance.now() - t0);
  }
}
const { profile } = await session.post("Profiler.stop");
fs.writeFileSync("/tmp/staff.cpuprofile", JSON.stringify(profile));
for (const [k, v] of Object.entries(times)) console.log(k, v.map((x) => x.toFixed(0)).join(" "));
process.exit(0);
