import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/ui/use-format";
import { ConfirmAction } from "~/components/live/confirm-action";
import { LiveGrid } from "~/components/live/live-grid";
import { UntimedNotice } from "~/components/live/untimed-notice";
import { useRoomRevalidation } from "~/components/live/use-live-room";
import { Alert, Button } from "~/components/ui/form";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { runIntent, type IntentResult } from "~/lib/intent-action.server";
import {
  applyLiveOverride,
  liveDashboard,
  staffRealtimeToken,
  unlockWaitingParticipants,
} from "~/modules/live/index.server";
import { completeScheduledSession, getScheduledSession } from "~/modules/scheduling/index.server";
import { circuitView, startSession } from "~/modules/circuit/index.server";
import { circuitPlaceText, DashboardCircuitClock } from "~/components/circuit/dashboard-circuit";
import { can } from "~/lib/permissions";
import { extendSecondsOf } from "~/modules/live";
import { StationProgressList } from "~/components/corrections/station-progress";
import { listDoubleMarks, stationProgress } from "~/modules/corrections/index.server";
import { DiscrepancyList } from "~/components/corrections/double-mark-panel";
import { ExaminerDevices } from "~/components/live/examiner-devices";
import { IncidentForm } from "~/components/incidents/incident-form";
import { IncidentList } from "~/components/incidents/incident-list";
import { listIncidents, recordIncident } from "~/modules/incidents/index.server";

export const handle = { titleKey: "live:dashboard.title" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, async () => {
    const session = await getScheduledSession(ctx, params.sessionId!);
    const [board, token, stations, doubleMarks, incidents, circuit] = await Promise.all([
      liveDashboard(ctx, session._id),
      staffRealtimeToken(ctx, session._id),
      stationProgress(ctx, session._id),
      listDoubleMarks(ctx, session._id),
      listIncidents(ctx, { scheduledSession: session._id }),
      session.circuit ? circuitView(ctx, session._id) : null,
    ]);
    return {
      session: {
        _id: session._id,
        reference: session.reference,
        sessionName: session.sessionName,
        circuit: session.circuit !== null,
      },
      board,
      stations,
      discrepancies: doubleMarks.filter((m) => m.status === "discrepancy"),
      room: {
        token: token.token,
        host: token.host,
        party: token.party,
        room: token.room,
      },
      canRun: can(ctx.permissions, "run:sessions"),
      incidents,
      // A running circuit: its clock, and where each participant is in the round now.
      circuit:
        circuit?.schedule && circuit.grid
          ? {
              frame: { schedule: circuit.schedule, rev: circuit.rev, serverTime: circuit.serverTime },
              places: Object.fromEntries(
                Object.entries(circuit.grid.cells).map(([p, row]) => [
                  p,
                  circuit.clock && circuit.clock.phase !== "DONE" ? (row[circuit.clock.round - 1] ?? null) : null,
                ]),
              ),
              names: Object.fromEntries(circuit.stations.map((s) => [s.id, s.name])),
            }
          : null,
      canRecordIncident: can(ctx.permissions, "run:sessions") || can(ctx.permissions, "correct:sessions"),
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const id = params.sessionId!;
  const participantsOf = (form: FormData) => form.getAll("participant").map(String).filter(Boolean);
  return runIntent(ctx, request, {
    start: async () => {
      // A circuit also starts its clock (app/modules/circuit).
      await startSession(ctx, id);
      return ctx.t("live:dashboard.started");
    },
    complete: async () => {
      await completeScheduledSession(ctx, id);
      return ctx.t("live:dashboard.completed");
    },
    "pause-all": () => applyLiveOverride(ctx, id, null, { overrideType: "SESSION_PAUSE" }),
    "resume-all": () => applyLiveOverride(ctx, id, null, { overrideType: "SESSION_RESUME" }),
    pause: (_i, _id, form) =>
      applyLiveOverride(ctx, id, participantsOf(form), {
        overrideType: "SESSION_PAUSE",
      }),
    resume: (_i, _id, form) =>
      applyLiveOverride(ctx, id, participantsOf(form), {
        overrideType: "SESSION_RESUME",
      }),
    resolve: (_i, _id, form) =>
      applyLiveOverride(ctx, id, participantsOf(form), {
        overrideType: "HELP_REQUEST_RESOLVED",
      }),
    // Whole minutes from 1 to 120, refused next to the field otherwise (never cut or rounded).
    extend: async (input, _id, form) =>
      applyLiveOverride(ctx, id, participantsOf(form), {
        overrideType: "EXTEND_TIME",
        value: { numericValue: extendSecondsOf(input.minutes) },
      }),
    unlock: (_i, _id, form) => unlockWaitingParticipants(ctx, participantsOf(form), id),
    incident: (input) =>
      recordIncident(ctx, {
        scheduledSession: id,
        participant: input.participant || null,
        evaluation: input.evaluation || null,
        category: input.category,
        text: input.text,
      }),
    // Everyone the board showed waiting; whoever moved on meanwhile is left as they are.
    "unlock-all": async (_i, _id, form) => {
      const unlocked = await unlockWaitingParticipants(ctx, participantsOf(form), id);
      return ctx.t("live:dashboard.unlocked", { count: unlocked.length });
    },
    // A station out of order (the next one is busy): the participant's current question ends.
    "open-evaluation": (input, _id, form) =>
      applyLiveOverride(ctx, id, participantsOf(form), {
        overrideType: "OPEN_EVALUATION",
        evaluation: String(input.evaluation ?? ""),
      }),
  });
}

export default function LiveDashboardScreen() {
  const { session, board, stations, discrepancies, room, canRun, incidents, canRecordIncident, circuit } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const rows = useMemo(
    () =>
      circuit
        ? board.rows.map((r) => ({
            ...r,
            circuitPlace: circuitPlaceText(t, circuit.places[r.participantId] ?? undefined, circuit.names),
          }))
        : board.rows,
    [board.rows, circuit, t],
  );
  const fetcher = useFetcher<IntentResult>({ key: "live-dashboard" });
  useRoomRevalidation(room);
  const result = fetcher.data;
  const ongoing = board.status === "ONGOING";
  const anyPaused = board.rows.some((r) => r.paused && !r.helpRequested);
  const post = (intent: string) => fetcher.submit({ intent }, { method: "post" });
  const waiting = board.rows.filter((r) => r.status === "waiting").map((r) => r.participantId);
  const unlockAll = () => {
    const form = new FormData();
    form.append("intent", "unlock-all");
    for (const participant of waiting) form.append("participant", participant);
    fetcher.submit(form, { method: "post" });
  };

  return (
    <div className="flex flex-col gap-4" data-testid="live-dashboard" data-revision={board.revision}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-primary">
            {t("live:dashboard.heading", { reference: session.reference })}
          </h1>
          <p className="text-sm text-slate-600">
            {session.sessionName} ·{" "}
            <span data-testid="session-status" className="font-medium">
              {t(`live:sessionStatus.${board.status}`)}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-3 text-sm">
          {session.circuit ? (
            <Link
              to={`/admin/scheduledsessions/dashboard/${session._id}/clock`}
              className="text-primary underline"
              data-testid="clock-board-link"
            >
              {t("circuit:board.link")}
            </Link>
          ) : null}
          <Link
            to={`/admin/scheduledsessions/order/${session._id}`}
            className="text-primary underline"
            data-testid="order-link"
          >
            {t("live:dashboard.order")}
          </Link>
          <Link to={`/admin/scheduledsessions?overview=${session._id}`} className="text-primary underline">
            {t("live:dashboard.back")}
          </Link>
        </div>
      </div>

      {canRun ? (
        <div className="flex flex-wrap gap-2">
          {board.status === "SCHEDULED" ? (
            <ConfirmAction
              testId="start-session"
              label={t("live:dashboard.start")}
              title={t("live:dashboard.start-title")}
              description={t("live:dashboard.start-description", {
                count: board.rows.length,
              })}
              onConfirm={() => post("start")}
            />
          ) : null}
          {ongoing ? (
            <>
              <Button variant="secondary" data-testid="pause-all" onClick={() => post("pause-all")}>
                {t("live:dashboard.pause-all")}
              </Button>
              <Button
                variant="secondary"
                data-testid="resume-all"
                disabled={!anyPaused}
                onClick={() => post("resume-all")}
              >
                {t("live:dashboard.resume-all")}
              </Button>
              {waiting.length > 0 ? (
                <Button variant="secondary" data-testid="unlock-all" onClick={unlockAll}>
                  {t("live:dashboard.unlock-all", { count: waiting.length })}
                </Button>
              ) : null}
              <ConfirmAction
                testId="complete-session"
                variant="danger"
                label={t("live:dashboard.complete")}
                title={t("live:dashboard.complete-title")}
                description={t("live:dashboard.complete-description")}
                onConfirm={() => post("complete")}
              />
            </>
          ) : null}
        </div>
      ) : null}

      {result && !result.ok ? <Alert>{result.message}</Alert> : null}
      {result?.ok && result.message ? (
        <p role="status" className="text-sm text-green-800">
          {result.message}
        </p>
      ) : null}
      {!board.presenceKnown ? <p className="text-sm text-amber-800">{t("live:dashboard.presence-unknown")}</p> : null}
      {/* A circuit's clock is the time limit (issue 32): its questions have none of their own. */}
      {session.circuit ? null : (
        <UntimedNotice evaluations={board.preparation} messages="live:dashboard" testId="untimed-notice" />
      )}
      <OutagesGivenBack outages={board.outagesGivenBack} />

      {circuit ? <DashboardCircuitClock frame={circuit.frame} /> : null}

      <LiveGrid
        rows={rows}
        circuit={!!circuit}
        serverTime={board.serverTime}
        canRun={canRun && ongoing}
        evaluations={board.preparation.map((p) => ({ id: p.evaluation, name: p.name }))}
        correctionUrl={(participantId) =>
          `/admin/scheduledsessions/dashboard/${session._id}/participant/${encodeURIComponent(participantId)}`
        }
      />

      <ExaminerDevices devices={board.devices} />

      <IncidentList
        incidents={incidents}
        sectionTestId="incidents-section"
        names={
          new Map([
            ...board.rows.map((r) => [r.participantId, r.name] as const),
            ...board.preparation.map((p) => [p.evaluation, p.name] as const),
          ])
        }
      >
        {canRecordIncident ? (
          <IncidentForm
            participants={board.rows.map((r) => ({ id: r.participantId, name: r.name }))}
            stations={board.preparation.map((p) => ({ id: p.evaluation, name: p.name }))}
          />
        ) : null}
      </IncidentList>

      <DiscrepancyList
        marks={discrepancies}
        participantUrl={(participantId) =>
          `/admin/scheduledsessions/dashboard/${session._id}/participant/${encodeURIComponent(participantId)}`
        }
      />

      <section className="flex flex-col gap-2" aria-labelledby="stations-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="stations-heading" className="text-lg font-semibold text-primary">
            {t("corrections:station.dashboard-heading")}
          </h2>
          <Link
            to={`/admin/scheduledsessions/dashboard/${session._id}/stations`}
            className="text-sm text-primary underline"
            data-testid="stations-link"
          >
            {t("corrections:links.stations")}
          </Link>
        </div>
        <StationProgressList sessionId={session._id} stations={stations} />
      </section>

      <section className="flex flex-col gap-2" aria-labelledby="preparation-heading">
        <h2 id="preparation-heading" className="text-lg font-semibold text-primary">
          {t("live:dashboard.preparation")}
        </h2>
        <div className="grid gap-3 md:grid-cols-2">
          {board.preparation.map((p) => (
            <div key={p.evaluation} className="rounded-md border border-slate-200 bg-white p-3">
              <h3 className="font-medium">{p.name}</h3>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
                {p.questions.map((q) => (
                  <li key={q.id}>
                    {q.name}
                    {q.supplies.length ? <span className="text-slate-500"> — {q.supplies.join(", ")}</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

/** Times the server could not serve the session, and the time given back for them (never taken from a candidate). */
function OutagesGivenBack({
  outages,
}: {
  outages: ReadonlyArray<{ at: string | Date; seconds: number; participants: number }>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (outages.length === 0) return null;
  return (
    <ul
      className="flex flex-col gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="outages-given-back"
    >
      {outages.map((o) => (
        <li key={String(o.at)}>
          {t("live:dashboard.outage-given-back", {
            time: format.time(o.at),
            seconds: o.seconds,
            count: o.participants,
          })}
        </li>
      ))}
    </ul>
  );
}
