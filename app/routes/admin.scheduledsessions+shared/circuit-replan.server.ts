import { isAppError } from "~/lib/app-error";
import type { Ctx } from "~/lib/context.server";
import { readActionForm } from "~/lib/form-data.server";
import {
  addCarryOverRound,
  admitLateParticipant,
  closeStation,
  setParticipantAbsent,
  swapParticipants,
} from "~/modules/circuit/index.server";
import type { CircuitIntentResult } from "~/components/circuit/circuit-plan";

/**
 * The order grid's re-planning intents (`circuit-…`), answered with the translated message and,
 * for a refusal, its code; null for any other intent (the page's own action handles it).
 */
export async function circuitReplanAction(
  ctx: Ctx,
  request: Request,
  sessionId: string,
): Promise<CircuitIntentResult | null> {
  const form = await readActionForm(ctx, request.clone());
  const intent = String(form.get("intent") ?? "");
  const participant = String(form.get("participant") ?? "");
  const evaluation = String(form.get("evaluation") ?? "");
  const actions: Record<string, () => Promise<unknown>> = {
    "circuit-absent": () => setParticipantAbsent(ctx, sessionId, participant, true),
    "circuit-present": () => setParticipantAbsent(ctx, sessionId, participant, false),
    "circuit-late": () => admitLateParticipant(ctx, sessionId, participant),
    "circuit-close": () => closeStation(ctx, sessionId, evaluation, true),
    "circuit-reopen": () => closeStation(ctx, sessionId, evaluation, false),
    "circuit-swap": () =>
      swapParticipants(
        ctx,
        sessionId,
        form
          .getAll("participants")
          .map(String)
          .filter((p) => p !== ""),
      ),
    "circuit-carry": () => addCarryOverRound(ctx, sessionId),
  };
  if (!Object.hasOwn(actions, intent)) return null;
  try {
    await actions[intent]!();
    return { ok: true, intent, message: ctx.t("circuit:grid.done") };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { ok: false, intent, message: ctx.t(e.messageKey, e.values ?? {}), code: e.reason };
  }
}
