import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/ui/use-format";
import { StatTable } from "./stat-table";
import { standardWorkingTable } from "~/modules/exams";
import { type ExamBoardView, type ExamWarning, type StandardMethod, formatStat, warningText } from "./board-view";

/** The chosen method's working per station, Angoff's judges, and its warnings in words. */
export function StandardWorking({ board, method }: { board: ExamBoardView; method: StandardMethod }) {
  const { t } = useTranslation();
  const format = useFormat();
  const standard = board.standards[method];
  const stat = (v: number | null | undefined, kind?: "percent" | "number" | "ratio") =>
    formatStat(v, format.locale, kind);
  const nameOf = (id: string) => board.stations.find((s) => s.id === id)?.name ?? id;
  const working = standardWorkingTable(t, standard, nameOf, stat);
  return (
    <div className="flex flex-col gap-3" data-testid="standard-working">
      <StatTable
        caption={t("exams:standard.working-of", { method: t(`exams:method.${method}`) })}
        captionClassName=""
        head={working.head}
        rows={working.rows}
      />
      {standard.semMultiplier ? (
        <p className="text-sm">
          {t("exams:standard.sem-adjusted", {
            unadjusted: stat(standard.unadjustedCutScore, "percent"),
            k: stat(standard.semMultiplier),
            sem: stat(standard.sem),
          })}
        </p>
      ) : null}
      {standard.angoff ? (
        <div>
          <p className="text-sm">
            {t("exams:angoff.summary", {
              judges: standard.angoff.countedJudges,
              sd: stat(standard.angoff.sd),
              low: stat(standard.angoff.ciLow, "percent"),
              high: stat(standard.angoff.ciHigh, "percent"),
            })}
          </p>
          {standard.angoff.judges.length > 0 ? (
            <StatTable
              head={[t("exams:angoff.judges"), t("exams:angoff.judge-cut")]}
              rows={standard.angoff.judges.map((j) => [
                board.staffNames[j.judgeId] ?? j.judgeId,
                stat(j.cutScore, "percent"),
              ])}
            />
          ) : null}
        </div>
      ) : null}
      <Warnings warnings={standard.warnings as ExamWarning[]} board={board} />
    </div>
  );
}

export function Warnings({
  warnings,
  board,
  testId,
}: {
  warnings: ExamWarning[];
  board: ExamBoardView;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  const nameOf = (id: string) => board.stations.find((s) => s.id === id)?.name ?? id;
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid={testId}>
      <p className="font-semibold">{t("exams:standard.warnings")}</p>
      <ul className="list-disc pl-5">
        {warnings.map((w, i) => (
          <li key={i}>{warningText(t, w, nameOf, board.staffNames)}</li>
        ))}
      </ul>
    </div>
  );
}
