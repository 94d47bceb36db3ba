import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { personalPhase } from "~/modules/circuit";
import type { MyCircuit } from "~/modules/circuit/index.server";
import type { RealtimeConnection } from "~/components/live/use-live-room";
import { BellToggle, ClockFace, SignalBanner, clockText } from "./clock-face";
import { useRoomCircuitClock } from "./use-circuit-clock";

/**
 * The participant's circuit: the one clock, the bell, their station this round and the next. Between
 * stations (change over, rest, absent, a closed station) the task below stays in view but cannot be
 * used; a participant with standing extra time keeps the station phase into the change over.
 */
export function MyCircuitFrame({
  circuit,
  realtime,
  children,
}: {
  circuit: MyCircuit;
  realtime: RealtimeConnection | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { clock, signal, schedule } = useRoomCircuitClock(
    { schedule: circuit.schedule, rev: circuit.rev, serverTime: circuit.serverTime },
    realtime,
  );
  const index = clock ? clock.round - 1 : 0;
  const place = circuit.places[index];
  const next = circuit.places[index + 1];
  const mine = clock && schedule ? personalPhase(schedule.settings, clock, circuit.extraTimePercent) : null;
  const atStation = !!place?.evaluation;
  const working = atStation && !!mine && (mine.phase === "READING" || mine.phase === "STATION") && !clock?.paused;
  const where = !place
    ? t("circuit:me.done")
    : place.evaluation
      ? `${t("circuit:me.station", { name: place.name ?? "" })}${place.carry ? ` (${t("circuit:me.carry")})` : ""}`
      : t(`circuit:me.${place.why === "absent" ? "absent" : place.why === "closed" ? "closed" : "rest"}`);
  return (
    <div className="flex flex-col gap-4" data-testid="my-circuit" data-working={working ? "true" : "false"}>
      <section
        aria-labelledby="my-circuit-heading"
        className="mx-auto flex w-full max-w-3xl flex-col gap-2 rounded-md border border-slate-300 bg-white p-3"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="my-circuit-heading" className="text-lg font-semibold text-primary">
            {t("circuit:me.heading")}
          </h2>
          <BellToggle />
        </div>
        <ClockFace clock={clock} rounds={schedule?.rounds ?? 0} size="bar" />
        <p className="font-medium" data-testid="my-station">
          {where}
        </p>
        {mine?.extra ? (
          <p className="text-sm text-slate-800" data-testid="my-extra-time">
            {t("circuit:me.extra", { seconds: mine.remainingSeconds })} ({clockText(mine.remainingSeconds)})
          </p>
        ) : null}
        {next ? (
          <p className="text-sm text-slate-700">
            {next.evaluation ? t("circuit:me.next", { name: next.name ?? "" }) : t("circuit:me.next-rest")}
          </p>
        ) : null}
        <SignalBanner signal={signal} />
      </section>
      {/* Not at a station now: the task stays readable for orientation, but nothing can be entered. */}
      <div {...(working ? {} : { inert: "" })} className={working ? "" : "opacity-50"}>
        {children}
      </div>
    </div>
  );
}
