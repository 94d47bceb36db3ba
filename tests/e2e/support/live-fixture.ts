// A command-line helper for the live e2e spec: it runs in its own tsx process against the e2e
// server's DATA_DIR (the tenant database is shared by file) and calls the live module as staff,
// because the staff dashboard is another screen. Prints one JSON line.
//   tsx tests/e2e/support/live-fixture.ts setup <imageUrl> <tag> [maxTime seconds] | start <session> | pause <session>
//   | resume <session> | resolve-help <session> <participant> | unlock <session> <participant>
//   | answers <session> <participant> | answer <session> <participant> <json [{evaluation, question, stepIndex, answer}]>
//   | finish <session> <participant> <json {evaluation, question}> | correction <session> <participant>
//   | double-threshold <session> <percent> | double-marks <session>
import { and, eq } from "drizzle-orm";
import {
  liveAnswers,
  questions,
  scheduledSessionParticipantEntries,
  scheduledSessions,
  staffUsers,
  workspaces,
} from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { addSession } from "~/modules/assessments/sessions.server";
import { addCategory } from "~/modules/databases/categories.server";
import { addParticipant } from "~/modules/databases/participants.server";
import { applyLiveOverride, unlockWaitingParticipants } from "~/modules/live/run.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { finishQuestion, saveAnswer } from "~/modules/live/participant.server";
import { getParticipantCorrection } from "~/modules/corrections/participant-correction.server";
import { listDoubleMarks, setDiscrepancyThreshold } from "~/modules/corrections/double-marking.server";
import { markStation, submitCorrectionEntry } from "~/modules/corrections/index.server";
import { permissionsForRoles, type Role } from "~/lib/permissions";
import {
  addParticipantsToScheduledSession,
  overrideScheduledSessionParticipantEntries,
  overrideScheduledSessionParticipantEntry,
} from "~/modules/scheduling/entries.server";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { openTenant, requireTenant } from "~/modules/tenants/tenants.server";
import { createStaffUserInTenant } from "~/modules/staff/staff-users.server";

const FIXTURE_STAFF = "live-fixture@demo.test";

async function staff(email = FIXTURE_STAFF, name = "Live Fixture", role: Role = "ORGANIZATION_MANAGER"): Promise<Ctx> {
  const tenant = await requireTenant("demo");
  const tdb = await openTenant(tenant);
  let user = await tdb.db.select().from(staffUsers).where(eq(staffUsers.email, email)).get();
  if (!user) await createStaffUserInTenant(tdb, { email, name, roles: [role] });
  user = await tdb.db.select().from(staffUsers).where(eq(staffUsers.email, email)).get();
  return {
    tenant,
    tdb,
    actor: { type: "ADMIN", userId: user!.id, email: user!.email, name: user!.name, roles: [role] },
    permissions: permissionsForRoles([role]),
    locale: "en-us",
    // Messages are not read here (and the translations load through Vite only).
    t: ((key: string) => key) as unknown as Ctx["t"],
    clientAddress: "127.0.0.1",
  };
}

const text = (html: string) => [{ type: "text", html }];

/** Two evaluations: the first covers the five step types over two questions, the second has one question. */
async function setup(ctx: Ctx, imageUrl: string, tag: string, maxTime = 900) {
  // The questions are written as rows: the hotzone's image is the server's own favicon, an outside
  // address the question input refuses (images come from the asset store), which the screens
  // still show. Everything else goes through the modules.
  const ws = await ctx.tdb.db.select().from(workspaces).where(eq(workspaces.workspaceType, "ORGANIZATION")).get();
  const question = async (name: string, steps: unknown[], preparation = "") => {
    const id = newId();
    const now = new Date();
    await ctx.tdb.write((tx) =>
      tx.insert(questions).values({
        id,
        workspaceId: ws!.id,
        ownerType: "ORGANIZATION",
        ownerUserId: (ctx.actor as { userId: string }).userId,
        visibility: "ORGANIZATION",
        createdAt: now,
        updatedAt: now,
        rev: 1,
        name,
        nameLower: name.toLowerCase(),
        maxTime,
        categoryIds: [],
        supplyIds: [],
        preparationInfo: preparation ? text(preparation) : [],
        steps,
        stepTypes: "",
        totalScore: 10,
      }),
    );
    return id;
  };
  const q1 = await question(
    `Knowledge ${tag}`,
    [
      {
        key: "mc",
        type: "MULTIPLE_CHOICE",
        question: text("<p>Which of these are safety shoes?</p>"),
        answer: {
          optionlistValue: [
            { value: "S3 boots", valid: true },
            { value: "Sneakers", valid: false },
            { value: "S1P shoes", valid: true },
          ],
        },
        score: 2,
      },
      {
        key: "num",
        type: "NUMERIC",
        question: text("<p>How many metres must you keep from the edge?</p>"),
        answer: { numericValue: 2 },
        score: 2,
      },
      {
        key: "txt",
        type: "TEXT",
        question: text("<p>Name the gas you test for first.</p>"),
        answer: { textValue: "oxygen" },
        score: 2,
      },
    ],
    "<p>A quiet desk per candidate.</p>",
  );
  const q2 = await question(
    `Practice ${tag}`,
    [
      {
        key: "hz",
        type: "HOTZONE",
        question: text("<p>Point at the emergency stop.</p>"),
        answer: { textValue: imageUrl, blocklistValue: [{ shape: "circle", x: 0.5, y: 0.5, r: 0.2 }] },
        score: 2,
      },
      {
        key: "pr",
        type: "PRACTICAL",
        question: text("<p>Put on the harness.</p>"),
        answer: { textlistValue: ["SECRET-CRITERION buckles closed"], numericlistValue: [100] },
        score: 2,
      },
    ],
    "<p>One harness per station.</p>",
  );
  const q3 = await question(`Second station ${tag}`, [
    {
      key: "t2",
      type: "TEXT",
      question: text("<p>Describe the permit.</p>"),
      answer: { textValue: "x" },
      score: 1,
    },
  ]);
  const evalA = (await addEvaluation(ctx, { name: `Station A ${tag}`, questions: [q1, q2] }))._id;
  const evalB = (await addEvaluation(ctx, { name: `Station B ${tag}`, questions: [q3] }))._id;
  const template = (
    await addSession(ctx, {
      name: `Live ${tag}`,
      evaluations: [evalA, evalB],
      passPercentage: 60,
      referenceFormat: "LIVE",
    })
  )._id;
  const email = `live-${tag}@example.test`;
  const participant = (await addParticipant(ctx, { name: `Lea Live ${tag}`, email }))._id;
  const session = await addScheduledSession(ctx, {
    session: template,
    datetime: new Date(Date.now() + 3600_000).toISOString(),
    options: { allQuestionsInEvaluationShownByDefault: false, enableAutoPauseOnHelpRequest: true },
    participants: [participant],
  });
  // The first evaluation first, whatever the rotation says.
  await overrideScheduledSessionParticipantEntries(ctx, session._id, { sessionOrder: [evalA, evalB] });
  return { session: session._id, participant, email, evaluations: [evalA, evalB], questions: [q1, q2, q3] };
}

/** A second candidate in the same session, taking the evaluations in the first one's order. */
async function addCandidate(ctx: Ctx, session: string, tag: string) {
  const email = `live-${tag}@example.test`;
  const participant = (await addParticipant(ctx, { name: `Noor Live ${tag}`, email }))._id;
  await addParticipantsToScheduledSession(ctx, session, [participant]);
  const rows = await ctx.tdb.db
    .select()
    .from(scheduledSessionParticipantEntries)
    .where(eq(scheduledSessionParticipantEntries.scheduledSessionId, session))
    .all();
  const order = rows.find((r) => r.participantId !== participant)!.sessionOrder;
  await overrideScheduledSessionParticipantEntry(ctx, session, participant, { sessionOrder: order });
  return { participant, email };
}

async function answers(ctx: Ctx, session: string, participant: string) {
  const entry = await ctx.tdb.db
    .select()
    .from(scheduledSessionParticipantEntries)
    .where(
      and(
        eq(scheduledSessionParticipantEntries.scheduledSessionId, session),
        eq(scheduledSessionParticipantEntries.participantId, participant),
      ),
    )
    .get();
  const rows = await ctx.tdb.db.select().from(liveAnswers).where(eq(liveAnswers.entryId, entry!.id)).all();
  return rows.map((r) => ({
    evaluation: r.evaluationId,
    question: r.questionId,
    stepIndex: r.stepIndex,
    answer: r.answer,
    revision: r.revision,
    late: r.late,
  }));
}

/** Saves answers as the participant through the answer store (what their screen's queue posts). */
async function answer(
  ctx: Ctx,
  session: string,
  participant: string,
  list: Array<{ evaluation: string; question: string; stepIndex: number; answer: unknown }>,
) {
  const as = {
    ...ctx,
    actor: { type: "USER" as const, participantId: participant, email: "", name: "" },
    permissions: [],
  };
  const out = [];
  for (const item of list) out.push(await saveAnswer(as, { scheduledSession: session, ...item, revision: 1 }));
  return out;
}

/** Finishes the participant's current question (what their screen's "next" does): the next one opens. */
async function finish(ctx: Ctx, session: string, participant: string, at: { evaluation: string; question: string }) {
  const as = {
    ...ctx,
    actor: { type: "USER" as const, participantId: participant, email: "", name: "" },
    permissions: [],
  };
  await finishQuestion(as, session, at.evaluation, at.question);
  return true;
}

/** One root category per question (a radar chart needs three axes): "Category 1..n <tag>". */
async function categorise(ctx: Ctx, tag: string, questionIds: string[]) {
  const ids: string[] = [];
  for (const [i, questionId] of questionIds.entries()) {
    const category = await addCategory(ctx, { name: `Category ${i + 1} ${tag}` });
    // Not updateQuestion: it checks the whole question again, and the hotzone's image (see setup) fails.
    await ctx.tdb.write((tx) =>
      tx
        .update(questions)
        .set({ categoryIds: [category._id] })
        .where(eq(questions.id, questionId)),
    );
    ids.push(category._id);
  }
  return ids;
}

/**
 * The exam board's exam: a morning session of twelve candidates and an afternoon circuit of three
 * (the same session template), every step scored and both stations rated through the corrections
 * module. Candidate i's ability (grade) rises with i; the ratings follow it, so the score rises
 * with the rating (a regression line with a slope) and several candidates are borderline. One
 * morning candidate is double marked with an unresolved discrepancy.
 */
async function examBoard(ctx: Ctx, imageUrl: string, tag: string) {
  const data = await setup(ctx, imageUrl, tag);
  const people = [data.participant];
  for (let i = 1; i < 12; i++) people.push((await addCandidate(ctx, data.session, `${tag}-${i}`)).participant);
  await startScheduledSession(ctx, data.session);
  const [evalA, evalB] = data.evaluations as [string, string];
  const [q1, q2, q3] = data.questions as [string, string, string];
  const ratings = ["CLEAR_FAIL", "BORDERLINE", "CLEAR_PASS", "GOOD", "EXCELLENT"] as const;

  /** Candidate number i of the given grade, marked at both stations. */
  async function mark(scheduledSession: string, participant: string, i: number, grade: number) {
    // Station A: five steps of 2 points; Station B: one step of 1 point.
    const stepsA: Array<[string, number]> = [
      [q1, 0],
      [q1, 1],
      [q1, 2],
      [q2, 0],
      [q2, 1],
    ];
    for (const [j, [question, stepIndex]] of stepsA.entries()) {
      const score = Math.max(0, Math.min(2, (grade + ((i + j) % 3)) / 2.5));
      await submitCorrectionEntry(ctx, {
        scheduledSession,
        participant,
        evaluation: evalA,
        question,
        stepIndex,
        score: Math.round(score * 2) / 2,
      });
    }
    await submitCorrectionEntry(ctx, {
      scheduledSession,
      participant,
      evaluation: evalB,
      question: q3,
      stepIndex: 0,
      score: grade + (i % 2) >= 2 ? 1 : 0,
    });
    const gradeB = Math.max(0, Math.min(4, grade + ((i % 3) - 1)));
    await markStation(ctx, {
      scheduledSession,
      participant,
      evaluation: evalA,
      globalRating: ratings[grade],
      done: true,
    });
    await markStation(ctx, {
      scheduledSession,
      participant,
      evaluation: evalB,
      globalRating: ratings[gradeB],
      done: true,
    });
  }

  for (const [i, participant] of people.entries())
    await mark(data.session, participant, i, [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4][i]!);

  // Candidate 7 is double marked at Station A: the first examiner scored the harness step 2 of 2
  // (8 of 10 in all), the second unticks it (6 of 10). The session's own threshold is 10 %, so the
  // 2 points apart are a discrepancy, unresolved.
  const second = await staff("second-examiner@demo.test", "Sam Second", "ORGANIZATION_REALTIME_USER");
  const doubled = { scheduledSession: data.session, participant: people[7]!, evaluation: evalA };
  await submitCorrectionEntry(second, { ...doubled, question: q2, stepIndex: 1, ticks: [false], marker: 2 });
  await markStation(second, { ...doubled, globalRating: "CLEAR_PASS", done: true, marker: 2 });
  await setDiscrepancyThreshold(ctx, { scheduledSession: data.session, percent: 10 });

  // The afternoon circuit: three more candidates, the default threshold.
  const template = await ctx.tdb.db
    .select({ id: scheduledSessions.sessionTemplateId })
    .from(scheduledSessions)
    .where(eq(scheduledSessions.id, data.session))
    .get();
  const afternoonPeople: string[] = [];
  for (let i = 0; i < 3; i++)
    afternoonPeople.push(
      (await addParticipant(ctx, { name: `Pim Later ${tag}-${i}`, email: `later-${tag}-${i}@example.test` }))._id,
    );
  const afternoon = (
    await addScheduledSession(ctx, {
      session: template!.id,
      datetime: new Date(Date.now() + 5 * 3600_000).toISOString(),
      options: { allQuestionsInEvaluationShownByDefault: false, enableAutoPauseOnHelpRequest: true },
      participants: afternoonPeople,
    })
  )._id;
  await overrideScheduledSessionParticipantEntries(ctx, afternoon, { sessionOrder: [evalA, evalB] });
  await startScheduledSession(ctx, afternoon);
  for (const [i, participant] of afternoonPeople.entries()) await mark(afternoon, participant, 12 + i, i + 1);
  return { ...data, people, afternoon, afternoonPeople, doubleMarked: people[7]! };
}

const [command, a, b, c] = process.argv.slice(2);
const ctx = await staff();
let out: unknown;
switch (command) {
  case "setup":
    out = await setup(ctx, a!, b ?? String(Date.now()), c ? Number(c) : undefined);
    break;
  case "exam-board":
    out = await examBoard(ctx, a!, b!);
    break;
  case "add-candidate":
    out = await addCandidate(ctx, a!, b!);
    break;
  case "start":
    out = await startScheduledSession(ctx, a!);
    break;
  case "pause":
    out = await applyLiveOverride(ctx, a!, null, { overrideType: "SESSION_PAUSE" });
    break;
  case "resume":
    out = await applyLiveOverride(ctx, a!, null, { overrideType: "SESSION_RESUME" });
    break;
  case "resolve-help":
    out = await applyLiveOverride(ctx, a!, [b!], { overrideType: "HELP_REQUEST_RESOLVED" });
    break;
  case "unlock":
    out = await unlockWaitingParticipants(ctx, [b!], a!);
    break;
  case "answers":
    out = await answers(ctx, a!, b!);
    break;
  case "answer":
    out = await answer(ctx, a!, b!, JSON.parse(c!));
    break;
  case "finish":
    out = await finish(ctx, a!, b!, JSON.parse(c!));
    break;
  case "categorise":
    out = await categorise(ctx, a!, JSON.parse(b!));
    break;
  case "correction":
    out = await getParticipantCorrection(ctx, a!, b!);
    break;
  case "double-threshold":
    out = await setDiscrepancyThreshold(ctx, { scheduledSession: a!, percent: Number(b) });
    break;
  case "double-marks":
    out = await listDoubleMarks(ctx, a!);
    break;
  default:
    throw new Error(`unknown command ${command}`);
}
console.log(JSON.stringify(out ?? null));
process.exit(0);
