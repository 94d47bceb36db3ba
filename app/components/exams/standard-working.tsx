import { useTranslation } from "react-i18next";
import { HeaderRow } from "~/components/ui/header-row";
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
            <table className="mt-1 text-sm">
              <thead>
                <HeaderRow
                  className="border-b border-slate-300"
                  columns={[
                    { label: t("exams:angoff.judges"), className: "px-2 py-1 text-left" },
                    { label: t("exams:angoff.judge-cut"), className: "px-2 py-1 text-right" },
                  ]}
                />
              </thead>
              <tbody>
                {standard.angoff.judges.map((j) => (
                  <tr key={j.judgeId} className="border-b border-slate-100">
                    <td className="px-2 py-1">{board.staffNames[j.judgeId] ?? j.judgeId}</td>
                    <td className="px-1.5 py-1 text-right tabular-nums">{stat(j.cutScore, "percent")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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
