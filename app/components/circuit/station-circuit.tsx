import { useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { StationCircuit } from "~/modules/circuit/index.server";
import type { RealtimeConnection } from "~/components/live/use-live-room";
import { useOnline } from "~/components/live/use-online";
import { Alert } from "~/components/ui/form";
import { BellToggle, ClockFace, SignalBanner } from "./clock-face";
import { useRoomCircuitClock } from "./use-circuit-clock";

/**
 * The circuit on an examiner's tablet at one station: the one clock and bell, who is here this
 * round, and at each new round the next participant's mark sheet opens (none for an absent one).
 */
export function StationCircuitBar({
  circuit,
  names,
  stationUrl,
  realtime,
}: {
  circuit: StationCircuit;
  names: Record<string, string>;
  stationUrl: string;
  realtime: RealtimeConnection | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { clock, signal, schedule } = useRoomCircuitClock(
    { schedule: circuit.schedule, rev: circuit.rev, serverTime: circuit.serverTime },
    realtime,
  );
  const round = clock && clock.phase !== "DONE" ? clock.round : null;
  const here = round ? circuit.rounds[round - 1] : undefined;
  // A new round opens its participant's mark sheet (the page's own `participant` stays until then).
  // Offline the sheet cannot load (the page would fail): the one open stays, its ticks kept on the
  // tablet, and the new round's opens when the network is back.
  const online = useOnline();
  const shown = useRef(round);
  const behind = round !== null && shown.current !== round;
  useEffect(() => {
    if (round === null || shown.current === round || !online) return;
    shown.current = round;
    const participant = circuit.rounds[round - 1]?.participant;
    navigate(
      participant ? `${stationUrl}?participant=${encodeURIComponent(participant)}` : `${stationUrl}?round=${round}`,
      {
        replace: true,
      },
    );
  }, [round, circuit.rounds, navigate, stationUrl, online]);
  const who = here?.participant
    ? t("circuit:station.now", { name: names[here.participant] ?? "" })
    : here?.absent
      ? t("circuit:station.absent", { name: names[here.absent] ?? "" })
      : here?.closed
        ? t("circuit:station.closed")
        : t("circuit:station.nobody");
  return (
    <section
      aria-labelledby="station-circuit-heading"
      className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-3"
      data-testid="station-circuit"
      data-participant={here?.participant ?? ""}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="station-circuit-heading" className="text-lg font-semibold text-primary">
          {t("circuit:station.heading")}
        </h2>
        <BellToggle />
      </div>
      <ClockFace clock={clock} rounds={schedule?.rounds ?? 0} size="bar" />
      <p className="font-medium" data-testid="station-circuit-who">
        {who}
      </p>
      {behind && !online ? (
        <Alert tone="warning">
          <span data-testid="station-circuit-offline">{t("circuit:station.offline")}</span>
        </Alert>
      ) : null}
      <SignalBanner signal={signal} />
    </section>
  );
}
