import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { CircuitView } from "~/modules/circuit/index.server";
import { Alert, Button, SelectField } from "~/components/ui/form";
import { CircuitRow, STICKY_RIGHT } from "./circuit-row";

/** What the order grid's circuit intents answer: the translated message, and the refusal's code. */
export type CircuitIntentResult = { ok: boolean; intent: string; message: string; code?: string };

/**
 * The order grid of a circuit (issue 32): where each participant is in each round, and, while it
 * runs, the re-planning actions. Rounds already begun are shown but never change; a change that
 * cannot be made is explained with its code.
 */
export function CircuitPlan({ view, canRun }: { view: CircuitView; canRun: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CircuitIntentResult>({ key: "circuit-plan" });
  const grid = view.grid!;
  const settings = view.settings!;
  const running = view.status === "ONGOING" && view.schedule !== null;
  const editable = canRun && running;
  const names = Object.fromEntries(view.stations.map((s) => [s.id, s.name]));
  const post = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post" });
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const rounds = Array.from({ length: grid.rounds }, (_, r) => r);
  // The round under way (from 0), marked so staff see at a glance where the room is.
  const now = running && view.clock && view.clock.phase !== "DONE" ? view.clock.round - 1 : null;
  // On a narrow screen the grid scrolls sideways: it opens on the round under way, not on round 1.
  const scroller = useRef<HTMLDivElement>(null);
  const nowHeader = useRef<HTMLTableCellElement>(null);
  useEffect(() => {
    const box = scroller.current;
    const th = nowHeader.current;
    const first = box?.querySelector("th");
    if (box && th && first) box.scrollLeft = Math.max(0, th.offsetLeft - first.offsetWidth);
  }, [now]);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="circuit-heading" data-testid="circuit-plan">
      <h2 id="circuit-heading" className="text-lg font-semibold text-primary">
        {t("circuit:grid.heading")}
      </h2>
      <p className="text-sm text-slate-700">
        {t("circuit:grid.settings", {
          reading: settings.readingSeconds,
          station: settings.stationSeconds,
          changeover: settings.changeoverSeconds,
          rest: settings.restStations,
        })}
      </p>
      <p className="rounded-md bg-slate-100 p-2 text-sm text-slate-800" data-testid="circuit-extra-rule">
        {t("circuit:grid.extra-rule")}
      </p>
      <p className="text-sm text-slate-700" data-testid="circuit-next-round">
        {running ? t("circuit:grid.next-round", { round: view.nextRound + 1 }) : t("circuit:grid.not-started")}
      </p>
      {result ? (
        result.ok ? (
          <Alert tone="success">{result.message}</Alert>
        ) : (
          <Alert>
            <span data-testid="circuit-error" data-code={result.code}>
              {result.message} ({result.code})
            </span>
          </Alert>
        )
      ) : null}
      <div ref={scroller} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="circuit-grid">
          <caption className="sr-only">{t("circuit:grid.caption")}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-3 py-2">
                {t("circuit:grid.participant")}
              </th>
              {rounds.map((r) => (
                <th
                  key={r}
                  scope="col"
                  className={`px-3 py-2 ${r === now ? "bg-amber-100 text-slate-950" : r < view.nextRound ? "text-slate-600" : ""}`}
                  data-now={r === now ? "true" : undefined}
                  ref={r === now ? nowHeader : undefined}
                >
                  {r < grid.baseRounds
                    ? t("circuit:grid.round", { round: r + 1 })
                    : t("circuit:grid.carry-round", { round: r + 1 })}
                  {r === now ? (
                    <span className="ml-1 whitespace-nowrap rounded bg-amber-300 px-1 text-xs font-semibold">
                      {t("circuit:grid.now")}
                    </span>
                  ) : null}
                </th>
              ))}
              {editable ? (
                <th scope="col" className={`${STICKY_RIGHT} bg-slate-50 px-3 py-2`}>
                  <span className="sr-only">{t("circuit:grid.actions")}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {view.people.map((person) => (
              <CircuitRow
                key={person.id}
                person={person}
                grid={grid}
                nextRound={view.nextRound}
                now={now}
                names={names}
                editable={editable}
                busy={busy}
                post={post}
              />
            ))}
          </tbody>
        </table>
      </div>
      {editable ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <h3 className="font-medium">{t("circuit:grid.stations")}</h3>
            <div className="flex flex-wrap gap-2">
              {view.stations.map((s) => {
                const closed = grid.closed[s.id] !== undefined;
                return (
                  <Button
                    key={s.id}
                    variant="secondary"
                    disabled={busy}
                    data-testid="station-toggle"
                    data-station={s.id}
                    data-closed={closed ? "true" : "false"}
                    onClick={() => post({ intent: closed ? "circuit-reopen" : "circuit-close", evaluation: s.id })}
                  >
                    {closed
                      ? t("circuit:grid.reopen-station", { name: s.name })
                      : t("circuit:grid.close-station", { name: s.name })}
                  </Button>
                );
              })}
            </div>
          </div>
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-2" data-testid="swap-form">
            <input type="hidden" name="intent" value="circuit-swap" />
            <fieldset className="flex flex-wrap items-end gap-2">
              <legend className="mb-1 font-medium">{t("circuit:grid.swap")}</legend>
              {(["circuit:grid.swap-first", "circuit:grid.swap-second"] as const).map((label) => (
                <SelectField key={label} name="participants" label={t(label)} defaultValue="">
                  <option value="">{t("circuit:grid.swap-choose")}</option>
                  {view.people.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </SelectField>
              ))}
              <Button type="submit" variant="secondary" disabled={busy}>
                {t("circuit:grid.swap-submit")}
              </Button>
            </fieldset>
          </fetcher.Form>
          <div>
            <Button
              variant="secondary"
              disabled={busy}
              data-testid="add-carry-round"
              onClick={() => post({ intent: "circuit-carry" })}
            >
              {t("circuit:grid.add-round")}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
