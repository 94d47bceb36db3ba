import { useTranslation } from "react-i18next";
import type { CircuitView } from "~/modules/circuit/index.server";
import { Button } from "~/components/ui/form";
import { circuitPlaceText } from "./dashboard-circuit";

type Grid = NonNullable<CircuitView["grid"]>;

/** The actions column stays in view while the rounds scroll sideways (a tablet shows only a few). */
export const STICKY_RIGHT = "sticky right-0 z-10 shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)]";

/**
 * One participant's line of the order grid: name (extra time, absent), the station of each round,
 * and, while the circuit runs, marking them absent or letting them in late.
 */
export function CircuitRow({
  person,
  grid,
  nextRound,
  now,
  names,
  editable,
  busy,
  post,
}: {
  person: CircuitView["people"][number];
  grid: Grid;
  nextRound: number;
  /** The round under way (from 0), or null. */
  now: number | null;
  names: Readonly<Record<string, string>>;
  editable: boolean;
  busy: boolean;
  post: (fields: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const absent = grid.absent[person.id] !== undefined;
  const cells = Array.from({ length: grid.rounds }, (_, r) => grid.cells[person.id]![r]!);
  const act = (intent: string, label: string, testId?: string) => (
    <Button
      variant="secondary"
      disabled={busy}
      data-testid={testId}
      onClick={() => post({ intent, participant: person.id })}
    >
      {t(label)}
    </Button>
  );
  return (
    <tr className="border-t border-slate-100" data-testid="circuit-row" data-participant={person.id}>
      <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-2 font-medium">
        {person.name}
        {person.extraTimePercent > 0 ? (
          <span className="ml-1 text-xs text-slate-600">
            {t("circuit:grid.extra", { percent: person.extraTimePercent })}
          </span>
        ) : null}
        {absent ? <span className="ml-1 text-xs font-semibold text-red-800">{t("circuit:grid.absent")}</span> : null}
      </th>
      {cells.map((cell, r) => (
        <td
          key={r}
          data-testid="circuit-cell"
          data-round={r + 1}
          data-evaluation={cell.evaluation ?? ""}
          data-why={cell.why ?? ""}
          className={`px-3 py-2 ${r === now ? "bg-amber-50" : r < nextRound ? "bg-slate-50 text-slate-600" : ""} ${
            cell.why === "absent" || cell.why === "closed" ? "text-red-800" : ""
          }`}
        >
          {circuitPlaceText(t, { ...cell, carry: false }, names)}
          {cell.carry ? <span className="ml-1 text-xs text-slate-600">({t("circuit:grid.carry")})</span> : null}
        </td>
      ))}
      {editable ? (
        <td className={`${STICKY_RIGHT} whitespace-nowrap bg-white px-3 py-2`}>
          {absent ? (
            <div className="flex gap-2">
              {act("circuit-late", "circuit:grid.admit-late", "admit-late")}
              {act("circuit-present", "circuit:grid.mark-present")}
            </div>
          ) : (
            act("circuit-absent", "circuit:grid.mark-absent", "mark-absent")
          )}
        </td>
      ) : null}
    </tr>
  );
}
