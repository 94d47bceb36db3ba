import { Link, useFetcher, type SubmitFunction } from "@remix-run/react";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { IntentResult } from "~/lib/intent-action.server";
import type { DashboardRow } from "~/modules/live/index.server";
import { EXTEND_MINUTES, extendMinutesProblem } from "~/modules/live";
import { Button } from "../ui/form";
import { formatSeconds, useCountdown } from "./use-countdown";
import { DeviceContact } from "./device-contact";

// One participant's row of the live grid: what they do now, their clock, and staff's actions.

/** A dashboard row as the loader sends it (the module's read model; dates may arrive as strings). */
export type GridRow = Omit<DashboardRow, "deadline" | "revision" | "ready" | "status" | "lastContactAt"> & {
  deadline: Date | string | null;
  lastContactAt: Date | string | null;
  status: string | null;
  /**
   * In a circuit (issue 32): where they are this round, in words. The circuit's clock is their time
   * limit, so the row shows this instead of a time left, and no extra time or out-of-order station
   * (re-planning is on the order grid).
   */
  circuitPlace?: string;
};

const STATUS_STYLE: Record<string, string> = {
  ready: "bg-slate-100 text-slate-800",
  started: "bg-blue-100 text-blue-900",
  help_requested: "bg-red-700 text-white ring-2 ring-red-300",
  waiting: "bg-amber-100 text-amber-900",
  time_up: "bg-orange-200 text-orange-900",
  finished: "bg-green-100 text-green-900",
  assessment_complete: "bg-emerald-200 text-emerald-900",
};

/** Cells: stacked with a small padding on phones, table cells from md on. */
const CELL = "block px-3 py-1 md:table-cell md:px-2 md:py-2";

/** The column's name, shown only where there is no header row (phones). */
function Label({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <span className="mr-2 text-xs text-slate-600 md:hidden">
      {text}
      {t("common:colon").trimEnd()}
    </span>
  );
}

type RowProps = Parameters<typeof Row>[0];
const timeOf = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());
/** A ticking clock counts from its deadline: its remainingSeconds moves with every reload's serverTime. */
const ticking = (row: GridRow) => row.deadline !== null && !row.paused;

/** Whether two reloads gave a row the same data (its clock's deadline, not the seconds left at each reload). */
function sameRow(a: GridRow, b: GridRow): boolean {
  const keys = Object.keys(a) as Array<keyof GridRow>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    if (key === "remainingSeconds" && ticking(a) && ticking(b)) return true;
    if (key === "deadline") return timeOf(a.deadline) === timeOf(b.deadline);
    const [x, y] = [a[key], b[key]];
    return x === y || (typeof x === "object" && typeof y === "object" && JSON.stringify(x) === JSON.stringify(y));
  });
}

/**
 * A row that renders again only when its data changed. The dashboard reloads every row about once
 * a second in a busy room, and few of them change: re-rendering all 1,000 took most of a reload's
 * time in the browser (bench:dashboard). `serverTime` is left out on purpose: a kept clock keeps
 * the offset it computed when its deadline arrived. `correctionUrl` must depend on the participant
 * only, as the dashboard's does.
 */
export const KeptRow = memo(
  Row,
  (before: RowProps, after: RowProps) =>
    before.canRun === after.canRun &&
    before.action === after.action &&
    before.submit === after.submit &&
    !before.correctionUrl === !after.correctionUrl &&
    before.evaluations.length === after.evaluations.length &&
    before.evaluations.every((e, i) => e.id === after.evaluations[i]!.id && e.name === after.evaluations[i]!.name) &&
    sameRow(before.row, after.row),
);

/** Why the server refused a row's action (a small component of its own: see Row's submit). */
function RowRefusal({ fetcherKey }: { fetcherKey: string }) {
  const fetcher = useFetcher<IntentResult>({ key: fetcherKey });
  // A refused number of minutes is said next to its field (MinutesField), not here.
  return fetcher.data && !fetcher.data.ok && !fetcher.data.fieldErrors.minutes ? (
    <p className="text-xs text-red-700" role="alert">
      {fetcher.data.message}
    </p>
  ) : null;
}

/** The minutes to add, with their range and, next to them, why they were refused (here or by the server). */
function MinutesField({
  row,
  fetcherKey,
  onExtend,
}: {
  row: GridRow;
  fetcherKey: string;
  onExtend: (minutes: string) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<IntentResult>({ key: fetcherKey });
  const [minutes, setMinutes] = useState("5");
  const [problem, setProblem] = useState<string | null>(null);
  const [edited, setEdited] = useState(false);
  const refused = fetcher.data && !fetcher.data.ok && !edited ? fetcher.data.fieldErrors.minutes : undefined;
  const message = problem ? t(problem, EXTEND_MINUTES) : refused;
  const id = `minutes-${row.participantId}`;
  const add = () => {
    const why = extendMinutesProblem(minutes);
    setProblem(why);
    setEdited(false);
    if (!why) onExtend(minutes.trim());
  };
  return (
    <span className="inline-flex max-w-full flex-col gap-0.5">
      <span className="inline-flex items-center gap-1 whitespace-nowrap">
        <input
          aria-label={t("live:grid.minutes")}
          aria-describedby={message ? `${id}-range ${id}-error` : `${id}-range`}
          aria-invalid={message ? true : undefined}
          className={`w-20 rounded-md border px-2 py-1 text-base sm:w-16 sm:text-sm ${message ? "border-red-700" : "border-slate-300"}`}
          type="text"
          inputMode="numeric"
          value={minutes}
          onChange={(e) => {
            setMinutes(e.target.value);
            setProblem(null);
            setEdited(true);
          }}
          onKeyDown={(e) => e.key === "Enter" && add()}
          data-testid="extend-minutes"
        />
        <Button
          variant="secondary"
          className="px-2 py-1"
          data-testid="extend"
          aria-label={t("live:grid.extend-label", { minutes })}
          onClick={add}
        >
          {t("live:grid.extend")}
        </Button>
      </span>
      <span id={`${id}-range`} className="text-xs text-slate-600" data-testid="extend-range">
        {t("live:grid.minutes-range", EXTEND_MINUTES)}
      </span>
      {message ? (
        <span id={`${id}-error`} className="max-w-56 text-xs text-red-700" role="alert" data-testid="extend-error">
          {message}
        </span>
      ) : null}
    </span>
  );
}

/** Extra time for someone without a deadline would change nothing: the button stays, disabled, and says why. */
function NothingToExtend({ row }: { row: GridRow }) {
  const { t } = useTranslation();
  const id = `no-deadline-${row.participantId}`;
  return (
    <span className="inline-flex max-w-56 flex-col gap-0.5">
      <Button variant="secondary" className="self-start px-2 py-1" disabled aria-describedby={id} data-testid="extend">
        {t("live:grid.extend")}
      </Button>
      <span id={id} className="text-xs text-slate-600" data-testid="extend-untimed">
        {t("live:grid.extend-untimed")}
      </span>
    </span>
  );
}

/** A row's clock: its own component, so that a tick re-renders the time and not the row. */
function TimeLeft({ row, serverTime }: { row: GridRow; serverTime: Date | string }) {
  const { t } = useTranslation();
  const left = useCountdown({
    deadline: row.deadline,
    remainingSeconds: row.remainingSeconds,
    serverTime,
    paused: row.paused,
  });
  // Said in words, not "–": this participant's evaluation has no time limit (ADR 0031).
  if (row.untimed) {
    return (
      <span className="text-xs font-medium text-amber-900" data-testid="time-left" data-untimed="true">
        {t("live:grid.no-time-limit")}
      </span>
    );
  }
  return (
    <span className="font-mono" data-testid="time-left">
      {formatSeconds(left)}
    </span>
  );
}

/** An evaluation (station) of the session, for opening it out of order. */
export type EvaluationChoice = { id: string; name: string };

function Row({
  row,
  serverTime,
  canRun,
  evaluations,
  correctionUrl,
  action,
  submit,
}: {
  row: GridRow;
  /** Where the row's actions are posted: the dashboard's own path. */
  action: string;
  /**
   * The grid's useSubmit. A row calls no router hook itself: useFetcher and useSubmit re-render
   * their component with every change of the page's router state (each reload), which would
   * defeat KeptRow. The answer to a row's action shows in RowRefusal.
   */
  submit: SubmitFunction;
  serverTime: Date | string;
  canRun: boolean;
  evaluations: EvaluationChoice[];
  correctionUrl?: (participantId: string) => string;
}) {
  const { t } = useTranslation();
  const fetcherKey = `live-row-${row.participantId}`;
  const [opening, setOpening] = useState("");
  const act = (intent: string, extra: Record<string, string> = {}) =>
    submit(
      { intent, participant: row.participantId, ...extra },
      { method: "post", action, navigate: false, fetcherKey },
    );
  return (
    <tr
      className={`block border-t border-slate-100 py-2 md:table-row md:py-0 ${row.helpRequested ? "bg-red-50" : ""}`}
      data-testid="live-row"
      data-participant={row.participantId}
      data-status={row.status ?? "none"}
    >
      <td className={CELL}>
        <div className="font-medium">
          {correctionUrl ? (
            <Link
              to={correctionUrl(row.participantId)}
              className="text-primary underline"
              data-testid="correction-link"
            >
              {row.name}
            </Link>
          ) : (
            row.name
          )}
        </div>
        <div className="break-all text-xs text-slate-600">{row.email}</div>
        <div className="text-xs">
          <span className="sr-only">{t("live:grid.connected")}: </span>
          <span data-testid="connected" className={row.connected ? "text-green-700" : "text-slate-600"}>
            <span aria-hidden="true">{row.connected ? "● " : "○ "}</span>
            {row.connected === null ? "?" : row.connected ? t("live:grid.online") : t("live:grid.offline")}
          </span>
          {row.extraTimePercent ? (
            <span className="text-slate-600"> · {t("live:grid.extra-time", { percent: row.extraTimePercent })}</span>
          ) : null}
        </div>
        <DeviceContact device={row} waitingKey="live:devices.waiting-answers" />
      </td>
      <td className={CELL}>
        <span
          data-testid="live-status"
          className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${
            STATUS_STYLE[row.status ?? ""] ?? "bg-slate-100 text-slate-600"
          }`}
        >
          {/* The badge's text stays at full contrast; only a dot beside it pulses (and not when motion is reduced). */}
          {row.status === "help_requested" ? (
            <span
              aria-hidden="true"
              className="mr-1 inline-block h-2 w-2 rounded-full bg-white motion-safe:animate-pulse"
            />
          ) : null}
          {t(`live:status.${row.status ?? "none"}`)}
        </span>
        {row.paused ? <span className="ml-1 text-xs text-slate-600">{t("live:grid.paused")}</span> : null}
        <div className="whitespace-nowrap text-xs text-slate-600" data-testid="answers-saved">
          {t("live:grid.answers", { count: row.answersSaved })}
          {row.lateSaves ? (
            <span className="ml-1 text-orange-800">{t("live:grid.late", { count: row.lateSaves })}</span>
          ) : null}
        </div>
      </td>
      <td className={CELL}>
        <div>{row.currentEvaluation?.name ?? "–"}</div>
        {row.currentQuestion ? <div className="text-xs text-slate-600">{row.currentQuestion.name}</div> : null}
        <div className="text-xs text-slate-600" data-testid="evaluations-done">
          {t("live:grid.evaluations-done", { done: row.evaluationsDone, total: row.evaluationsTotal })}
        </div>
      </td>
      {row.circuitPlace !== undefined ? (
        <td className={CELL}>
          <Label text={t("circuit:dashboard.this-round")} />
          <span className="font-medium" data-testid="circuit-place">
            {row.circuitPlace}
          </span>
        </td>
      ) : (
        <td className={CELL}>
          <Label text={t("live:grid.time-left")} />
          <TimeLeft row={row} serverTime={serverTime} />
        </td>
      )}
      {canRun ? (
        <td className={CELL}>
          <div className="flex flex-wrap items-start gap-1">
            {row.helpRequested ? (
              <Button variant="danger" className="px-2 py-1" data-testid="resolve-help" onClick={() => act("resolve")}>
                {t("live:grid.resolve")}
              </Button>
            ) : null}
            {row.status === "waiting" ? (
              <Button className="px-2 py-1" data-testid="unlock" onClick={() => act("unlock")}>
                {t("live:grid.unlock")}
              </Button>
            ) : null}
            {row.currentEvaluation ? (
              <>
                <Button
                  variant="secondary"
                  className="px-2 py-1"
                  data-testid={row.paused ? "resume" : "pause"}
                  onClick={() => act(row.paused ? "resume" : "pause")}
                >
                  {row.paused ? t("live:grid.resume") : t("live:grid.pause")}
                </Button>
                {row.circuitPlace !== undefined ? null : row.untimed ? (
                  <NothingToExtend row={row} />
                ) : (
                  <MinutesField row={row} fetcherKey={fetcherKey} onExtend={(minutes) => act("extend", { minutes })} />
                )}
              </>
            ) : null}
          </div>
          {evaluations.length > 1 && row.circuitPlace === undefined ? (
            <span className="mt-1 flex max-w-full flex-wrap items-center gap-1">
              {/* Long evaluation names must not push the row past the screen's edge: the choice
                  shrinks, down to a width that still shows a name; below that "Open" goes under it. */}
              <select
                aria-label={t("live:grid.open-evaluation-choice", { name: row.name })}
                className="w-0 min-w-[7rem] max-w-full flex-1 truncate rounded-md border border-slate-300 px-2 py-1 text-base sm:text-sm"
                value={opening}
                onChange={(e) => setOpening(e.target.value)}
                data-testid="open-evaluation-choice"
              >
                <option value="">{t("live:grid.open-evaluation-placeholder")}</option>
                {evaluations.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </select>
              <Button
                variant="secondary"
                className="px-2 py-1"
                data-testid="open-evaluation"
                disabled={!opening}
                onClick={() => act("open-evaluation", { evaluation: opening })}
              >
                {t("live:grid.open-evaluation")}
              </Button>
            </span>
          ) : null}
          <RowRefusal fetcherKey={fetcherKey} />
        </td>
      ) : null}
    </tr>
  );
}
