import { useTranslation } from "react-i18next";
import type { SessionReportLayoutBlock, SessionReportOptions } from "~db/tenant/schema/reports";
import type { SessionReportData } from "~/modules/reports";
import {
  planChart,
  formatPercent,
  formatScore,
  formatScoreAndPercent,
  richText,
  stepLines,
  visibleBlocks,
} from "~/modules/reports";
import { ReportChart } from "./report-chart";

const RESULT_STYLE: Record<string, string> = {
  PASSED: "border-green-700 bg-green-50 text-green-900",
  DELIBERATED: "border-green-700 bg-green-50 text-green-900",
  NOT_PASSED: "border-red-700 bg-red-50 text-red-900",
  TRAINING_REQUIRED: "border-amber-600 bg-amber-50 text-amber-900",
};

/** A session report as the participant reads it (and as the builder previews it). */
export function SessionReportView({
  data,
  layout,
  options,
  sessionDate,
}: {
  data: SessionReportData;
  layout: SessionReportLayoutBlock[];
  options: SessionReportOptions;
  sessionDate: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <article className="flex flex-col gap-6" data-testid="session-report">
      <header className="flex flex-col gap-1">
        <h2 className="text-2xl font-semibold text-primary">{t("reports:view.title")}</h2>
        <p>
          <span className="font-medium">
            {t("reports:view.participant")}
            {t("reports:view.colon").trimEnd()}
          </span>{" "}
          <span data-testid="report-participant">{data.participantName}</span>
        </p>
        <p>
          <span className="font-medium">
            {t("reports:view.session")}
            {t("reports:view.colon").trimEnd()}
          </span>{" "}
          {data.sessionName}
        </p>
        <p>
          <span className="font-medium">
            {t("reports:view.date")}
            {t("reports:view.colon").trimEnd()}
          </span>{" "}
          {sessionDate}
        </p>
      </header>
      <section
        className={`rounded-md border-l-4 p-4 ${RESULT_STYLE[data.passedStatus] ?? ""}`}
        data-testid="report-result"
        aria-label={t("reports:view.result")}
      >
        <p className="text-xl font-semibold">
          {t("reports:view.result")}
          {t("reports:view.colon")}
          <span data-testid="report-passed-status">{t(`reports:status.${data.passedStatus}`)}</span>
        </p>
        <p>
          {t("reports:view.total-score")}
          {t("reports:view.colon")}
          <span data-testid="report-total">{formatScore(data.totalScore, locale)}</span> (
          {formatPercent(data.totalScore, locale)}) · {t("reports:view.pass-mark")}
          {t("reports:view.colon")}
          {data.passPercentage} %
        </p>
        {data.passedStatusReason ? (
          <p>
            {t("reports:view.reason")}
            {t("reports:view.colon")}
            {data.passedStatusReason}
          </p>
        ) : null}
      </section>
      {data.unscoredSteps > 0 ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t("reports:view.incomplete", { count: data.unscoredSteps })}
        </p>
      ) : null}
      {visibleBlocks(layout, options).map((block, i) => (
        <Block key={i} block={block} data={data} options={options} locale={locale} />
      ))}
    </article>
  );
}

function Block({
  block,
  data,
  options,
  locale,
}: {
  block: SessionReportLayoutBlock;
  data: SessionReportData;
  options: SessionReportOptions;
  locale: string;
}) {
  const { t } = useTranslation();
  switch (block.type) {
    case "chart": {
      // The same choice as the PDF's: a source with something to chart, a radar only with three axes.
      const plan = planChart(data, { source: block.source, chartType: block.chartType });
      if (!plan) return null;
      return (
        <section>
          <h3 className="mb-2 text-lg font-semibold text-primary">{t(`reports:chart.${plan.source}`)}</h3>
          <ReportChart
            type={plan.kind}
            points={plan.points}
            label={t(`reports:chart.${plan.source}`)}
            locale={locale}
          />
        </section>
      );
    }
    case "summary":
      return (
        <section>
          <h3 className="mb-2 text-lg font-semibold text-primary">{t("reports:view.summary")}</h3>
          {(
            [
              ["reports:view.per-evaluation", data.summaryInfo.perEvaluation],
              ["reports:view.per-category", data.summaryInfo.perCategory],
            ] as const
          ).map(([label, list]) =>
            list.length ? (
              <table key={label} className="mb-3 w-full text-sm">
                <caption className="text-left font-medium">{t(label)}</caption>
                <tbody>
                  {list.map((x) => (
                    <tr key={x.id} className="border-b border-slate-200">
                      <th scope="row" className="py-1 text-left font-normal">
                        {x.name}
                      </th>
                      <td className="py-1 text-right tabular-nums">
                        {formatScoreAndPercent(x.score, locale, block.displayNumericScore)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null,
          )}
        </section>
      );
    case "comments": {
      if (block.source === "SESSION") {
        const text = richText(data.sessionComment);
        return text ? (
          <section>
            <h3 className="mb-2 text-lg font-semibold text-primary">{t("reports:view.session-comment")}</h3>
            <p className="whitespace-pre-line">{text}</p>
          </section>
        ) : null;
      }
      return data.categoryComments.length ? (
        <section>
          <h3 className="mb-2 text-lg font-semibold text-primary">{t("reports:view.category-comments")}</h3>
          <dl className="flex flex-col gap-2">
            {data.categoryComments.map((c) => (
              <div key={c.categoryId}>
                <dt className="font-medium">{c.name}</dt>
                <dd className="whitespace-pre-line">{c.comment}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null;
    }
    case "evaluationDetails":
      return (
        <section>
          <h3 className="mb-2 text-lg font-semibold text-primary">{t("reports:view.details")}</h3>
          <div className="flex flex-col gap-4">
            {data.evaluations.map((evaluation) => (
              <div key={evaluation.id} className="rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap justify-between gap-2 font-semibold">
                  <h4>{evaluation.name}</h4>
                  <span className="tabular-nums">
                    {formatScoreAndPercent(evaluation.score, locale, block.displayNumericScore)}
                  </span>
                </div>
                {block.showEvaluationComments && evaluation.comment ? (
                  <p className="text-sm text-slate-600">
                    {t("reports:view.examiner-comment")}
                    {t("reports:view.colon")}
                    {evaluation.comment}
                  </p>
                ) : null}
                {block.showQuestions ? (
                  <ul className="mt-2 flex flex-col gap-2">
                    {evaluation.questions.map((question) => (
                      <li key={question.id}>
                        <div className="flex flex-wrap justify-between gap-2 border-b border-slate-100">
                          <span>{question.name}</span>
                          <span className="tabular-nums">
                            {formatScoreAndPercent(question.score, locale, block.displayNumericScore)}
                          </span>
                        </div>
                        <ul className="ml-3 mt-1 flex flex-col gap-1 text-sm">
                          {question.steps.map((step, i) => (
                            <li key={i}>
                              {stepLines(step, t, locale, {
                                correctAnswer: options.showCorrectAnswers,
                                score: block.displayNumericScore,
                                comment: block.showQuestionComments,
                              }).map((line) => (
                                <p key={line.key} className={line.muted ? "text-slate-600" : undefined}>
                                  {line.text}
                                </p>
                              ))}
                            </li>
                          ))}
                        </ul>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ))}
          </div>
        </section>
      );
    default:
      return null;
  }
}
