// A command-line helper for tests/e2e/circuit.spec.ts (issue 32): it runs in its own tsx process
// against the e2e server's DATA_DIR and room, as live-fixture.ts does. Prints one JSON line.
//   tsx tests/e2e/support/circuit-fixture.ts setup <tag> | skip <session> <running ms> | quiet <session> <ms>
import { and, eq, sql } from "drizzle-orm";
import { circuitRuns, deviceContacts, staffUsers } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { permissionsForRoles } from "~/lib/permissions";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { addQuestion } from "~/modules/assessments/questions.server";
import { addSession } from "~/modules/assessments/sessions.server";
import { runningMsAt } from "~/modules/circuit/clock";
import { gridOf, peopleOf, readRun, scheduleOf, stationsOf } from "~/modules/circuit/store.server";
import { addParticipant } from "~/modules/databases/participants.server";
import { findSession, publishLive } from "~/modules/live/index.server";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { createStaffUserInTenant } from "~/modules/staff/staff-users.server";
import { openTenant, requireTenant } from "~/modules/tenants/tenants.server";

const EMAIL = "circuit-fixture@demo.test";

async function staff(): Promise<Ctx> {
  const tenant = await requireTenant("demo");
  const tdb = await openTenant(tenant);
  let user = await tdb.db.select().from(staffUsers).where(eq(staffUsers.email, EMAIL)).get();
  if (!user)
    await createStaffUserInTenant(tdb, { email: EMAIL, name: "Circuit Fixture", roles: ["ORGANIZATION_MANAGER"] });
  user = await tdb.db.select().from(staffUsers).where(eq(staffUsers.email, EMAIL)).get();
  return {
    tenant,
    tdb,
    actor: { type: "ADMIN", userId: user!.id, email: user!.email, name: user!.name, roles: ["ORGANIZATION_MANAGER"] },
    permissions: permissionsForRoles(["ORGANIZATION_MANAGER"]),
    locale: "en-us",
    t: ((key: string) => key) as unknown as Ctx["t"],
    clientAddress: "127.0.0.1",
  };
}

/** Three stations with a text task and a checklist for the examiner each, four participants, a circuit of 5 s reading, 30 s station, 5 s change over and a rest post. */
async function setup(ctx: Ctx, tag: string) {
  const stations: string[] = [];
  const names = ["Airway", "Bandage", "Splint"].map((n) => `${n} ${tag}`);
  for (const name of names) {
    const q = await addQuestion(ctx, {
      name: `${name} task`,
      maxTime: 600,
      steps: [
        {
          key: "t",
          type: "TEXT",
          question: [{ type: "text", html: `<p>Describe ${name}.</p>` }],
          answer: { textValue: "x" },
          score: 1,
        },
        {
          key: "p",
          type: "PRACTICAL",
          question: [{ type: "text", html: `<p>Show ${name}.</p>` }],
          answer: { textlistValue: ["Checks the scene", "Explains each step"], numericlistValue: [50, 50] },
          score: 2,
        },
      ],
    });
    stations.push((await addEvaluation(ctx, { name, questions: [q._id] }))._id);
  }
  const template = await addSession(ctx, {
    name: `Circuit ${tag}`,
    evaluations: stations,
    passPercentage: 60,
    circuit: { readingSeconds: 5, stationSeconds: 30, changeoverSeconds: 5, restStations: 1 },
  });
  const people: Array<{ participant: string; email: string; name: string }> = [];
  for (const first of ["Ada", "Ben", "Cas", "Dee"]) {
    const email = `circuit-${first.toLowerCase()}-${tag}@example.test`;
    const name = `${first} ${tag}`;
    people.push({ participant: (await addParticipant(ctx, { name, email }))._id, email, name });
  }
  const session = await addScheduledSession(ctx, {
    session: template._id,
    datetime: new Date(Date.now() + 3600_000).toISOString(),
    participants: people.map((p) => p.participant),
  });
  return { session: session._id, template: template._id, stations, names, people };
}

/**
 * Moves the circuit's clock to `target` ms of running time (its start earlier), as if that much had
 * passed, and tells every screen the new schedule through the room: their next reads make the
 * server's moves that are due (as after a restart).
 */
async function skip(ctx: Ctx, sessionId: string, target: number) {
  const run = (await readRun(ctx.tdb.db, sessionId))!;
  const session = await findSession(ctx.tdb.db, sessionId);
  const people = await peopleOf(ctx.tdb.db, sessionId);
  const grid = gridOf(session, run, people, await stationsOf(ctx.tdb.db, session));
  const now = Date.now();
  const running = runningMsAt(scheduleOf(session, run, grid)!, now);
  const startedAt = new Date(run.startedAt.getTime() - (target - running));
  await ctx.tdb.write((tx) =>
    tx
      .update(circuitRuns)
      .set({ startedAt, rev: run.rev + 1, updatedAt: new Date() })
      .where(eq(circuitRuns.scheduledSessionId, sessionId)),
  );
  const moved = { ...run, startedAt, rev: run.rev + 1 };
  await publishLive(ctx, sessionId, [
    {
      type: "circuit.changed",
      payload: {
        reason: "skipped",
        rev: moved.rev,
        schedule: scheduleOf(session, moved, grid),
        serverTime: Date.now(),
      },
    },
  ]);
  return { rev: moved.rev };
}

/**
 * Moves the last contact of the session's examiner tablets `ms` into the past, as if they had been
 * silent that much longer (the dashboard flags a tablet after a minute): skip does the same for the
 * circuit's clock.
 */
async function quiet(ctx: Ctx, sessionId: string, ms: number) {
  await ctx.tdb.write((tx) =>
    tx
      .update(deviceContacts)
      .set({ lastContactAt: sql`${deviceContacts.lastContactAt} - ${ms}` })
      .where(and(eq(deviceContacts.scheduledSessionId, sessionId), eq(deviceContacts.kind, "EXAMINER"))),
  );
  return { ms };
}

const [command, a, b] = process.argv.slice(2);
const ctx = await staff();
let out: unknown;
switch (command) {
  case "setup":
    out = await setup(ctx, a!);
    break;
  case "skip":
    out = await skip(ctx, a!, Number(b));
    break;
  case "quiet":
    out = await quiet(ctx, a!, Number(b));
    break;
  default:
    throw new Error(`unknown command ${command}`);
}
console.log(JSON.stringify(out ?? null));
process.exit(0);
