// One session report as a react-pdf page set: header with the organisation's logo, the result,
// then the layout's blocks in order (after the report's options), in the reader's language.
import { Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { TFunction } from "i18next";
import type { SessionReportLayoutBlock, SessionReportOptions } from "~db/tenant/schema/reports";
import type { SessionReportData } from "../report-data";
import { answerText, chartSeries, correctAnswerText, formatPercent, formatScore, richText, visibleBlocks } from "../report-view";
import { PdfBarChart, PdfRadarChart } from "./charts";

export type PdfReport = { data: SessionReportData; layout: SessionReportLayoutBlock[]; options: SessionReportOptions };
export type PdfContext = { t: TFunction; locale: string; organizationName: string; logo: { data: Buffer; format: "png" | "jpg" } | null; sessionDate: string };

const PRIMARY = "#011951";
const styles = StyleSheet.create({
  page: { padding: 36, fontSize: 10, fontFamily: "Helvetica", color: "#111827", lineHeight: 1.35 },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "center", borderBottomWidth: 1, borderBottomColor: PRIMARY, paddingBottom: 8, marginBottom: 12 },
  logo: { maxHeight: 40, maxWidth: 140, objectFit: "contain" },
  org: { fontSize: 9, color: "#4b5563" },
  title: { fontSize: 18, fontFamily: "Helvetica-Bold", color: PRIMARY, marginBottom: 4 },
  meta: { fontSize: 10, marginBottom: 2 },
  result: { marginTop: 10, marginBottom: 12, padding: 10, borderRadius: 4 },
  resultText: { fontSize: 14, fontFamily: "Helvetica-Bold" },
  h2: { fontSize: 13, fontFamily: "Helvetica-Bold", color: PRIMARY, marginTop: 12, marginBottom: 6 },
  h3: { fontSize: 11, fontFamily: "Helvetica-Bold", marginTop: 8, marginBottom: 3 },
  row: { flexDirection: "row", justifyContent: "space-between", borderBottomWidth: 0.5, borderBottomColor: "#e5e7eb", paddingVertical: 2 },
  muted: { color: "#4b5563" },
  warning: { backgroundColor: "#fef3c7", padding: 6, marginBottom: 8, fontSize: 9 },
  step: { marginLeft: 10, marginBottom: 4 },
  footer: { position: "absolute", bottom: 18, left: 36, right: 36, fontSize: 8, color: "#6b7280", flexDirection: "row", justifyContent: "space-between" },
});

const RESULT_COLOURS: Record<string, string> = { PASSED: "#dcfce7", DELIBERATED: "#dcfce7", NOT_PASSED: "#fee2e2", TRAINING_REQUIRED: "#fef3c7" };

export function ReportPages({ report, ctx }: { report: PdfReport; ctx: PdfContext }) {
  const { data, options } = report;
  const { t, locale } = ctx;
  const blocks = visibleBlocks(report.layout, options);
  return (
    <Page size="A4" style={styles.page} wrap>
      <View style={styles.header} fixed>
        {ctx.logo ? <Image style={styles.logo} src={ctx.logo} /> : <Text style={styles.title}>{ctx.organizationName}</Text>}
        <Text style={styles.org}>{ctx.organizationName}</Text>
      </View>
      <Text style={styles.title}>{t("reports:view.title")}</Text>
      <Text style={styles.meta}>{`${t("reports:view.participant")}${t("reports:view.colon")}${data.participantName}`}</Text>
      <Text style={styles.meta}>{`${t("reports:view.session")}${t("reports:view.colon")}${data.sessionName}`}</Text>
      <Text style={styles.meta}>{`${t("reports:view.date")}${t("reports:view.colon")}${ctx.sessionDate}`}</Text>
      <View style={[styles.result, { backgroundColor: RESULT_COLOURS[data.passedStatus] ?? "#f3f4f6" }]}>
        <Text style={styles.resultText}>{`${t("reports:view.result")}${t("reports:view.colon")}${t(`reports:status.${data.passedStatus}`)}`}</Text>
        <Text>{`${t("reports:view.total-score")}${t("reports:view.colon")}${formatScore(data.totalScore, locale)} (${formatPercent(data.totalScore, locale)}) · ${t("reports:view.pass-mark")}${t("reports:view.colon")}${data.passPercentage} %`}</Text>
        {data.passedStatusReason ? <Text>{`${t("reports:view.reason")}${t("reports:view.colon")}${data.passedStatusReason}`}</Text> : null}
      </View>
      {data.unscoredSteps > 0 ? <Text style={styles.warning}>{t("reports:view.incomplete", { count: data.unscoredSteps })}</Text> : null}
      {blocks.map((block, i) => (
        <Block key={i} block={block} report={report} ctx={ctx} />
      ))}
      <View style={styles.footer} fixed>
        <Text>{`${data.participantName} · ${data.sessionName}`}</Text>
        <Text render={({ pageNumber, totalPages }) => `${pageNumber} / ${totalPages}`} />
      </View>
    </Page>
  );
}

function Block({ block, report, ctx }: { block: SessionReportLayoutBlock; report: PdfReport; ctx: PdfContext }) {
  const { data, options } = report;
  const { t, locale } = ctx;
  switch (block.type) {
    case "chart": {
      const points = chartSeries(data, block.source);
      if (points.length === 0) return null;
      return (
        <View wrap={false}>
          <Text style={styles.h2}>{t(`reports:chart.${block.source}`)}</Text>
          {block.chartType === "RADAR" ? <PdfRadarChart points={points} locale={locale} /> : <PdfBarChart points={points} locale={locale} />}
        </View>
      );
    }
    case "summary":
      return (
        <View>
          <Text style={styles.h2}>{t("reports:view.summary")}</Text>
          {[
            ["reports:view.per-evaluation", data.summaryInfo.perEvaluation] as const,
            ["reports:view.per-category", data.summaryInfo.perCategory] as const,
          ].map(([label, list]) =>
            list.length ? (
              <View key={label} wrap={false}>
                <Text style={styles.h3}>{t(label)}</Text>
                {list.map((x) => (
                  <View key={x.id} style={styles.row}>
                    <Text>{x.name}</Text>
                    <Text>{block.displayNumericScore ? `${formatScore(x.score, locale)} · ${formatPercent(x.score, locale)}` : formatPercent(x.score, locale)}</Text>
                  </View>
                ))}
              </View>
            ) : null,
          )}
        </View>
      );
    case "comments":
      if (block.source === "SESSION") {
        const text = richText(data.sessionComment);
        return text ? (
          <View>
            <Text style={styles.h2}>{t("reports:view.session-comment")}</Text>
            <Text>{text}</Text>
          </View>
        ) : null;
      }
      return data.categoryComments.length ? (
        <View>
          <Text style={styles.h2}>{t("reports:view.category-comments")}</Text>
          {data.categoryComments.map((c) => (
            <View key={c.categoryId} wrap={false}>
              <Text style={styles.h3}>{c.name}</Text>
              <Text>{c.comment}</Text>
            </View>
          ))}
        </View>
      ) : null;
    case "evaluationDetails":
      return (
        <View>
          <Text style={styles.h2}>{t("reports:view.details")}</Text>
          {data.evaluations.map((evaluation) => (
            <View key={evaluation.id}>
              <View style={styles.row}>
                <Text style={styles.h3}>{evaluation.name}</Text>
                <Text style={styles.h3}>{block.displayNumericScore ? formatScore(evaluation.score, locale) : formatPercent(evaluation.score, locale)}</Text>
              </View>
              {block.showEvaluationComments && evaluation.comment ? <Text style={styles.muted}>{`${t("reports:view.examiner-comment")}${t("reports:view.colon")}${evaluation.comment}`}</Text> : null}
              {block.showQuestions
                ? evaluation.questions.map((question) => (
                    <View key={question.id} style={{ marginLeft: 6, marginTop: 4 }} wrap={false}>
                      <View style={styles.row}>
                        <Text>{question.name}</Text>
                        <Text>{block.displayNumericScore ? formatScore(question.score, locale) : formatPercent(question.score, locale)}</Text>
                      </View>
                      {question.steps.map((step, i) => (
                        <View key={i} style={styles.step}>
                          <Text style={styles.muted}>{`${t(`reports:step-types.${step.type}`)} · ${richText(step.question)}`}</Text>
                          <Text>{`${t("reports:view.answer")}${t("reports:view.colon")}${answerText(step, locale, { tickedPrefix: t("reports:view.ticked") + t("reports:view.colon"), none: t("reports:view.no-answer") })}`}</Text>
                          {options.showCorrectAnswers ? (
                            <Text>{`${t("reports:view.correct-answer")}${t("reports:view.colon")}${correctAnswerText(step, locale, { zones: t("reports:view.zones") })}`}</Text>
                          ) : null}
                          {block.displayNumericScore ? (
                            <Text>{`${t("reports:view.score")}${t("reports:view.colon")}${step.scored ? formatScore(step.score, locale) : t("reports:view.not-scored")}`}</Text>
                          ) : null}
                          {block.showQuestionComments && step.comment ? <Text style={styles.muted}>{`${t("reports:view.comment")}${t("reports:view.colon")}${step.comment}`}</Text> : null}
                        </View>
                      ))}
                    </View>
                  ))
                : null}
            </View>
          ))}
        </View>
      );
    default:
      return null;
  }
}
