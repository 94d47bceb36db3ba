import type { ActionFunctionArgs } from "@remix-run/node";
import { queuedWriteAction } from "~/modules/auth/queued-write-action.server";
import { submitCorrectionEntry } from "~/modules/corrections/submit.server";

// POST one queued checklist tick of a station tablet (the browser's queue sends these, like the
// participants' answers). 200 { ok, revision, score }; refusals and a lost login as queuedWriteAction says.
export const action = (args: ActionFunctionArgs) =>
  queuedWriteAction(args, "ADMIN", async (ctx, input) => {
    const saved = await submitCorrectionEntry(ctx, input);
    const step = saved.evaluations
      .flatMap((e) => e.questions.flatMap((q) => q.steps))
      .find((s) => s.evaluationId === input.evaluation && s.questionId === input.question && s.stepIndex === input.stepIndex);
    return { revision: step?.revision ?? 0, score: step?.score ?? null };
  });
