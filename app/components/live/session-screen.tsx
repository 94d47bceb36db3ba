import { Link, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RichContentView } from "~/components/assessments/rich-content-view";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Alert, Button } from "~/components/ui/form";
import { Section } from "~/components/ui/section";
import { useFormat } from "~/components/ui/use-format";
import type { IntentResult } from "~/lib/intent-action.server";
import {
  applyLivePatch,
  applyLoaderView,
  applyScreenView,
  countUnanswered,
  livePatchOfEvent,
  reloadDelayOfEvent,
  screenViewOfEvent,
  type LivePatch,
  type ScreenViewOfEvent,
} from "~/modules/live";
import type { MyLiveSession } from "~/modules/live/index.server";
import type { AnswerValue } from "./answer-queue";
import { ReadyToggle } from "./ready-toggle";
import { SaveIndicator } from "./save-indicator";
import { StepInput } from "./step-input";
import { useAnswerQueue } from "./use-answer-queue";
import { deviceHeaders, useDeviceReport } from "./use-device-report";
import { formatSeconds, useCountdown } from "./use-countdown";
import { useLiveRoom, type RealtimeConnection } from "./use-live-room";

/** What the loader sends (single fetch keeps the dates as Date). */
export type LiveView = MyLiveSession;

const RELOAD_DEBOUNCE_MS = 150;
/** Without the room (blocked, restarting) the screen still catches up by asking now and then. */
const POLL_WITHOUT_ROOM_MS = 10_000;
/**
 * A refresh that failed (the app still starting while its room is back already) is asked again
 * this much later, until one succeeds: the room only says "reload" once, and after an outage the
 * clock the screen shows is wrong until it has (the time was given back on the server).
 */
const REFRESH_RETRY_MS = 2_000;

/** The participant's live session: what to do now, the clock, their answers (kept in the browser first). */
/** The JSON of the state route: its dates arrive as strings. */
function revive(data: LiveView): LiveView {
  return { ...data, deadline: data.deadline ? new Date(data.deadline) : null, serverTime: new Date(data.serverTime) };
}

/**
 * The state, refreshed from /api/user/live-state/{id} (not the route's revalidation: a refresh that
 * fails while offline or during a server restart must not replace the screen with an error page),
 * or patched by a staff override's room event (live-patch.ts). All carry the entry's revision, the
 * loader's too; the newer wins, so a refresh or a revalidation read before a change cannot undo it.
 */
function useLiveState(fromLoader: LiveView) {
  const [live, setLive] = useState(fromLoader);
  const current = useRef(fromLoader);
  current.current = live;
  useEffect(() => setLive((before) => applyLoaderView(before, fromLoader)), [fromLoader]);
  const id = fromLoader.scheduledSession;
  const retry = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (retry.current) clearTimeout(retry.current);
    },
    [],
  );
  const refresh = useCallback(async (): Promise<void> => {
    if (retry.current) clearTimeout(retry.current);
    retry.current = null;
    const again = () => void (retry.current = setTimeout(() => void refresh(), REFRESH_RETRY_MS));
    // Offline: the browser's "online" event brings the room back, which asks again.
    if (typeof navigator !== "undefined" && !navigator.onLine) return;
    try {
      const response = await fetch(`/api/user/live-state/${encodeURIComponent(id)}`, {
        credentials: "same-origin",
        cache: "no-store",
        headers: deviceHeaders(),
      });
      // 5xx or no answer: the app is restarting; 4xx is an answer (signed out, not in the session).
      if (response.status >= 500) return again();
      if (!response.ok) return;
      const body = (await response.json()) as { ok: boolean; live?: LiveView };
      if (!body.ok || !body.live) return;
      // Read before a change the screen already shows (a patch overtook it): ask again.
      if (body.live.revision < current.current.revision)
        return void setTimeout(() => void refresh(), RELOAD_DEBOUNCE_MS);
      setLive(revive(body.live));
    } catch {
      again();
    }
  }, [id]);
  const patch = useCallback((change: LivePatch) => setLive((before) => applyLivePatch(before, change)), []);
  const adopt = useCallback(
    (view: ScreenViewOfEvent<LiveView>) => setLive((before) => applyScreenView(before, view)),
    [],
  );
  return { live, refresh, patch, adopt };
}

export function LiveSessionScreen({
  live: fromLoader,
  realtime,
  participantId,
}: {
  live: LiveView;
  realtime: RealtimeConnection | null;
  participantId: string;
}) {
  const { t } = useTranslation();
  const { live, refresh, patch, adopt } = useLiveState(fromLoader);
  const revalidator = useMemo(() => ({ revalidate: () => void refresh() }), [refresh]);
  const serverAnswers = useMemo(
    () => live.answers.map((a) => ({ ...a, scheduledSession: live.scheduledSession, answer: a.answer as AnswerValue })),
    [live.answers, live.scheduledSession],
  );
  const queue = useAnswerQueue(participantId, live.scheduledSession, serverAnswers);
  // While the session runs, the dashboard hears how many answers still wait on this device.
  useDeviceReport(
    live.sessionStatus === "ONGOING" ? `/api/user/live/${encodeURIComponent(live.scheduledSession)}/contact` : null,
    queue.status.waiting,
  );
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reload = useCallback(
    (delayMs = 0) => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(() => revalidator.revalidate(), Math.max(RELOAD_DEBOUNCE_MS, delayMs));
    },
    [revalidator],
  );
  const connected = useLiveRoom(realtime, (why, event) => {
    if (why === "reconnect") void queue.flush();
    // An unlock carries the whole new state, a pause, resume or extension the new clock: no reload for them.
    const view = why === "event" ? screenViewOfEvent<LiveView>(event, fromLoader.scheduledSession) : null;
    const change = why === "event" && !view ? livePatchOfEvent(event) : null;
    if (view) adopt(view);
    else if (change) patch(change);
    // Anything else reloads, at the moment the event names if it names one.
    else reload(why === "event" ? reloadDelayOfEvent(event) : 0);
  });

  useEffect(() => {
    if (connected || !realtime) return;
    const timer = setInterval(() => revalidator.revalidate(), POLL_WITHOUT_ROOM_MS);
    return () => clearInterval(timer);
  }, [connected, realtime, revalidator]);

  // At time-up the screen lists what the server acknowledged: once the last waiting answer got
  // through, read it again so the list shows it.
  const waitingNow = queue.status.waiting;
  const wasWaiting = useRef(0);
  useEffect(() => {
    if (wasWaiting.current > 0 && waitingNow === 0 && live.status === "time_up") revalidator.revalidate();
    wasWaiting.current = waitingNow;
  }, [waitingNow, live.status, revalidator]);

  const remaining = useCountdown({
    deadline: live.deadline,
    remainingSeconds: live.remainingSeconds,
    serverTime: live.serverTime,
    paused: live.paused,
  });
  const answering = live.sessionStatus === "ONGOING" && (live.status === "started" || live.status === "help_requested");

  // Time up on the browser's clock: send what is kept, then ask the server (it decides).
  const timeUpAsked = useRef(0);
  const { flush } = queue;
  useEffect(() => {
    if (!answering || remaining !== 0 || live.paused) return;
    if (Date.now() - timeUpAsked.current < 2_000) return;
    timeUpAsked.current = Date.now();
    void flush().finally(() => revalidator.revalidate());
  }, [answering, remaining, live.paused, flush, revalidator]);

  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-4"
      data-testid="live-session"
      data-status={live.status ?? "none"}
      data-session-status={live.sessionStatus}
      data-revision={live.revision}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">
            <Link to="/user">{t("live:user.screen.back")}</Link>
          </p>
          <h1 className="text-xl font-semibold text-primary">{live.sessionName}</h1>
          <p className="text-xs text-slate-500">{t("live:user.screen.reference", { reference: live.reference })}</p>
        </div>
        {live.sessionStatus === "ONGOING" ? <SaveIndicator status={queue.status} /> : null}
      </header>
      <Body live={live} answering={answering} remaining={remaining} queue={queue} />
      {live.paused && live.sessionStatus === "ONGOING" ? (
        <PauseOverlay remaining={remaining} helpRequested={live.helpRequested} />
      ) : null}
    </div>
  );
}

type Queue = ReturnType<typeof useAnswerQueue>;

function Body({
  live,
  answering,
  remaining,
  queue,
}: {
  live: LiveView;
  answering: boolean;
  remaining: number | null;
  queue: Queue;
}) {
  const { t } = useTranslation();
  if (live.sessionStatus === "SCHEDULED") return <BeforeStart live={live} />;
  if (live.sessionStatus === "CANCELED")
    return <Notice testId="live-canceled" title={t("live:user.screen.canceled")} />;
  // Staff ended the session before this participant was through: say so, not "you are done".
  if (live.sessionStatus === "COMPLETED" && live.endedByStaff) {
    return (
      <Notice testId="live-ended" title={t("live:user.screen.ended-title")} text={t("live:user.screen.ended-text")} />
    );
  }
  if (live.sessionStatus === "COMPLETED" || live.status === "finished" || live.status === "assessment_complete") {
    return (
      <Notice
        testId="live-finished"
        title={t("live:user.screen.finished-title")}
        text={t("live:user.screen.finished-text")}
      />
    );
  }
  if (live.status === "waiting")
    return (
      <Notice
        testId="live-waiting"
        title={t("live:user.screen.waiting-title")}
        text={t("live:user.screen.waiting-text")}
      />
    );
  if (live.status === "time_up") return <TimeUp live={live} queue={queue} />;
  if (!answering || !live.evaluation)
    return (
      <Notice
        testId="live-waiting"
        title={t("live:user.screen.waiting-title")}
        text={t("live:user.screen.waiting-text")}
      />
    );
  return <Answering live={live} remaining={remaining} queue={queue} />;
}

function Notice({
  title,
  text,
  testId,
  children,
}: {
  title: string;
  text?: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <section
      className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white px-6 py-10 text-center"
      data-testid={testId}
      aria-live="polite"
    >
      <h2 className="text-lg font-semibold text-primary">{title}</h2>
      {text ? <p className="max-w-prose text-slate-700">{text}</p> : null}
      {children}
    </section>
  );
}

function BeforeStart({ live }: { live: LiveView }) {
  const { t } = useTranslation();
  return (
    <Notice
      testId="live-before-start"
      title={t("live:user.screen.not-started-title")}
      text={t("live:user.screen.not-started-text")}
    >
      <ReadyToggle scheduledSession={live.scheduledSession} ready={live.ready} />
    </Notice>
  );
}

function TimeUp({ live, queue }: { live: LiveView; queue: Queue }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<IntentResult>();
  // Once, on arriving here: hand in what is kept (retries then follow the queue's backoff).
  const { flush } = queue;
  useEffect(() => {
    void flush();
  }, [flush]);
  return (
    <Notice testId="live-time-up" title={t("live:user.screen.time-up-title")} text={t("live:user.screen.time-up-text")}>
      {live.evaluation ? (
        <fetcher.Form method="post" action={`/user/session/${encodeURIComponent(live.scheduledSession)}`}>
          <input type="hidden" name="intent" value="finish" />
          <input type="hidden" name="evaluation" value={live.evaluation._id} />
          <input type="hidden" name="question" value={live.currentQuestion ?? ""} />
          <Button
            type="submit"
            disabled={fetcher.state !== "idle" || queue.status.waiting > 0}
            data-testid="time-up-continue"
          >
            {t("live:user.screen.continue")}
          </Button>
        </fetcher.Form>
      ) : null}
      {queue.status.waiting > 0 ? (
        <p className="text-sm text-amber-900">{t("live:user.finish.waiting", { count: queue.status.waiting })}</p>
      ) : null}
      <Acknowledged live={live} />
    </Notice>
  );
}

/**
 * What the server has acknowledged of this part, with the time it was saved: only what it answered
 * for, never what is still on the device, so nobody leaves believing an unsent answer was handed in.
 */
function Acknowledged({ live }: { live: LiveView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const evaluation = live.evaluation?._id;
  const names = new Map(live.questions.map((q) => [q._id, q.name]));
  const saved = live.answers
    .filter((a) => a.evaluation === evaluation)
    .sort((a, b) => new Date(a.savedAt).getTime() - new Date(b.savedAt).getTime());
  return (
    <Section
      heading={t("live:user.acknowledged.title")}
      headingLevel={3}
      headingClassName="text-sm font-semibold text-slate-800"
      className="w-full max-w-md text-left"
      testId="acknowledged"
    >
      {saved.length === 0 ? (
        <p className="text-sm text-slate-700" data-testid="acknowledged-none">
          {t("live:user.acknowledged.none")}
        </p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-800">
          {saved.map((a) => (
            <li
              key={`${a.question}-${a.stepIndex}`}
              className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 py-1"
              data-testid="acknowledged-answer"
            >
              <span className="min-w-0 break-words">
                {t("live:user.acknowledged.step", {
                  question: names.get(a.question) ?? t("live:user.acknowledged.question"),
                  step: a.stepIndex + 1,
                })}
              </span>
              <span className="tabular-nums text-slate-600">
                {t("live:user.acknowledged.at", { time: format.exactTime(a.savedAt) })}
                {a.late ? ` · ${t("live:user.acknowledged.late")}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Answering({ live, remaining, queue }: { live: LiveView; remaining: number | null; queue: Queue }) {
  const { t } = useTranslation();
  const evaluation = live.evaluation!;
  const finish = useFetcher<IntentResult>();
  const [blocked, setBlocked] = useState<number | null>(null);
  const [offline, setOffline] = useState(false);
  // The last (or only) section of the evaluation: finishing it ends the evaluation.
  const whole =
    live.currentQuestion === null ||
    (evaluation.questionPosition !== null && evaluation.questionPosition >= evaluation.questionCount);

  async function finishSection() {
    // Everything kept must reach the server first: a later save for a closed question is refused.
    const status = await queue.flush();
    if (!navigator.onLine) {
      setOffline(true);
      return;
    }
    setOffline(false);
    if (status.waiting > 0) {
      setBlocked(status.waiting);
      return;
    }
    setBlocked(null);
    finish.submit(
      { intent: "finish", evaluation: evaluation._id, question: live.currentQuestion ?? "" },
      { method: "post", action: `/user/session/${encodeURIComponent(live.scheduledSession)}` },
    );
  }

  return (
    <>
      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-y border-slate-200 bg-white/95 px-4 py-2 backdrop-blur md:mx-0 md:rounded-lg md:border">
        <div className="min-w-0">
          <p className="text-xs text-slate-500">
            {t("live:user.screen.evaluation-of", { position: evaluation.position, count: evaluation.count })}
            {evaluation.questionPosition !== null
              ? ` · ${t("live:user.screen.question-of", { position: evaluation.questionPosition, count: evaluation.questionCount })}`
              : ""}
          </p>
          <p className="truncate font-medium" data-testid="live-evaluation">
            {evaluation.name}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {evaluation.enableTimer && remaining !== null ? (
            <Countdown remaining={remaining} paused={live.paused} />
          ) : null}
          <HelpButton live={live} />
        </div>
      </div>
      {live.helpRequested ? (
        <Alert tone="info">
          <span data-testid="help-pending">{t("live:user.help.pending")}</span>
        </Alert>
      ) : null}
      {live.questions.map((question) => (
        <section
          key={question._id}
          className="flex flex-col gap-3"
          aria-labelledby={`q-${question._id}`}
          data-testid="live-question"
          data-question={question._id}
        >
          <h2 id={`q-${question._id}`} className="text-lg font-semibold">
            {question.name}
          </h2>
          {question.preparationInfo.length > 0 ? (
            <div className="rounded-lg border border-blue-100 bg-blue-50 p-3">
              <h3 className="mb-1 text-sm font-semibold text-blue-900">{t("live:user.screen.preparation")}</h3>
              <RichContentView blocks={question.preparationInfo} />
            </div>
          ) : null}
          {question.steps.map((step) => {
            const ref = {
              scheduledSession: live.scheduledSession,
              evaluation: evaluation._id,
              question: question._id,
              stepIndex: step.index,
            };
            return (
              <StepInput
                key={step.index}
                step={step}
                value={queue.answerOf(ref)}
                onChange={(answer) => queue.change(ref, answer)}
                disabled={!queue.loaded}
              />
            );
          })}
        </section>
      ))}
      <div className="flex flex-col items-end gap-2 border-t border-slate-200 pt-4">
        {blocked !== null ? (
          <Alert tone="error">
            <span data-testid="finish-blocked">{t("live:user.finish.waiting", { count: blocked })}</span>
          </Alert>
        ) : null}
        {offline ? (
          <Alert tone="error">
            <span data-testid="finish-offline">{t("live:user.offline")}</span>
          </Alert>
        ) : null}
        {finish.data && !finish.data.ok ? <Alert>{finish.data.message}</Alert> : null}
        {whole ? (
          // The evaluation's answers cannot be changed afterwards: ask first, and say what is unanswered.
          <FinishEvaluation
            disabled={finish.state !== "idle" || !queue.loaded}
            unanswered={countUnanswered(live.questions, (question, stepIndex) =>
              queue.answerOf({
                scheduledSession: live.scheduledSession,
                evaluation: evaluation._id,
                question,
                stepIndex,
              }),
            )}
            onConfirm={() => void finishSection()}
          />
        ) : (
          <Button
            onClick={() => void finishSection()}
            disabled={finish.state !== "idle" || !queue.loaded}
            data-testid="finish-section"
            className="min-h-11"
          >
            {t("live:user.finish.question")}
          </Button>
        )}
        <p className="text-xs text-slate-500">
          {whole ? t("live:user.finish.evaluation-hint") : t("live:user.finish.question-hint")}
        </p>
      </div>
    </>
  );
}

/** "Finish this evaluation", confirmed in a dialog that says it is final and how many steps have no answer. */
function FinishEvaluation({
  disabled,
  unanswered,
  onConfirm,
}: {
  disabled: boolean;
  unanswered: number;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      trigger={
        <Button disabled={disabled} data-testid="finish-section" className="min-h-11">
          {t("live:user.finish.evaluation")}
        </Button>
      }
      testId="finish-dialog"
      buttonsTestId="finish"
      title={t("live:user.finish.confirm-title")}
      description={
        <>
          <p>{t("live:user.finish.confirm-text")}</p>
          <p
            className={unanswered > 0 ? "font-medium text-amber-900" : undefined}
            data-testid="finish-unanswered"
            data-count={unanswered}
          >
            {unanswered > 0
              ? t("live:user.finish.unanswered", { count: unanswered })
              : t("live:user.finish.all-answered")}
          </p>
        </>
      }
      cancelLabel={t("live:user.finish.keep-answering")}
      confirmLabel={t("live:user.finish.confirm")}
      onConfirm={onConfirm}
      large
    />
  );
}

function Countdown({ remaining, paused }: { remaining: number; paused: boolean }) {
  const { t } = useTranslation();
  const low = remaining <= 60;
  return (
    <div
      className={`rounded-md px-3 py-1 font-mono text-lg font-semibold tabular-nums ${low ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-900"}`}
      data-testid="countdown"
      data-remaining={remaining}
      aria-label={
        paused
          ? t("live:user.clock.paused-label", { time: formatSeconds(remaining) })
          : t("live:user.clock.label", { time: formatSeconds(remaining) })
      }
      role="timer"
    >
      {formatSeconds(remaining)}
    </div>
  );
}

function HelpButton({ live }: { live: LiveView }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<IntentResult>();
  const asked = live.helpRequested || (fetcher.state !== "idle" && fetcher.formData?.get("intent") === "help");
  const [offline, setOffline] = useState(false);
  return (
    <fetcher.Form
      method="post"
      action={`/user/session/${encodeURIComponent(live.scheduledSession)}`}
      onSubmit={(e) => {
        // Offline the request cannot leave: say so instead of failing the page.
        setOffline(!navigator.onLine);
        if (!navigator.onLine) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="help" />
      <Button
        type="submit"
        variant={asked ? "secondary" : "primary"}
        disabled={asked}
        data-testid="help-button"
        className="min-h-11"
      >
        {asked ? t("live:user.help.asked") : t("live:user.help.ask")}
      </Button>
      {offline ? <p className="mt-1 max-w-48 text-xs text-red-700">{t("live:user.offline")}</p> : null}
      {fetcher.data && !fetcher.data.ok ? <Alert>{fetcher.data.message}</Alert> : null}
    </fetcher.Form>
  );
}

function PauseOverlay({ remaining, helpRequested }: { remaining: number | null; helpRequested: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/70 p-6"
      role="dialog"
      aria-modal="true"
      aria-labelledby="pause-title"
      data-testid="pause-overlay"
    >
      <div className="flex max-w-sm flex-col items-center gap-3 rounded-xl bg-white px-6 py-8 text-center shadow-xl">
        <h2 id="pause-title" className="text-xl font-semibold text-primary">
          {t("live:user.pause.title")}
        </h2>
        <p className="text-slate-700">{helpRequested ? t("live:user.pause.help") : t("live:user.pause.text")}</p>
        {remaining !== null ? (
          <p className="font-mono text-xl tabular-nums" data-testid="paused-remaining">
            {t("live:user.pause.remaining", { time: formatSeconds(remaining) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}
