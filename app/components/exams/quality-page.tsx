import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import { useFormat } from "~/components/ui/use-format";
import { DEFAULT_HAWK_DOVE_THRESHOLD, examQualityTable, stationQualityTable } from "~/modules/exams";
import { type ExamBoardView, formatStat } from "./board-view";
import { PercentField } from "./percent-field";
import { ScoreRatingChart } from "./score-rating-chart";
import { StatTable } from "./stat-table";
import { Warnings } from "./standard-working";

export function QualityPage({ board, threshold }: { board: ExamBoardView; threshold: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { analysis } = board;
  const stat = (v: number | null | undefined, kind?: "percent" | "number" | "ratio") =>
    formatStat(v, format.locale, kind);
  const stationName = (id: string) => board.stations.find((s) => s.id === id)?.name ?? id;
  const sessionLabel = (id: string) => {
    const session = board.sessions.find((s) => s.id === id);
    return session ? session.reference || format.dateTime(session.datetime) : id;
  };
  const itemLabel = (id: string) => {
    const item = board.items.find((i) => i.id === id);
    return item
      ? `${stationName(item.stationId)}: ${t("exams:angoff.step", { question: item.questionName, step: item.stepIndex + 1 })}`
      : id;
  };
  const stations = stationQualityTable(t, analysis, stationName, stat, stat(null));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <nav aria-label={t("exams:nav")} className="text-sm">
          <Link to={`/admin/exams/${board.exam._id}`}>{t("exams:quality.back")}</Link>
        </nav>
        <h1 className="text-2xl font-semibold text-primary">{t("exams:quality.title", { name: board.exam.name })}</h1>
      </div>
      <section className="flex flex-col gap-4 rounded-md border border-slate-200 bg-white p-4">
        <StatTable
          caption={t("exams:quality.exam")}
          testId="quality-exam"
          {...examQualityTable(t, board.exam.name, analysis, stat)}
        />
        <Warnings warnings={analysis.warnings} board={board} testId="quality-warnings" />
      </section>
      <section className="flex flex-col gap-4 rounded-md border border-slate-200 bg-white p-4">
        <StatTable caption={t("exams:quality.stations")} testId="quality-stations" {...stations} />
        <p className="max-w-3xl text-xs text-slate-700">{t("exams:quality.stations-note")}</p>
        {board.sessions.length > 1 ? (
          <StatTable
            caption={t("exams:quality.between-sessions")}
            testId="quality-sessions"
            head={[t("exams:col.station"), ...board.sessions.map((s) => sessionLabel(s.id))]}
            rows={analysis.stations.map((station) => [
              stationName(station.stationId),
              ...board.sessions.map((session) => {
                const m = station.sessions.find((x) => x.sessionId === session.id);
                return m ? t("exams:quality.session-mean", { mean: stat(m.mean, "percent"), n: m.n }) : stat(null);
              }),
            ])}
          />
        ) : (
          <p className="text-sm text-slate-700">{t("exams:quality.one-session")}</p>
        )}
        <h2 className="text-base font-semibold text-primary">{t("exams:chart.heading")}</h2>
        <div className="grid gap-4 lg:grid-cols-2">
          {board.stations.map((station) => {
            const s = analysis.stations.find((a) => a.stationId === station.id);
            return (
              <ScoreRatingChart
                key={station.id}
                name={station.name}
                labels={station.ratingScale.labels}
                borderlineGrades={station.ratingScale.borderlineGrades}
                points={board.chartPoints[station.id] ?? []}
                intercept={s?.intercept ?? null}
                slope={s?.slope ?? null}
                rSquared={s?.rSquared ?? null}
              />
            );
          })}
        </div>
      </section>
      <section className="flex flex-col gap-4 rounded-md border border-slate-200 bg-white p-4">
        {analysis.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t("exams:quality.no-items")}</p>
        ) : (
          <StatTable
            caption={t("exams:quality.items")}
            head={[
              t("exams:col.item"),
              t("exams:col.n"),
              t("exams:col.facility"),
              t("exams:col.discrimination"),
              t("exams:col.flags"),
            ]}
            rows={analysis.items.map((i) => [
              itemLabel(i.itemId),
              i.n,
              stat(i.facility, "ratio"),
              stat(i.discrimination, "ratio"),
              i.flags.map((f) => t(`exams:flag.${f}`)).join(", "),
            ])}
          />
        )}
      </section>
      <section className="flex flex-col gap-4 rounded-md border border-slate-200 bg-white p-4">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <PercentField
            label={t("exams:quality.threshold")}
            name="threshold"
            defaultValue={threshold ?? DEFAULT_HAWK_DOVE_THRESHOLD}
          />
          <Button type="submit" variant="secondary">
            {t("exams:quality.apply-threshold")}
          </Button>
        </Form>
        {analysis.examiners.length === 0 ? (
          <p className="text-sm text-slate-600">{t("exams:quality.no-examiners")}</p>
        ) : (
          <StatTable
            caption={t("exams:quality.examiners")}
            testId="quality-examiners"
            head={[t("exams:col.examiner"), t("exams:col.marked"), t("exams:col.offset"), t("exams:col.flag")]}
            rows={analysis.examiners.map((e) => [
              board.staffNames[e.examinerId] ?? e.examinerId,
              e.candidatesMarked,
              stat(e.offset),
              e.flag ? t(`exams:flag.${e.flag}`) : "",
            ])}
          />
        )}
      </section>
    </div>
  );
}
