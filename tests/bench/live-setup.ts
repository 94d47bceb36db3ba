/**
 * The live bench's data, created in-process through the modules before the server starts: one
 * organisation, three evaluations covering the five step types, N participants in one scheduled
 * session, a server-side login session per participant and one for staff.
 */
import { eq } from "drizzle-orm";
import { benchOrganization } from "./bench-support";

const text = (html: string) => [{ type: "text", html }];

export type LiveBenchData = {
  tenant: string;
  session: string;
  participants: Array<{ id: string; cookie: string }>;
  staffCookie: string;
  databaseUrl: string;
};

export async function prepareLiveBench(n: number): Promise<LiveBenchData> {
  const { createLoginSession } = await import("~/modules/auth/sessions.server");
  const { importParticipants } = await import("~/modules/databases/import.server");
  const { addScheduledSession } = await import("~/modules/scheduling/scheduled-sessions.server");
  const { newId } = await import("~/lib/ids.server");
  const schema = await import("~db/tenant/schema");
  const { closeTenantDbs } = await import("~db/tenant/client");
  const { closeCatalog } = await import("~db/catalog/client");

  const { tenant, tdb, boss, ctx } = await benchOrganization("live-bench", "Live Bench");

  const ws = (await tdb.db
    .select()
    .from(schema.workspaces)
    .where(eq(schema.workspaces.workspaceType, "ORGANIZATION"))
    .get())!;
  const now = new Date();
  const own = {
    workspaceId: ws.id,
    ownerType: "ORGANIZATION" as const,
    ownerUserId: boss.id,
    visibility: "ORGANIZATION" as const,
    createdAt: now,
    updatedAt: now,
    rev: 1,
  };
  const question = (id: string, name: string, steps: unknown[]) => ({
    ...own,
    id,
    name,
    nameLower: name.toLowerCase(),
    maxTime: 3600, // long enough that no save of the run is late
    categoryIds: [],
    supplyIds: [],
    preparationInfo: [],
    steps,
    stepTypes: "",
    totalScore: 10,
  });
  const [q1, q2, q3, q4] = [newId(), newId(), newId(), newId()];
  const [e1, e2, e3] = [newId(), newId(), newId()];
  const template = newId();
  await tdb.write(async (tx) => {
    await tx.insert(schema.questions).values([
      question(q1, "Knowledge", [
        {
          key: "mc",
          type: "MULTIPLE_CHOICE",
          question: text("<p>Safety shoes?</p>"),
          answer: {
            optionlistValue: [
              { value: "S3", valid: true },
              { value: "Sneakers", valid: false },
              { value: "S1P", valid: true },
            ],
          },
          score: 2,
        },
        {
          key: "num",
          type: "NUMERIC",
          question: text("<p>Metres from the edge?</p>"),
          answer: { numericValue: 2 },
          score: 2,
        },
        {
          key: "txt",
          type: "TEXT",
          question: text("<p>Which gas first?</p>"),
          answer: { textValue: "oxygen" },
          score: 2,
        },
      ]),
      question(q2, "Practice", [
        {
          key: "hz",
          type: "HOTZONE",
          question: text("<p>The emergency stop.</p>"),
          answer: { textValue: "/favicon.ico", blocklistValue: [{ shape: "circle", x: 0.5, y: 0.5, r: 0.2 }] },
          score: 2,
        },
        {
          key: "pr",
          type: "PRACTICAL",
          question: text("<p>Put on the harness.</p>"),
          answer: { textlistValue: ["buckles closed"], numericlistValue: [100] },
          score: 2,
        },
      ]),
      question(q3, "Permit", [
        {
          key: "t2",
          type: "TEXT",
          question: text("<p>Describe the permit.</p>"),
          answer: { textValue: "x" },
          score: 1,
        },
      ]),
      question(q4, "Numbers", [
        { key: "n2", type: "NUMERIC", question: text("<p>Litres?</p>"), answer: { numericValue: 5 }, score: 1 },
        {
          key: "mc2",
          type: "MULTIPLE_CHOICE",
          question: text("<p>Which?</p>"),
          answer: {
            optionlistValue: [
              { value: "A", valid: true },
              { value: "B", valid: false },
            ],
          },
          score: 1,
        },
      ]),
    ]);
    await tx.insert(schema.evaluations).values([
      {
        ...own,
        id: e1,
        name: "Station A",
        nameLower: "station a",
        categoryIds: [],
        questionIds: [q1, q2],
        enableTimer: true,
      },
      {
        ...own,
        id: e2,
        name: "Station B",
        nameLower: "station b",
        categoryIds: [],
        questionIds: [q3],
        enableTimer: true,
      },
      {
        ...own,
        id: e3,
        name: "Station C",
        nameLower: "station c",
        categoryIds: [],
        questionIds: [q4],
        enableTimer: false,
      },
    ]);
    await tx.insert(schema.sessionTemplates).values({
      ...own,
      id: template,
      name: "Exam day",
      nameLower: "exam day",
      categoryIds: [],
      evaluationIds: [e1, e2, e3],
      passPercentage: 60,
      referenceFormat: "LIVE",
    });
  });

  const people = Array.from({ length: n }, (_, i) => ({
    name: `Candidate ${i}`,
    email: `candidate${i}@live-bench.test`,
  }));
  const ids: string[] = [];
  for (let i = 0; i < people.length; i += 1000)
    ids.push(...(await importParticipants(ctx, people.slice(i, i + 1000))).map((p) => p._id));
  const scheduled = await addScheduledSession(ctx, {
    session: template,
    datetime: new Date(Date.now() + 3600_000).toISOString(),
    options: { allQuestionsInEvaluationShownByDefault: false, enableAutoPauseOnHelpRequest: true },
    participants: ids,
  });

  const participants: LiveBenchData["participants"] = [];
  for (const id of ids) {
    const cookie = await createLoginSession(tdb, "USER", id, false);
    participants.push({ id, cookie: `${cookie.name}=${cookie.value}` });
  }
  const staff = await createLoginSession(tdb, "ADMIN", boss.id, false);
  await closeTenantDbs();
  await closeCatalog();
  const { tenantDatabaseUrl } = await import("~db/config");
  return {
    tenant: tenant.slug,
    session: scheduled._id,
    participants,
    staffCookie: `${staff.name}=${staff.value}`,
    databaseUrl: tenantDatabaseUrl(tenant.slug),
  };
}
