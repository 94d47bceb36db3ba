import type { ActionFunctionArgs } from "@remix-run/node";
import { queuedWriteAction } from "~/modules/auth/queued-write-action.server";
import { saveAnswer } from "~/modules/live/participant.server";

// POST one queued answer of the signed-in participant (the browser's answer queue sends these).
// 200 { ok, revision, late }; refusals and a lost login as queuedWriteAction says.
export const action = (args: ActionFunctionArgs) =>
  queuedWriteAction(args, "USER", async (ctx, input) => {
    const saved = await saveAnswer(ctx, input);
    return { revision: saved.revision, late: saved.late };
  });
