import { and, eq } from "drizzle-orm";
import { liveProgress, scheduledSessionParticipantEntries } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { addQuestion } from "~/modules/assessments/questions.server";
import { addSession } from "~/modules/assessments/sessions.server";
import { updateParticipant } from "~/modules/databases/participants.server";
import { overrideScheduledSessionParticipantEntries } from "~/modules/scheduling/entries.server";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { makeParticipants } from "../scheduling/fixtures";

// A live session with every step type. The correct answers carry recognisable secrets so a test
// can serialise what a participant receives and search it for them.

export const SECRETS = [
  "SECRET-MC-VALIDITY",
  "424242",
  "0.4343",
  "SECRET-TEXT-MODEL",
  "0.123456",
  "SECRET-CRITERION",
  "blocklistValue",
  "optionlistValue",
  '"valid"',
];

export const STEPS = [
  {
    key: "mc",
    type: "MULTIPLE_CHOICE",
    question: [{ type: "text", html: "<p>Pick the colour</p>" }],
    answer: {
      optionlistValue: [
        { value: "Red", valid: false },
        { value: "Green", valid: true },
      ],
    },
    score: 1,
  },
  {
    key: "num",
    type: "NUMERIC",
    question: [{ type: "text", html: "<p>How many?</p>" }],
    answer: { numericValue: 424242, numericlistValue: [0.4343] },
    score: 1,
  },
  {
    key: "txt",
    type: "TEXT",
    question: [{ type: "text", html: "<p>Explain</p>" }],
    answer: { textValue: "SECRET-TEXT-MODEL" },
    score: 1,
  },
  {
    key: "hz",
    type: "HOTZONE",
    question: [{ type: "text", html: "<p>Point at the valve</p>" }],
    answer: { textValue: "/api/assets/valve.png", blocklistValue: [{ shape: "circle", x: 0.123456, y: 0.5, r: 0.1 }] },
    score: 1,
  },
  {
    key: "pr",
    type: "PRACTICAL",
    question: [{ type: "text", html: "<p>Tie the knot</p>" }],
    answer: { textlistValue: ["SECRET-CRITERION"], numericlistValue: [100] },
    score: 1,
  },
];

export type LiveFixture = {
  sessionId: string;
  evaluations: string[];
  /** Question ids per evaluation. */
  questions: string[][];
  people: string[];
};

/**
 * Two evaluations: the first holds one question with all five step types (600 s) and a second
 * question (300 s); the second evaluation one question (120 s). Timers on.
 */
export async function makeLiveSession(
  ctx: Ctx,
  opts: {
    participants?: number;
    allQuestionsInEvaluationShownByDefault?: boolean;
    enableAutoPauseOnHelpRequest?: boolean;
  } = {},
): Promise<LiveFixture> {
  const question = async (name: string, maxTime: number, steps: unknown[]) =>
    (
      await addQuestion(ctx, {
        name,
        maxTime,
        preparationInfo: [{ type: "text", html: `<p>Prepare ${name}</p>` }],
        steps,
      })
    )._id;
  const q = [
    await question("All types", 600, STEPS),
    await question("Second", 300, [STEPS[1]]),
    await question("Station two", 120, [STEPS[2]]),
  ];
  const e = [
    (await addEvaluation(ctx, { name: "Station one", questions: [q[0]!, q[1]!] }))._id,
    (await addEvaluation(ctx, { name: "Station two", questions: [q[2]!] }))._id,
  ];
  const templateId = (
    await addSession(ctx, { name: "Live run", evaluations: e, passPercentage: 60, referenceFormat: "LIV" })
  )._id;
  const people = await makeParticipants(ctx, opts.participants ?? 2, "live");
  const session = await addScheduledSession(ctx, {
    session: templateId,
    datetime: new Date(Date.now() + 3600_000),
    participants: people,
    options: {
      allQuestionsInEvaluationShownByDefault: !!opts.allQuestionsInEvaluationShownByDefault,
      enableAutoPauseOnHelpRequest: !!opts.enableAutoPauseOnHelpRequest,
    },
  });
  // Everyone takes the evaluations in the template's order (the rotation would vary it).
  await overrideScheduledSessionParticipantEntries(ctx, session._id, { sessionOrder: e });
  return { sessionId: session._id, evaluations: e, questions: [[q[0]!, q[1]!], [q[2]!]], people };
}

export function participantCtx(base: Ctx, participantId: string): Ctx {
  return {
    ...base,
    actor: { type: "USER", participantId, email: `${participantId}@example.test`, name: "P" },
    permissions: [],
  };
}

/** Moves the participant's open section's start into the past: the clock has run `seconds` (a test seam on the real row). */
export async function rewindOpenSection(
  ctx: Ctx,
  sessionId: string,
  participantId: string,
  seconds: number,
): Promise<void> {
  const entry = await ctx.tdb.db
    .select()
    .from(scheduledSessionParticipantEntries)
    .where(
      and(
        eq(scheduledSessionParticipantEntries.scheduledSessionId, sessionId),
        eq(scheduledSessionParticipantEntries.participantId, participantId),
      ),
    )
    .get();
  const rows = await ctx.tdb.db.select().from(liveProgress).where(eq(liveProgress.entryId, entry!.id)).all();
  const open = rows.find((r) => r.sectionEnd === null)!;
  await ctx.tdb.write((tx) =>
    tx
      .update(liveProgress)
      .set({ sectionStart: new Date(open.sectionStart.getTime() - seconds * 1000) })
      .where(
        and(
          eq(liveProgress.entryId, entry!.id),
          eq(liveProgress.evaluationId, open.evaluationId),
          eq(liveProgress.questionId, open.questionId),
        ),
      ),
  );
}

/** A participant's standing extra time, set as the participant dialog sets it. */
export async function setExtraTime(ctx: Ctx, participantId: string, percent: number): Promise<void> {
  await updateParticipant(ctx, participantId, { extraTimePercent: percent });
}
