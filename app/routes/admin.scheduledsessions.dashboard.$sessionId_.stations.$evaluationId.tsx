import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StationView } from "~/components/corrections/station-view";
import { can } from "~/lib/permissions";
import { requireStaffContext } from "~/modules/auth/index.server";
import { markStation, stationCorrection, stationParticipants } from "~/modules/corrections/index.server";
import { markerOf } from "~/modules/corrections";
import { loadOrFail } from "~/lib/form-result.server";
import { recordIncident } from "~/modules/incidents/index.server";
import { runIntent } from "~/lib/intent-action.server";
import { StationCircuitBar } from "~/components/circuit/station-circuit";
import { circuitClockAt } from "~/modules/circuit";
import { stationCircuit } from "~/modules/circuit/index.server";
import { staffRealtimeToken } from "~/modules/live/index.server";

// Station marking: an examiner's tablet at one station of a session. Thin: the rules are
// in app/modules/corrections/stations.server.ts; ticks go through the browser's tick queue.

export const handle = { titleKey: "corrections:station.title" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, async () => {
    const search = new URL(request.url).searchParams;
    const marker = markerOf(search.get("marker"));
    const { station, participants: listed } = await stationParticipants(
      ctx,
      params.sessionId!,
      params.evaluationId!,
      marker,
    );
    const wanted = search.get("participant");
    // A running circuit (issue 32) opens the mark sheet of who is at this station this round, and
    // none for a round with nobody (absent, closed, rest).
    const circuit = await stationCircuit(ctx, params.sessionId!, params.evaluationId!);
    const clock = circuit ? circuitClockAt(circuit.schedule, circuit.serverTime) : null;
    const byClock =
      circuit && clock && clock.phase !== "DONE" ? (circuit.rounds[clock.round - 1]?.participant ?? null) : undefined;
    // In a circuit "here now" is who the clock puts here this round: the live run already has the
    // next station open for someone resting or at another station meanwhile.
    const participants =
      byClock === undefined
        ? listed
        : listed.map((p) => ({
            ...p,
            live:
              p.participantId === byClock && p.live !== "done"
                ? ("here" as const)
                : p.live === "here"
                  ? ("due" as const)
                  : p.live,
          }));
    const chosen =
      participants.find((p) => p.participantId === wanted) ??
      (byClock !== undefined
        ? participants.find((p) => p.participantId === byClock)
        : (participants.find((p) => !p.markedAt) ?? participants[0]));
    const selected = chosen
      ? await stationCorrection(ctx, params.sessionId!, params.evaluationId!, chosen.participantId, marker)
      : null;
    return {
      station,
      participants,
      selected,
      owner: ctx.actor.userId,
      canCorrect: can(ctx.permissions, "correct:sessions"),
      canRecordIncident: can(ctx.permissions, "correct:sessions") || can(ctx.permissions, "run:sessions"),
      sessionId: params.sessionId!,
      marker,
      circuit,
      room: circuit ? await staffRealtimeToken(ctx, params.sessionId!) : null,
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const here = `/admin/scheduledsessions/dashboard/${encodeURIComponent(params.sessionId!)}/stations/${encodeURIComponent(params.evaluationId!)}`;
  const mark = async (input: Record<string, unknown>, done: boolean | null) => {
    await markStation(ctx, {
      scheduledSession: params.sessionId!,
      participant: input.participant,
      evaluation: params.evaluationId!,
      globalRating: input.globalRating ? input.globalRating : null,
      comment: input.comment ?? null,
      ...(done === null ? {} : { done }),
      ...(markerOf(input.marker) === 2 ? { marker: 2 } : {}),
    });
  };
  return runIntent(ctx, request, {
    save: (input) => mark(input, null),
    // Two taps on the tablet: the participant at this station, a category, perhaps a note.
    incident: (input) =>
      recordIncident(ctx, {
        scheduledSession: params.sessionId!,
        participant: input.participant,
        evaluation: params.evaluationId!,
        category: input.category,
        text: input.text,
      }),
    reopen: (input) => mark(input, false),
    done: async (input) => {
      await mark(input, true);
      const next = String(input.next ?? input.participant ?? "");
      const second = markerOf(input.marker) === 2 ? "marker=2&" : "";
      throw redirect(`${here}?${second}participant=${encodeURIComponent(next)}`);
    },
  });
}

export default function StationScreen() {
  const { sessionId, circuit, room, ...data } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const session = `/admin/scheduledsessions/dashboard/${encodeURIComponent(sessionId)}`;
  const stationUrl = `${session}/stations/${encodeURIComponent(data.station.evaluationId)}`;
  const view = (
    <StationView
      {...data}
      scheduledSession={sessionId}
      base={{ session, station: stationUrl }}
      result={result}
      emptyText={circuit ? t("circuit:station.no-sheet") : undefined}
    />
  );
  if (!circuit) return view;
  return (
    <div className="flex flex-col gap-4">
      <StationCircuitBar
        circuit={circuit}
        names={Object.fromEntries(data.participants.map((p) => [p.participantId, p.name]))}
        stationUrl={stationUrl}
        realtime={room}
      />
      {view}
    </div>
  );
}
