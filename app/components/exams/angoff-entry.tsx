import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import { useFormat } from "~/components/ui/use-format";
import { type ExamBoardView, formatStat } from "./board-view";

/**
 * The signed-in judge's Angoff estimates per question step, as percentages: round 1, and round 2
 * with each step's facility value beside it.
 */
export function AngoffEntry({ board, me }: { board: ExamBoardView; me: string | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="exam-angoff" className="rounded-md border border-slate-200 bg-white p-4">
      <h2 id="exam-angoff" className="text-lg font-semibold text-primary">
        {t("exams:angoff.heading")}
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-slate-700">{t("exams:angoff.intro")}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {[1, 2].map((round) => (
          <details key={round} className="rounded-md border border-slate-200 p-3" open={round === 1}>
            <summary className="cursor-pointer font-medium">{t(`exams:angoff.round-${round}`)}</summary>
            <RoundForm board={board} me={me} round={round} />
          </details>
        ))}
      </div>
    </section>
  );
}

function RoundForm({ board, me, round }: { board: ExamBoardView; me: string | null; round: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const busy = useNavigation().state !== "idle";
  const mine = new Map(
    board.judgements
      .filter((j) => j.judge === me && j.round === round && j.stepIndex !== null)
      .map((j) => [`${j.evaluation}/${j.question}/${j.stepIndex}`, j.probability]),
  );
  const facility = new Map(board.analysis.items.map((i) => [i.itemId, i.facility]));
  return (
    <Form method="post" className="mt-2 flex flex-col gap-2">
      <input type="hidden" name="intent" value="angoff" />
      <input type="hidden" name="round" value={round} />
      {board.stations.map((station) => {
        const items = board.items.filter((i) => i.stationId === station.id);
        if (items.length === 0) return null;
        return (
          <fieldset key={station.id} className="flex flex-col gap-1">
            <legend className="font-medium">{station.name}</legend>
            {items.map((item) => {
              const label = t("exams:angoff.step", { question: item.questionName, step: item.stepIndex + 1 });
              const p = mine.get(item.id);
              return (
                <div key={item.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <label htmlFor={`angoff-${round}-${item.id}`} className="min-w-0 flex-1">
                    {label}
                    {round === 2 ? (
                      <span className="ml-2 text-slate-600">
                        {t("exams:angoff.facility")} {formatStat(facility.get(item.id), format.locale, "ratio")}
                      </span>
                    ) : null}
                  </label>
                  <input
                    id={`angoff-${round}-${item.id}`}
                    name={`p:${item.id}`}
                    type="number"
                    min={0}
                    max={100}
                    step="any"
                    aria-label={t("exams:angoff.probability", { item: label })}
                    defaultValue={p === undefined ? "" : Math.round(p * 1000) / 10}
                    className="w-24 rounded-md border border-slate-300 px-2 py-1 text-right"
                  />
                </div>
              );
            })}
          </fieldset>
        );
      })}
      <div>
        <Button type="submit" disabled={busy}>
          {t("exams:angoff.save")}
        </Button>
      </div>
    </Form>
  );
}
