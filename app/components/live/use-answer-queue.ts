import { useCallback, useEffect, useRef, useState } from "react";
import {
  AnswerQueue,
  type AnswerRef,
  type AnswerValue,
  type QueueStatus,
  type QueuedAnswer,
  type SendResult,
  type Sender,
} from "./answer-queue";
import { browserStore } from "./idb-store";
import { deviceHeaders } from "./use-device-report";

export type ServerAnswer = AnswerRef & { answer: AnswerValue; revision: number; late: boolean };

/** Posts one queued answer; anything but a clear refusal (network, 401, 5xx) is retried later. */
export async function postAnswer(record: QueuedAnswer): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(`/api/user/live/${encodeURIComponent(record.scheduledSession)}/answer`, {
      method: "POST",
      headers: { "content-type": "application/json", ...deviceHeaders() },
      credentials: "same-origin",
      body: JSON.stringify({
        evaluation: record.evaluation,
        question: record.question,
        stepIndex: record.stepIndex,
        answer: record.answer,
        revision: record.revision,
      }),
    });
  } catch {
    return { ok: false, retry: true };
  }
  const body = (await response.json().catch(() => ({}))) as {
    revision?: number;
    late?: boolean;
    message?: string;
    reason?: string;
    retryAfterMs?: number;
  };
  if (response.ok) return { ok: true, revision: Number(body.revision), late: !!body.late };
  // Sent too fast, or the database is restarting (503): kept, and sent again when the server says
  // (its exact wait, else Retry-After's seconds).
  if (response.status === 429 || response.status === 503)
    return { ok: false, retry: true, retryAfterMs: retryAfterOf(response, body.retryAfterMs) };
  if (response.status === 401 || response.status === 408 || response.status >= 500) return { ok: false, retry: true };
  return { ok: false, refused: body.message ?? body.reason ?? String(response.status) };
}

/** How long a 429 asks to wait (ms): the body's exact figure, else the Retry-After header's seconds. */
function retryAfterOf(response: Response, exactMs: unknown): number | undefined {
  if (typeof exactMs === "number" && Number.isFinite(exactMs) && exactMs >= 0) return exactMs;
  const header = response.headers.get("retry-after");
  const seconds = header === null || header.trim() === "" ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

const EMPTY: QueueStatus = { waiting: 0, sending: false, refused: 0, late: false, lastFailure: false };

/**
 * The participant's answer queue for one session: loads what the browser kept, merges the server's
 * saved answers (newer local ones win), re-sends on `online`, and re-renders on every change.
 */
export function useAnswerQueue(
  owner: string,
  scheduledSession: string,
  serverAnswers: ServerAnswer[],
  /** Staff's station ticks: their own sender and IndexedDB database (answers by default). */
  { send = postAnswer, database }: { send?: Sender; database?: string } = {},
) {
  const sendRef = useRef(send);
  sendRef.current = send;
  const queueRef = useRef<AnswerQueue | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [status, setStatus] = useState<QueueStatus>(EMPTY);
  const [, setVersion] = useState(0);
  const latestServer = useRef(serverAnswers);
  latestServer.current = serverAnswers;

  useEffect(() => {
    const queue = new AnswerQueue(browserStore(owner, scheduledSession, database), (record) => sendRef.current(record));
    queueRef.current = queue;
    let alive = true;
    const unsubscribe = queue.subscribe((s) => {
      setStatus(s);
      setVersion((v) => v + 1);
    });
    void (async () => {
      await queue.load();
      await queue.mergeServer(latestServer.current);
      if (!alive) return;
      setLoaded(true);
      void queue.flush();
    })();
    const onOnline = () => void queue.flush();
    window.addEventListener("online", onOnline);
    return () => {
      alive = false;
      window.removeEventListener("online", onOnline);
      unsubscribe();
      queue.dispose();
    };
  }, [owner, scheduledSession, database]);

  // Fresh server state (after an event or a reload): it may acknowledge or supersede local records.
  useEffect(() => {
    if (loaded) void queueRef.current?.mergeServer(serverAnswers);
  }, [loaded, serverAnswers]);

  const answerOf = useCallback((ref: AnswerRef): AnswerValue | undefined => {
    const local = queueRef.current?.answerOf(ref);
    if (local) return local.answer;
    return latestServer.current.find(
      (a) =>
        a.participant === ref.participant &&
        a.evaluation === ref.evaluation &&
        a.question === ref.question &&
        a.stepIndex === ref.stepIndex,
    )?.answer;
  }, []);

  const change = useCallback((ref: AnswerRef, answer: AnswerValue) => {
    const queue = queueRef.current;
    if (!queue) return;
    void queue.change(ref, answer);
    setVersion((v) => v + 1);
  }, []);

  const flush = useCallback(async () => {
    await queueRef.current?.flush();
    return queueRef.current?.status() ?? EMPTY;
  }, []);

  return { loaded, status, answerOf, change, flush };
}
