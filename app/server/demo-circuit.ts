import { eq } from "drizzle-orm";
import type { TenantRow } from "~db/catalog/schema";
import { staffUsers } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { permissionsForRoles } from "~/lib/permissions";
import { addEvaluation, addQuestion, addSession, listSessions } from "~/modules/assessments/index.server";
import { addParticipant, listParticipants } from "~/modules/databases/index.server";
import { addScheduledSession } from "~/modules/scheduling/index.server";
import { openTenant } from "~/modules/tenants/index.server";

// The demo organisation's ready circuit (issue 32; README "Running a circuit"): three first-aid
// stations with a task and an examiner's checklist each, a session template with circuit defaults,
// four participants and a circuit session planned for them, so a circuit runs from `npm start`
// without building anything first. Made through the modules' own functions, as the demo admin;
// once: a second call finds the template and changes nothing.

export const DEMO_CIRCUIT = {
  template: "Demo circuit: first aid",
  stations: [
    {
      name: "Airway",
      task: "Open the airway of the casualty and check their breathing.",
      checks: ["Head tilt, chin lift", "Looks, listens and feels for 10 s"],
    },
    {
      name: "Bandage",
      task: "Bandage the bleeding wound on the forearm.",
      checks: ["Direct pressure first", "Bandage firm, circulation checked"],
    },
    {
      name: "Splint",
      task: "Immobilise the injured lower leg.",
      checks: ["Joint above and below immobilised", "Circulation checked after"],
    },
  ],
  /** Short times, so that the whole circuit runs in about twelve minutes. */
  circuit: { readingSeconds: 30, stationSeconds: 120, changeoverSeconds: 30, restStations: 1 },
  /** The demo's participant and three more; Cas has standing extra time (the plan screen shows the rule). */
  participants: [
    { name: "Demo Participant", email: "participant@demo.test" },
    { name: "Ada Demo", email: "ada@demo.test" },
    { name: "Ben Demo", email: "ben@demo.test" },
    { name: "Cas Demo", email: "cas@demo.test", extraTimePercent: 25 },
  ],
} as const;

/** The demo admin, acting in the seed. */
async function adminCtx(tenant: TenantRow, adminEmail: string): Promise<Ctx> {
  const tdb = await openTenant(tenant);
  const admin = await tdb.db.select().from(staffUsers).where(eq(staffUsers.email, adminEmail)).get();
  if (!admin) throw new Error(`The demo organisation has no staff member ${adminEmail}.`);
  return {
    tenant,
    tdb,
    actor: { type: "ADMIN", userId: admin.id, email: admin.email, name: admin.name, roles: ["ORGANIZATION_MANAGER"] },
    permissions: permissionsForRoles(["ORGANIZATION_MANAGER"]),
    locale: "en-us",
    // Start-up runs outside the app's bundle, where the translations are not loaded; nothing the
    // seed does is shown to anyone, and a refusal here is a bug that names its key.
    t: ((key: string) => key) as unknown as Ctx["t"],
    clientAddress: "127.0.0.1",
  };
}

/** The participant with this e-mail address, added when missing. */
async function participantId(ctx: Ctx, person: (typeof DEMO_CIRCUIT.participants)[number]): Promise<string> {
  const found = await listParticipants(ctx, { filter: { email: person.email }, first: 5 });
  const same = found.edges.find((e) => e.node.email.toLowerCase() === person.email);
  return same ? same.node._id : (await addParticipant(ctx, person))._id;
}

/** Seeds the demo circuit once; answers whether it did. */
export async function seedDemoCircuit(tenant: TenantRow, adminEmail: string): Promise<boolean> {
  const ctx = await adminCtx(tenant, adminEmail);
  const existing = await listSessions(ctx, { filter: { name: DEMO_CIRCUIT.template }, first: 5 });
  if (existing.edges.some((e) => e.node.name === DEMO_CIRCUIT.template)) return false;
  const stations: string[] = [];
  for (const station of DEMO_CIRCUIT.stations) {
    const question = await addQuestion(ctx, {
      name: `${station.name} task`,
      maxTime: 600,
      steps: [
        {
          key: "notes",
          type: "TEXT",
          question: [{ type: "text", html: `<p>${station.task} Write down what you check first.</p>` }],
          answer: { textValue: station.checks[0] },
          score: 1,
        },
        {
          key: "checklist",
          type: "PRACTICAL",
          question: [{ type: "text", html: `<p>${station.task}</p>` }],
          answer: { textlistValue: [...station.checks], numericlistValue: [50, 50] },
          score: 2,
        },
      ],
    });
    stations.push((await addEvaluation(ctx, { name: station.name, questions: [question._id] }))._id);
  }
  const template = await addSession(ctx, {
    name: DEMO_CIRCUIT.template,
    evaluations: stations,
    passPercentage: 60,
    circuit: DEMO_CIRCUIT.circuit,
  });
  const people: string[] = [];
  for (const person of DEMO_CIRCUIT.participants) people.push(await participantId(ctx, person));
  // Tomorrow on the hour: "Start" on the dashboard runs it at once whenever it is opened.
  const at = new Date(Date.now() + 24 * 3600_000);
  at.setUTCMinutes(0, 0, 0);
  await addScheduledSession(ctx, { session: template._id, datetime: at.toISOString(), participants: people });
  return true;
}
