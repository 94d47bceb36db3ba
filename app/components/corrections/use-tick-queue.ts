import { useCallback, useMemo } from "react";
import type { QueuedAnswer, SendResult } from "~/components/live/answer-queue";
import { useAnswerQueue, type ServerAnswer } from "~/components/live/use-answer-queue";
import { deviceHeaders } from "~/components/live/use-device-report";

// A practical checklist's ticks, kept in the browser first and re-sent until the server confirms
// them: the participants' answer queue (live/answer-queue.ts) with the participant in each record's
// key and its own IndexedDB database, so a station tablet that loses its network loses no tick.

export type ServerTicks = {
  participant: string;
  evaluation: string;
  question: string;
  stepIndex: number;
  ticks: boolean[];
  revision: number;
};
export type TickRef = { participant: string; evaluation: string; question: string; stepIndex: number };

/** Where a participant's ticks of a correction step are kept. */
export const tickRef = (
  participant: string,
  step: { evaluationId: string; questionId: string; stepIndex: number },
): TickRef => ({ participant, evaluation: step.evaluationId, question: step.questionId, stepIndex: step.stepIndex });

/** Posts one queued tick; anything but a clear refusal (network, 401, 5xx) is retried later. */
export function postTick(record: QueuedAnswer): Promise<SendResult> {
  return postTickAs(1, record);
}

/** A tick of the first or the second examiner (double marking, ADR 0036): the endpoint takes the slot. */
export async function postTickAs(marker: 1 | 2, record: QueuedAnswer): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/corrections/${encodeURIComponent(record.scheduledSession)}/tick`, {
      method: "POST",
      headers: { "content-type": "application/json", ...deviceHeaders() },
      credentials: "same-origin",
      body: JSON.stringify({
        participant: record.participant,
        evaluation: record.evaluation,
        question: record.question,
        stepIndex: record.stepIndex,
        ticks: (record.answer as { ticks?: boolean[] }).ticks ?? [],
        revision: record.revision,
        ...(marker === 2 ? { marker } : {}),
      }),
    });
  } catch {
    return { ok: false, retry: true };
  }
  const body = (await response.json().catch(() => ({}))) as { revision?: number; message?: string; reason?: string };
  if (response.ok) return { ok: true, revision: Number(body.revision), late: false };
  if (response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500)
    return { ok: false, retry: true };
  return { ok: false, refused: body.message ?? body.reason ?? String(response.status) };
}

export function useTickQueue(owner: string, scheduledSession: string, server: ServerTicks[], marker: 1 | 2 = 1) {
  const answers = useMemo<ServerAnswer[]>(
    () =>
      server.map((t) => ({
        scheduledSession,
        participant: t.participant,
        evaluation: t.evaluation,
        question: t.question,
        stepIndex: t.stepIndex,
        answer: { ticks: t.ticks },
        revision: t.revision,
        late: false,
      })),
    [server, scheduledSession],
  );
  const send = useCallback((record: QueuedAnswer) => postTickAs(marker, record), [marker]);
  // The second examiner's ticks wait in their own database: never mixed with the first's.
  const database = marker === 2 ? "station-ticks-second" : "station-ticks";
  const queue = useAnswerQueue(owner, scheduledSession, answers, { send, database });
  const { answerOf, change } = queue;
  const ticksOf = useCallback(
    (ref: TickRef, count: number): boolean[] => {
      const ticks = (answerOf({ scheduledSession, ...ref }) as { ticks?: boolean[] } | undefined)?.ticks ?? [];
      return Array.from({ length: count }, (_, i) => ticks[i] === true);
    },
    [answerOf, scheduledSession],
  );
  const setTicks = useCallback(
    (ref: TickRef, ticks: boolean[]) => change({ scheduledSession, ...ref }, { ticks }),
    [change, scheduledSession],
  );
  return { ...queue, ticksOf, setTicks };
}

/** The server's ticks of a correction's practical steps, for the queue to start from. */
export function serverTicksOf(
  participant: string,
  steps: Array<{
    type: string;
    evaluationId: string;
    questionId: string;
    stepIndex: number;
    ticks: boolean[] | null;
    revision: number;
  }>,
): ServerTicks[] {
  return steps
    .filter((s) => s.type === "PRACTICAL" && s.ticks !== null && s.revision > 0)
    .map((s) => ({
      participant,
      evaluation: s.evaluationId,
      question: s.questionId,
      stepIndex: s.stepIndex,
      ticks: s.ticks!,
      revision: s.revision,
    }));
}
