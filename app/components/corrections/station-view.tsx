import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Alert, fieldInputClass } from "~/components/ui/form";
import { IntentButton } from "./mark-controls";
import type { GlobalRating } from "~db/tenant/schema";
import { RATING_CHOICES, stationListState, type Marker } from "~/modules/corrections";
import type { IntentResult } from "~/lib/intent-action.server";
import type {
  CorrectionEvaluation,
  ParticipantCorrection,
  StationParticipant,
  StationProgress,
} from "~/modules/corrections/index.server";
import { TickChecklist } from "./tick-checklist";
import { TickStatus } from "./tick-status";
import { QuickIncident } from "~/components/incidents/quick-incident";
import { useDeviceReport } from "~/components/live/use-device-report";
import { useReloadWhenSaved } from "./use-reload-when-saved";
import { serverTicksOf, tickRef, useTickQueue } from "./use-tick-queue";

type TickQueue = ReturnType<typeof useTickQueue>;

const RATING_STYLE: Record<GlobalRating, string> = {
  CLEAR_PASS: "peer-checked:border-green-700 peer-checked:bg-green-100 peer-checked:text-green-900",
  BORDERLINE: "peer-checked:border-amber-600 peer-checked:bg-amber-100 peer-checked:text-amber-900",
  CLEAR_FAIL: "peer-checked:border-red-700 peer-checked:bg-red-100 peer-checked:text-red-900",
  GOOD: "peer-checked:border-green-700 peer-checked:bg-green-100 peer-checked:text-green-900",
  EXCELLENT: "peer-checked:border-green-800 peer-checked:bg-green-200 peer-checked:text-green-950",
};

/** The participants of a station in rotation order; marked ones greyed. */
function StationList({
  participants,
  selected,
  base,
}: {
  participants: StationParticipant[];
  selected: string | null;
  base: string;
}) {
  const { t } = useTranslation();
  const join = base.includes("?") ? "&" : "?";
  return (
    <nav aria-label={t("corrections:station.participants")} className="flex flex-col gap-1">
      <ol className="flex flex-col gap-1" data-testid="station-participants">
        {participants.map((p) => (
          <li key={p.participantId}>
            <Link
              to={`${base}${join}participant=${encodeURIComponent(p.participantId)}`}
              aria-current={p.participantId === selected ? "true" : undefined}
              className={`flex min-h-12 items-center justify-between gap-2 rounded-md border px-3 py-2 ${p.participantId === selected ? "border-primary bg-selected" : p.markedAt ? "border-slate-200 bg-slate-50" : "border-slate-200 bg-white"}`}
              data-testid="station-participant"
              data-marked={!!p.markedAt}
            >
              <span className="min-w-0 break-words">
                <span className="mr-2 text-sm text-slate-700">{p.rotation}.</span>
                {p.name}
              </span>
              <StationState participant={p} />
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Marked, here now, to come, or not marked yet: never "passed", which read like a result. */
function StationState({ participant }: { participant: StationParticipant }) {
  const { t } = useTranslation();
  const state = stationListState(participant);
  return (
    <span
      className={`shrink-0 text-xs ${state === "unmarked" ? "font-medium text-amber-900" : "text-slate-600"}`}
      data-testid="station-state"
      data-state={state}
    >
      {state === "marked" ? `✓ ${t("corrections:station.marked")}` : t(`corrections:station.live.${state}`)}
    </span>
  );
}

/** One participant at the station: the checklists, a global rating, a comment, and "done, next". */
function MarkPanel({
  correction,
  evaluation,
  queue,
  next,
  canCorrect,
  participantUrl,
  marker,
  canRecordIncident,
}: {
  canRecordIncident: boolean;
  correction: ParticipantCorrection;
  evaluation: CorrectionEvaluation;
  queue: TickQueue;
  next: string | null;
  canCorrect: boolean;
  participantUrl: string;
  marker: Marker;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigation = useNavigation();
  const steps = useMemo(() => evaluation.questions.flatMap((q) => q.steps), [evaluation]);
  const practical = steps.filter((s) => s.type === "PRACTICAL");
  const others = steps.length - practical.length;
  return (
    <section
      className="flex flex-col gap-4 rounded-md border border-slate-200 bg-white p-3 sm:p-4"
      aria-labelledby={`${id}-name`}
      data-testid="mark-panel"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-name`} className="break-words text-xl font-semibold text-primary">
          {correction.participantName}
        </h2>
        <TickStatus status={queue.status} />
      </header>
      {canRecordIncident ? (
        <QuickIncident participant={correction.participantId} participantName={correction.participantName} />
      ) : null}
      {evaluation.questions.map((q) =>
        q.steps
          .filter((s) => s.type === "PRACTICAL")
          .map((s) => (
            <div key={`${q.id}-${s.stepIndex}`} className="flex flex-col gap-1">
              <h3 className="font-medium text-slate-800">{q.name}</h3>
              <TickChecklist
                criteria={s.criteria}
                ticks={queue.ticksOf(tickRef(correction.participantId, s), s.criteria.length)}
                maxScore={s.maxScore}
                disabled={!canCorrect}
                onChange={(ticks) => queue.setTicks(tickRef(correction.participantId, s), ticks)}
                testId="station-checklist"
              />
            </div>
          )),
      )}
      {practical.length === 0 ? (
        <p className="text-sm text-slate-600">{t("corrections:station.no-checklist")}</p>
      ) : null}
      {others > 0 && marker === 1 ? (
        <p className="text-sm text-slate-600">
          {t("corrections:station.other-steps", { count: others })}{" "}
          <Link to={participantUrl} className="text-primary underline">
            {t("corrections:station.open-participant")}
          </Link>
        </p>
      ) : null}
      <Form
        method="post"
        className="flex flex-col gap-3"
        key={`${correction.participantId}-${evaluation.markedAt ?? ""}`}
      >
        <input type="hidden" name="participant" value={correction.participantId} />
        {marker === 2 ? <input type="hidden" name="marker" value="2" /> : null}
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("corrections:station.rating")}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {RATING_CHOICES.map((r) => (
              <label key={r} className="cursor-pointer">
                <input
                  type="radio"
                  name="globalRating"
                  value={r}
                  defaultChecked={evaluation.globalRating === r}
                  disabled={!canCorrect}
                  className="peer sr-only"
                  data-testid={`rating-${r}`}
                />
                <span
                  className={`flex min-h-12 items-center justify-center rounded-md border-2 border-slate-300 px-3 py-2 text-center font-medium peer-focus-visible:ring-2 peer-focus-visible:ring-primary ${RATING_STYLE[r]}`}
                >
                  {t(`corrections:rating.${r}`)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-comment`} className="text-sm font-medium text-slate-700">
            {t("corrections:station.comment")}
          </label>
          <textarea
            id={`${id}-comment`}
            name="comment"
            rows={3}
            defaultValue={evaluation.markComment ?? ""}
            disabled={!canCorrect}
            className={fieldInputClass(false)}
            data-testid="station-comment"
          />
        </div>
        {canCorrect ? (
          <div className="flex flex-wrap gap-2">
            <IntentButton intent="done" disabled={navigation.state !== "idle"} data-testid="mark-done">
              {next ? t("corrections:station.done-next") : t("corrections:station.done")}
            </IntentButton>
            {evaluation.markedAt ? (
              <IntentButton intent="reopen" variant="secondary" data-testid="mark-reopen">
                {t("corrections:station.reopen")}
              </IntentButton>
            ) : (
              <IntentButton intent="save" variant="secondary" data-testid="mark-save">
                {t("corrections:station.save")}
              </IntentButton>
            )}
          </div>
        ) : null}
      </Form>
    </section>
  );
}

/**
 * First or second examiner (double marking, ADR 0036): the tablet of a second examiner is switched
 * to "second" once and stays so; it shows only that examiner's own ticks, rating and comment.
 */
function MarkerChoice({ marker, base }: { marker: Marker; base: string }) {
  const { t } = useTranslation();
  const id = useId();
  const choice = (m: Marker) => (
    <Link
      to={m === 2 ? `${base}?marker=2` : base}
      aria-current={marker === m ? "true" : undefined}
      className={`flex min-h-12 items-center rounded-md border-2 px-4 py-2 font-medium ${marker === m ? "border-primary bg-selected text-primary" : "border-slate-300 bg-white text-slate-800"}`}
      data-testid={`marker-${m}`}
    >
      {t(m === 2 ? "corrections:double.second-examiner" : "corrections:double.first-examiner")}
    </Link>
  );
  return (
    <div className="flex flex-col gap-2" data-testid="marker-choice">
      <nav aria-labelledby={`${id}-marking-as`} className="flex flex-wrap items-center gap-2">
        <span id={`${id}-marking-as`} className="text-sm font-medium text-slate-700">
          {t("corrections:double.marking-as")}
        </span>
        {choice(1)}
        {choice(2)}
      </nav>
      {marker === 2 ? (
        <p
          className="rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950"
          data-testid="second-examiner-note"
        >
          {t("corrections:double.second-note")}
        </p>
      ) : null}
    </div>
  );
}

export function StationView({
  scheduledSession,
  station,
  participants,
  selected,
  owner,
  canCorrect,
  base,
  result,
  marker = 1,
  canRecordIncident = false,
  emptyText,
}: {
  scheduledSession: string;
  marker?: Marker;
  /** Staff who run or mark sessions record incidents (app/modules/incidents). */
  canRecordIncident?: boolean;
  /** What shows when no mark sheet is open (a circuit says why: absent, closed, rest). */
  emptyText?: string;
  station: StationProgress;
  participants: StationParticipant[];
  selected: { correction: ParticipantCorrection; evaluation: CorrectionEvaluation } | null;
  owner: string;
  canCorrect: boolean;
  base: { session: string; station: string };
  result?: IntentResult;
}) {
  const { t } = useTranslation();
  const current = selected?.correction.participantId ?? null;
  // The tablet's ticks wait here, not in the open mark sheet: they keep being sent, and the
  // dashboard keeps hearing how many wait, while no sheet is open (a circuit round with nobody at
  // the station) or another participant's is.
  const server = useMemo(
    () =>
      selected
        ? serverTicksOf(
            selected.correction.participantId,
            selected.evaluation.questions.flatMap((q) => q.steps),
          )
        : [],
    [selected],
  );
  const queue = useTickQueue(owner, scheduledSession, server, marker);
  useReloadWhenSaved(queue.status.waiting);
  useDeviceReport(
    `/api/admin/live/${encodeURIComponent(scheduledSession)}/contact`,
    queue.status.waiting,
    station.evaluationId,
  );
  const index = participants.findIndex((p) => p.participantId === current);
  const next =
    [...participants.slice(index + 1), ...participants.slice(0, Math.max(0, index))].find(
      (p) => !p.markedAt && p.participantId !== current,
    )?.participantId ?? null;
  return (
    <div className="flex flex-col gap-4" data-testid="station-view">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-primary">{station.name}</h1>
          <p className="text-sm text-slate-600" data-testid="station-progress">
            {t("corrections:station.progress", { marked: station.marked, total: station.total })}
          </p>
        </div>
        <nav className="flex flex-wrap gap-3 text-sm">
          <Link to={`${base.session}/stations`} className="text-primary underline">
            {t("corrections:links.stations")}
          </Link>
          <Link to={base.session} className="text-primary underline">
            {t("corrections:links.dashboard")}
          </Link>
        </nav>
      </header>
      {canCorrect ? <MarkerChoice marker={marker} base={base.station} /> : null}
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
      <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <StationList
          participants={participants}
          selected={current}
          base={marker === 2 ? `${base.station}?marker=2` : base.station}
        />
        {selected ? (
          <MarkPanel
            key={current}
            correction={selected.correction}
            evaluation={selected.evaluation}
            queue={queue}
            next={next}
            canCorrect={canCorrect}
            participantUrl={`${base.session}/participant/${encodeURIComponent(current!)}`}
            marker={marker}
            canRecordIncident={canRecordIncident}
          />
        ) : (
          <div className="flex flex-col items-start gap-2">
            <p className="text-slate-600">{emptyText ?? t("corrections:station.empty")}</p>
            {queue.status.waiting > 0 || queue.status.refused > 0 ? <TickStatus status={queue.status} /> : null}
          </div>
        )}
      </div>
    </div>
  );
}
