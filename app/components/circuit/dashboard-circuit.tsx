import { useTranslation } from "react-i18next";
import type { CircuitCell } from "~db/tenant/schema";
import { Section } from "~/components/ui/section";
import { BellToggle, ClockFace, SignalBanner } from "./clock-face";
import { useCircuitClock, type ScheduleFrame } from "./use-circuit-clock";

/**
 * The circuit's clock on the live dashboard (issue 32): the round, phase and time left that every
 * screen shows, so staff need not look at the projector. The page reloads on the room's events, and
 * each reload brings the newest schedule.
 */
export function DashboardCircuitClock({ frame }: { frame: ScheduleFrame }) {
  const { t } = useTranslation();
  const { clock, signal, schedule } = useCircuitClock(frame);
  return (
    <Section
      heading={t("circuit:me.heading")}
      aside={<BellToggle />}
      className="flex flex-col gap-2 rounded-md border border-slate-300 bg-white p-3"
      testId="dashboard-circuit"
    >
      <ClockFace clock={clock} rounds={schedule?.rounds ?? 0} size="bar" />
      <SignalBanner signal={signal} />
    </Section>
  );
}

/** Where a participant is in a round of the circuit, in words: a station (carry-over), rest, absent, closed. */
export function circuitPlaceText(
  t: (key: string) => string,
  cell: CircuitCell | undefined,
  names: Readonly<Record<string, string>>,
): string {
  if (!cell) return t("circuit:me.done");
  const station = (id: string | undefined) => (id ? (names[id] ?? "") : "");
  if (cell.evaluation) return `${station(cell.evaluation)}${cell.carry ? ` (${t("circuit:grid.carry")})` : ""}`;
  if (cell.why === "absent" || cell.why === "closed")
    return `${t(`circuit:grid.${cell.why}`)}${cell.planned ? ` (${station(cell.planned)})` : ""}`;
  return t("circuit:grid.rest");
}
