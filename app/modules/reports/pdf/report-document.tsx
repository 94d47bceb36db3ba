// One session report as a react-pdf page set: header with the organisation's logo, the result,
// then the layout's blocks in order (after the report's options), in the reader's language.
import { Fragment, type ReactNode } from "react";
import { Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { TFunction } from "i18next";
import type { SessionReportLayoutBlock, SessionReportOptions } from "~db/tenant/schema/reports";
import type { SessionReportData } from "../report-data";
import { planChart } from "../chart-plan";
import { formatPercent, formatScore, formatScoreAndPercent, richText, visibleBlocks } from "../report-view";
import { stepLines } from "../step-lines";
import { PdfBarChart, PdfRadarChart } from "./charts";

export type PdfReport = { data: SessionReportData; layout: SessionReportLayoutBlock[]; options: SessionReportOptions };
export type PdfContext = {
  t: TFunction;
  locale: string;
  organizationName: string;
  logo: { data: Buffer; format: "png" | "jpg" } | null;
  sessionDate: string;
};

const PRIMARY = "#011951";
/** Room a heading over running text keeps below it on its page (points): it never ends a page alone. */
const KEEP_WITH_NEXT = 48;
// react-pdf turns a unitless lineHeight into points with the fontSize of the same style (18 when it
// has none) and children inherit the points: every text style states its fontSize and lineHeight
// together (a title inheriting the page's 13.5 pt overlapped the line below it).
const styles = StyleSheet.create({
  page: { padding: 36, paddingBottom: 48, fontSize: 10, fontFamily: "Helvetica", color: "#111827", lineHeight: 1.35 },
  header: {
    flexDirection: "row",
    justifyContent: "space-between",
    alignItems: "center",
    borderBottomWidth: 1,
    borderBottomColor: PRIMARY,
    paddingBottom: 8,
    marginBottom: 12,
  },
  logo: { maxHeight: 40, maxWidth: 140, objectFit: "contain" },
  orgName: { fontSize: 14, fontFamily: "Helvetica-Bold", color: PRIMARY, lineHeight: 1.2 },
  org: { fontSize: 9, color: "#4b5563", lineHeight: 1.2 },
  title: { fontSize: 18, fontFamily: "Helvetica-Bold", color: PRIMARY, marginBottom: 6, lineHeight: 1.2 },
  meta: { fontSize: 10, marginBottom: 2, lineHeight: 1.35 },
  result: { marginTop: 10, marginBottom: 12, padding: 10, borderRadius: 4 },
  resultText: { fontSize: 14, fontFamily: "Helvetica-Bold", lineHeight: 1.25, marginBottom: 3 },
  h2: { fontSize: 13, fontFamily: "Helvetica-Bold", color: PRIMARY, marginTop: 14, marginBottom: 6, lineHeight: 1.25 },
  h3: { fontSize: 11, fontFamily: "Helvetica-Bold", marginTop: 8, marginBottom: 3, lineHeight: 1.25 },
  evaluation: {
    flexDirection: "row",
    justifyContent: "space-between",
    borderBottomWidth: 1,
    borderBottomColor: PRIMARY,
    marginTop: 10,
    paddingBottom: 2,
  },
  evaluationName: {
    fontSize: 11.5,
    fontFamily: "Helvetica-Bold",
    color: PRIMARY,
    lineHeight: 1.25,
    flexShrink: 1,
    paddingRight: 8,
  },
  question: {
    flexDirection: "row",
    justifyContent: "space-between",
    borderBottomWidth: 0.5,
    borderBottomColor: "#e5e7eb",
    marginLeft: 6,
    marginTop: 6,
    paddingVertical: 2,
  },
  questionName: { fontSize: 10, fontFamily: "Helvetica-Bold", lineHeight: 1.3, flexShrink: 1, paddingRight: 8 },
  rowScore: { paddingRight: 0, flexShrink: 0 },
  examiner: { fontSize: 10, color: "#4b5563", lineHeight: 1.35, marginTop: 3 },
  row: {
    flexDirection: "row",
    justifyContent: "space-between",
    borderBottomWidth: 0.5,
    borderBottomColor: "#e5e7eb",
    paddingVertical: 2,
  },
  cell: { fontSize: 10, lineHeight: 1.3, flexShrink: 1, paddingRight: 8 },
  text: { fontSize: 10, lineHeight: 1.35 },
  muted: { fontSize: 10, color: "#4b5563", lineHeight: 1.35 },
  warning: { backgroundColor: "#fef3c7", padding: 6, marginBottom: 8, fontSize: 9, lineHeight: 1.35 },
  step: { marginLeft: 16, marginTop: 3, marginBottom: 3 },
  footer: {
    position: "absolute",
    bottom: 18,
    left: 36,
    right: 36,
    flexDirection: "row",
    justifyContent: "space-between",
  },
  footerText: { fontSize: 8, lineHeight: 1.3, color: "#6b7280" },
});

const RESULT_COLOURS: Record<string, string> = {
  PASSED: "#dcfce7",
  DELIBERATED: "#dcfce7",
  NOT_PASSED: "#fee2e2",
  TRAINING_REQUIRED: "#fef3c7",
};

export function ReportPages({ report, ctx }: { report: PdfReport; ctx: PdfContext }) {
  const { data, options } = report;
  const { t, locale } = ctx;
  const blocks = visibleBlocks(report.layout, options);
  return (
    <Page size="A4" style={styles.page} wrap>
      {/* The organisation once: its logo with its name beside it, or its name alone. */}
      <View style={styles.header} fixed>
        {ctx.logo ? (
          <Image style={styles.logo} src={ctx.logo} />
        ) : (
          <Text style={styles.orgName}>{ctx.organizationName}</Text>
        )}
        {ctx.logo ? <Text style={styles.org}>{ctx.organizationName}</Text> : null}
      </View>
      <Text style={styles.title}>{t("reports:view.title")}</Text>
      <Text
        style={styles.meta}
      >{`${t("reports:view.participant")}${t("reports:view.colon")}${data.participantName}`}</Text>
      <Text style={styles.meta}>{`${t("reports:view.session")}${t("reports:view.colon")}${data.sessionName}`}</Text>
      <Text style={styles.meta}>{`${t("reports:view.date")}${t("reports:view.colon")}${ctx.sessionDate}`}</Text>
      <View style={[styles.result, { backgroundColor: RESULT_COLOURS[data.passedStatus] ?? "#f3f4f6" }]} wrap={false}>
        <Text
          style={styles.resultText}
        >{`${t("reports:view.result")}${t("reports:view.colon")}${t(`reports:status.${data.passedStatus}`)}`}</Text>
        <Text
          style={styles.text}
        >{`${t("reports:view.total-score")}${t("reports:view.colon")}${formatScore(data.totalScore, locale)} (${formatPercent(data.totalScore, locale)}) · ${t("reports:view.pass-mark")}${t("reports:view.colon")}${data.passPercentage} %`}</Text>
        {data.passedStatusReason ? (
          <Text
            style={styles.text}
          >{`${t("reports:view.reason")}${t("reports:view.colon")}${data.passedStatusReason}`}</Text>
        ) : null}
      </View>
      {data.unscoredSteps > 0 ? (
        <Text style={styles.warning}>{t("reports:view.incomplete", { count: data.unscoredSteps })}</Text>
      ) : null}
      {blocks.map((block, i) => (
        <Block key={i} block={block} report={report} ctx={ctx} />
      ))}
      {/* A View's render prop: a Text's draws nothing once the text inherits a lineHeight (the board PDF's footer says the same). */}
      <View
        style={styles.footer}
        fixed
        // The layout passes totalPages to a View's render too; its type names pageNumber only.
        render={(props) => {
          const { pageNumber, totalPages } = props as { pageNumber: number; totalPages?: number };
          return (
            <>
              <Text style={styles.footerText}>{`${data.participantName} · ${data.sessionName}`}</Text>
              <Text style={styles.footerText}>{`${pageNumber} / ${totalPages}`}</Text>
            </>
          );
        }}
      />
    </Page>
  );
}

type Style = (typeof styles)[keyof typeof styles];

/**
 * A heading followed by running text: it keeps KEEP_WITH_NEXT points of that text on its page
 * (the text itself may go on over the page break).
 */
function Heading({ style, children }: { style: Style; children: string }) {
  return (
    <Text style={style} minPresenceAhead={KEEP_WITH_NEXT}>
      {children}
    </Text>
  );
}

/** The row and name styles of a score row: a summary line, a station, a question. */
const SCORE_ROW_STYLES = {
  summary: { row: styles.row, name: styles.cell },
  evaluation: { row: styles.evaluation, name: styles.evaluationName },
  question: { row: styles.question, name: styles.questionName },
};

/** A name with its score on the right. */
function ScoreRow({ level, name, score }: { level: keyof typeof SCORE_ROW_STYLES; name: string; score: string }) {
  const style = SCORE_ROW_STYLES[level];
  return (
    <View style={style.row} wrap={false}>
      <Text style={style.name}>{name}</Text>
      <Text style={[style.name, styles.rowScore]}>{score}</Text>
    </View>
  );
}

/** One piece of a block that is never split: a heading, a row, a step. */
type Unit = { key: string; heading: boolean; node: ReactNode };

/**
 * The units in order, each heading glued to the first unit after it in one unbreakable view: a
 * heading (or a run of them: section, station, question) moves to the next page with the first
 * step below it instead of ending a page alone. minPresenceAhead cannot do this when that step is
 * taller than its window, and the other units stay free to break, so no half page is left empty.
 */
function KeptWithNext({ units }: { units: Unit[] }) {
  const out: ReactNode[] = [];
  let pending: Unit[] = [];
  const glued = (list: Unit[], key: string) => (
    <View key={key} wrap={false}>
      {list.map((u) => (
        <Fragment key={u.key}>{u.node}</Fragment>
      ))}
    </View>
  );
  for (const unit of units) {
    if (unit.heading) {
      pending.push(unit);
      continue;
    }
    out.push(pending.length ? glued([...pending, unit], unit.key) : <Fragment key={unit.key}>{unit.node}</Fragment>);
    pending = [];
  }
  if (pending.length) out.push(glued(pending, "last"));
  return <>{out}</>;
}

function Block({ block, report, ctx }: { block: SessionReportLayoutBlock; report: PdfReport; ctx: PdfContext }) {
  const { data, options } = report;
  const { t, locale } = ctx;
  switch (block.type) {
    case "chart": {
      // The same choice as the screen's: a source with something to chart, a radar only with three axes.
      const plan = planChart(data, { source: block.source, chartType: block.chartType });
      if (!plan) return null;
      return (
        <View wrap={false}>
          <Text style={styles.h2}>{t(`reports:chart.${plan.source}`)}</Text>
          {plan.kind === "RADAR" ? (
            <PdfRadarChart points={plan.points} locale={locale} />
          ) : (
            <PdfBarChart points={plan.points} locale={locale} />
          )}
        </View>
      );
    }
    case "summary": {
      const lists = [
        ["reports:view.per-evaluation", data.summaryInfo.perEvaluation] as const,
        ["reports:view.per-category", data.summaryInfo.perCategory] as const,
      ].filter(([, list]) => list.length > 0);
      return (
        <KeptWithNext
          units={[
            { key: "h2", heading: true, node: <Text style={styles.h2}>{t("reports:view.summary")}</Text> },
            ...lists.flatMap(([label, list]): Unit[] => [
              { key: label, heading: true, node: <Text style={styles.h3}>{t(label)}</Text> },
              ...list.map((x) => ({
                key: `${label}-${x.id}`,
                heading: false,
                node: (
                  <ScoreRow
                    level="summary"
                    name={x.name}
                    score={formatScoreAndPercent(x.score, locale, block.displayNumericScore)}
                  />
                ),
              })),
            ]),
          ]}
        />
      );
    }
    case "comments":
      if (block.source === "SESSION") {
        const text = richText(data.sessionComment);
        return text ? (
          <>
            <Heading style={styles.h2}>{t("reports:view.session-comment")}</Heading>
            <Text style={styles.text}>{text}</Text>
          </>
        ) : null;
      }
      return data.categoryComments.length ? (
        <>
          <Heading style={styles.h2}>{t("reports:view.category-comments")}</Heading>
          {data.categoryComments.map((c) => (
            <Fragment key={c.categoryId}>
              <Heading style={styles.h3}>{c.name}</Heading>
              <Text style={styles.text}>{c.comment}</Text>
            </Fragment>
          ))}
        </>
      ) : null;
    case "evaluationDetails": {
      const score = (s: { score: number; maxScore: number }) =>
        block.displayNumericScore ? formatScore(s, locale) : formatPercent(s, locale);
      // Steps may run onto the next page one by one (a whole question held together left half
      // pages empty); headings go with the first step below them.
      const units: Unit[] = [
        { key: "h2", heading: true, node: <Text style={styles.h2}>{t("reports:view.details")}</Text> },
      ];
      for (const evaluation of data.evaluations) {
        // A station's heading (and comment) go with its first question; alone, they are a line like any other.
        const opens = block.showQuestions && evaluation.questions.length > 0;
        units.push({
          key: evaluation.id,
          heading: opens,
          node: <ScoreRow level="evaluation" name={evaluation.name} score={score(evaluation.score)} />,
        });
        if (block.showEvaluationComments && evaluation.comment) {
          const comment = `${t("reports:view.examiner-comment")}${t("reports:view.colon")}${evaluation.comment}`;
          units.push({
            key: `${evaluation.id}-comment`,
            heading: opens,
            node: <Text style={styles.examiner}>{comment}</Text>,
          });
        }
        if (!block.showQuestions) continue;
        for (const question of evaluation.questions) {
          const id = `${evaluation.id}-${question.id}`;
          units.push({
            key: id,
            heading: question.steps.length > 0,
            node: <ScoreRow level="question" name={question.name} score={score(question.score)} />,
          });
          question.steps.forEach((step, i) =>
            units.push({
              key: `${id}-${i}`,
              heading: false,
              node: (
                <View style={styles.step} wrap={false}>
                  {stepLines(step, t, locale, {
                    correctAnswer: options.showCorrectAnswers,
                    score: block.displayNumericScore,
                    comment: block.showQuestionComments,
                  }).map((line) => (
                    <Text key={line.key} style={line.muted ? styles.muted : styles.text}>
                      {line.text}
                    </Text>
                  ))}
                </View>
              ),
            }),
          );
        }
      }
      return <KeptWithNext units={units} />;
    }
    default:
      return null;
  }
}
