import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BellToggle, ClockFace, SignalBanner } from "~/components/circuit/clock-face";
import { frameOfEvent, useCircuitClock } from "~/components/circuit/use-circuit-clock";
import { useLiveRoom } from "~/components/live/use-live-room";
import { loadOrFail } from "~/lib/form-result.server";
import { requireStaffContext } from "~/modules/auth/index.server";
import { circuitView } from "~/modules/circuit/index.server";
import { staffRealtimeToken } from "~/modules/live/index.server";
import { getScheduledSession } from "~/modules/scheduling/index.server";

// The clock board (issue 32): a projector's page with the circuit's round, phase and time left in
// type readable from the back of the room. Outside the admin shell (admin_): nothing but the clock.
// It runs the clock on the schedule the room carries (use-circuit-clock.ts), so it follows pause
// and resume and rings with every other screen.

export const handle = { titleKey: "circuit:board.title" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, async () => {
    const session = await getScheduledSession(ctx, params.sessionId!);
    const [view, token] = await Promise.all([circuitView(ctx, session._id), staffRealtimeToken(ctx, session._id)]);
    return {
      session: { _id: session._id, reference: session.reference, sessionName: session.sessionName },
      frame: { schedule: view.schedule, rev: view.rev, serverTime: view.serverTime },
      isCircuit: view.settings !== null,
      room: { token: token.token, host: token.host, party: token.party, room: token.room },
    };
  });
}

export default function ClockBoard() {
  const { session, frame, isCircuit, room } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const { clock, signal, apply, schedule } = useCircuitClock(frame);
  useLiveRoom(
    room,
    (why, event) => {
      const next = frameOfEvent(event);
      if (next) apply(next);
      else if (why === "reconnect") revalidate();
    },
    { ignore: ["welcome", "presence", "answer.saved", "correction.changed", "entry.changed", "help.requested"] },
  );
  return (
    <main id="main" className="flex min-h-screen flex-col bg-slate-950 p-6 text-white" data-testid="clock-board">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold md:text-4xl">
          {t("circuit:board.heading", { reference: session.reference, name: session.sessionName })}
        </h1>
        <div className="flex items-center gap-3">
          <BellToggle />
          <Link
            to={`/admin/scheduledsessions/dashboard/${encodeURIComponent(session._id)}`}
            className="text-base text-sky-300 underline"
          >
            {t("circuit:board.back")}
          </Link>
        </div>
      </div>
      <div className="flex flex-1 flex-col items-center justify-center gap-8">
        {isCircuit ? (
          <ClockFace clock={clock} rounds={schedule?.rounds ?? 0} size="board" />
        ) : (
          <p className="text-4xl">{t("circuit:board.not-a-circuit")}</p>
        )}
        <div className="w-full max-w-5xl">
          <SignalBanner signal={signal} large />
        </div>
      </div>
    </main>
  );
}
