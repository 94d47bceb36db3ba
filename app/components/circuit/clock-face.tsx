import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CircuitClock } from "~/modules/circuit";
import { bellOn, ringBell, setBellOn } from "./bell";
import type { CircuitSignal } from "./use-circuit-clock";

/** mm:ss (h:mm:ss past an hour). */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** The bell on or off on this device; turning it on rings once (a browser plays sound only after a tap). */
export function BellToggle({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  // Unknown until mounted: the server cannot read the device's choice.
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => setOn(bellOn()), []);
  return (
    <button
      type="button"
      className={`rounded-md border border-slate-400 bg-white px-3 py-1 text-sm text-slate-900 ${className}`}
      aria-pressed={on ?? true}
      data-testid="bell-toggle"
      onClick={() => {
        const next = !(on ?? true);
        setBellOn(next);
        setOn(next);
        if (next) ringBell("START");
      }}
    >
      {on === false ? t("circuit:bell.off") : t("circuit:bell.on")}
    </button>
  );
}

/** "One minute left" / "Move on": shown on every screen at the same moment, with the bell. */
export function SignalBanner({ signal, large = false }: { signal: CircuitSignal | null; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <div aria-live="assertive" role="status" data-testid="circuit-signal" data-kind={signal?.kind ?? ""}>
      {signal ? (
        <p
          className={`rounded-md px-4 py-2 text-center font-bold ${
            signal.kind === "MOVE_ON"
              ? "bg-red-700 text-white"
              : signal.kind === "ONE_MINUTE"
                ? "bg-amber-300 text-slate-950"
                : "bg-green-800 text-white"
          } ${large ? "text-6xl" : "text-xl"}`}
        >
          {t(`circuit:signal.${signal.kind}`, { round: signal.round })}
        </p>
      ) : null}
    </div>
  );
}

/** Round, phase and time left; `size` "board" for a projector, "bar" for a screen's top. */
export function ClockFace({
  clock,
  rounds,
  size,
}: {
  clock: CircuitClock | null;
  rounds: number;
  size: "board" | "bar";
}) {
  const { t } = useTranslation();
  if (!clock)
    return (
      <p data-testid="circuit-clock" data-phase="" className={size === "board" ? "text-5xl" : "text-base"}>
        {t("circuit:clock.not-started")}
      </p>
    );
  const board = size === "board";
  return (
    <div
      data-testid="circuit-clock"
      data-round={clock.round}
      data-phase={clock.phase}
      data-paused={clock.paused ? "true" : "false"}
      className={
        board ? "flex flex-col items-center gap-4 text-center" : "flex flex-wrap items-baseline gap-x-4 gap-y-1"
      }
    >
      <p
        className={board ? "text-[min(7vw,9vh)] font-semibold leading-tight" : "font-semibold"}
        data-testid="circuit-round"
      >
        {t("circuit:clock.round", { round: clock.round, rounds })}
      </p>
      <p
        className={board ? "text-[min(10vw,12vh)] font-bold uppercase leading-tight" : "font-bold uppercase"}
        data-testid="circuit-phase"
      >
        {t(`circuit:phase.${clock.phase}`)}
      </p>
      {clock.phase !== "DONE" ? (
        <p
          className={
            board
              ? "font-mono text-[min(24vw,36vh)] font-bold leading-none tabular-nums"
              : "font-mono text-xl font-bold tabular-nums"
          }
          data-testid="circuit-remaining"
          aria-label={t("circuit:clock.remaining-label", { time: clockText(clock.remainingSeconds) })}
        >
          {clockText(clock.remainingSeconds)}
        </p>
      ) : null}
      {clock.paused ? (
        <p
          className={
            board
              ? "rounded-md bg-amber-300 px-6 py-2 text-5xl font-bold text-slate-950"
              : "rounded bg-amber-300 px-2 font-bold text-slate-950"
          }
          data-testid="circuit-paused"
        >
          {t("circuit:clock.paused")}
        </p>
      ) : null}
    </div>
  );
}
