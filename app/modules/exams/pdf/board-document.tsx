// The exam board's PDF as react-pdf pages: the cut in force and its working, the quality
// statistics, and per station a chart of score against global rating with its regression line.
// Plain data in (board-pdf-job.tsx draws it on a worker thread).
import { Circle, Document, G, Line, Page, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import type { TFunction } from "i18next";
import type { ExamAnalysis } from "../analysis";
import type { ExamStandard } from "../standard-setting";
import { formatStat, warningText } from "../board-format";
import { examQualityTable, standardWorkingTable, stationQualityTable } from "../quality-tables";
import { regressionSegment } from "../chart-line";
import { BOARD_FONT } from "./fonts";

export type BoardPdfStation = {
  id: string;
  name: string;
  ratingLabels: string[];
  borderlineGrades: number[];
  /** Each rated candidate's grade and score %. */
  points: Array<{ grade: number; percent: number }>;
};

export type BoardPdfData = {
  examName: string;
  sessionTemplateName: string;
  organizationName: string;
  generatedAt: string;
  /** The applied standard, or null (the session template's pass percentage holds). */
  applied: { cutScore: number; by: string; at: string } | null;
  standard: ExamStandard;
  stations: BoardPdfStation[];
  analysis: ExamAnalysis;
  staffNames: Record<string, string>;
};

const PRIMARY = "#011951";
const GRID = "#c7ccd9";
const styles = StyleSheet.create({
  page: { padding: 36, paddingBottom: 48, fontSize: 9, fontFamily: BOARD_FONT, color: "#111827", lineHeight: 1.35 },
  title: { fontSize: 18, fontFamily: BOARD_FONT, fontWeight: "bold", color: PRIMARY, marginBottom: 4, lineHeight: 1.2 },
  meta: { fontSize: 9, color: "#4b5563", marginBottom: 2, lineHeight: 1.3 },
  h2: {
    fontSize: 13,
    fontFamily: BOARD_FONT,
    fontWeight: "bold",
    color: PRIMARY,
    marginTop: 14,
    marginBottom: 6,
    lineHeight: 1.25,
  },
  h3: { fontSize: 10.5, fontFamily: BOARD_FONT, fontWeight: "bold", marginTop: 8, marginBottom: 3, lineHeight: 1.25 },
  cut: { fontSize: 14, fontFamily: BOARD_FONT, fontWeight: "bold", marginBottom: 4, lineHeight: 1.25 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#e5e7eb", paddingVertical: 2 },
  headRow: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: PRIMARY, paddingVertical: 2 },
  first: { flex: 3, paddingRight: 4, fontSize: 8.5, lineHeight: 1.3 },
  cell: { flex: 1.2, textAlign: "right", paddingLeft: 6, fontSize: 8.5, lineHeight: 1.3 },
  bold: { fontFamily: BOARD_FONT, fontWeight: "bold" },
  warning: { fontSize: 8.5, color: "#92400e", lineHeight: 1.3, marginBottom: 1 },
  chart: { marginBottom: 10 },
  footer: { position: "absolute", bottom: 20, left: 36, right: 36 },
  footerText: { fontSize: 8, lineHeight: 1.3, color: "#6b7280", textAlign: "center" },
});

function Table({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <View>
      <View style={styles.headRow} wrap={false}>
        {head.map((h, i) => (
          <Text key={i} style={[i === 0 ? styles.first : styles.cell, styles.bold]}>
            {h}
          </Text>
        ))}
      </View>
      {rows.map((r, i) => (
        <View key={i} style={styles.row} wrap={false}>
          {r.map((c, j) => (
            <Text key={j} style={j === 0 ? styles.first : styles.cell}>
              {c}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

/** Score % (y, 0–100) against the global rating grade (x), with the least-squares line. */
export function PdfScatter({
  station,
  intercept,
  slope,
  t,
}: {
  station: BoardPdfStation;
  intercept: number | null;
  slope: number | null;
  t: TFunction;
}) {
  const width = 500;
  const height = 190;
  const left = 40;
  const top = 20;
  const bottom = 36;
  const plotW = width - left - 12;
  const plotH = height - bottom - top;
  const grades = Math.max(2, station.ratingLabels.length);
  const x = (g: number) => left + (plotW * (g + 0.5)) / grades;
  const y = (p: number) => top + plotH - (plotH * Math.max(0, Math.min(100, p))) / 100;
  const segment = regressionSegment(intercept, slope, grades - 1);
  const line = segment ? { x1: x(segment.x1), y1: y(segment.y1), x2: x(segment.x2), y2: y(segment.y2) } : null;
  return (
    <Svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      {[0, 25, 50, 75, 100].map((p) => (
        <G key={p}>
          <Line x1={left} y1={y(p)} x2={left + plotW} y2={y(p)} stroke={GRID} strokeWidth={0.5} />
          <Text
            x={left - 4}
            y={y(p) + 2.5}
            textAnchor="end"
            style={{ fontSize: 7, fontFamily: BOARD_FONT }}
            fill="#4b5563"
          >
            {`${p}\u00a0%`}
          </Text>
        </G>
      ))}
      {station.ratingLabels.map((label, g) => (
        <Text
          key={label}
          x={x(g)}
          y={top + plotH + 11}
          textAnchor="middle"
          style={{
            fontSize: 7,
            fontFamily: BOARD_FONT,
            fontWeight: station.borderlineGrades.includes(g) ? "bold" : "normal",
          }}
          fill="#111827"
        >
          {t(`exams:rating.${label}`)}
        </Text>
      ))}
      <Text
        x={left + plotW / 2}
        y={height - 8}
        textAnchor="middle"
        style={{ fontSize: 7.5, fontFamily: BOARD_FONT }}
        fill="#111827"
      >
        {t("exams:chart.x-axis")}
      </Text>
      <Text x={2} y={8} style={{ fontSize: 7.5, fontFamily: BOARD_FONT }} fill="#111827">
        {t("exams:chart.y-axis")}
      </Text>
      {station.points.map((p, i) => (
        <Circle
          key={i}
          cx={x(p.grade) + (((i * 7) % 13) - 6) * 0.8}
          cy={y(p.percent)}
          r={2.4}
          fill={PRIMARY}
          fillOpacity={0.6}
        />
      ))}
      {line && <Line {...line} stroke="#b91c1c" strokeWidth={1.2} />}
    </Svg>
  );
}

/**
 * "Page n of m" at the foot of every page. A View's render prop: a Text's draws nothing once the
 * text inherits a lineHeight (react-pdf 4.9, layout 5.2).
 */
function PageFooter({ t }: { t: TFunction }) {
  return (
    <View
      style={styles.footer}
      fixed
      // The layout passes totalPages to a View's render too; its type names pageNumber only.
      render={(props) => {
        const { pageNumber, totalPages } = props as { pageNumber: number; totalPages?: number };
        return <Text style={styles.footerText}>{t("exams:pdf.page", { page: pageNumber, pages: totalPages })}</Text>;
      }}
    />
  );
}

export function BoardDocument({ data, t, locale }: { data: BoardPdfData; t: TFunction; locale: string }) {
  const f = (v: number | null | undefined, kind: "percent" | "number" | "ratio" = "number") =>
    formatStat(v, locale, kind, t("exams:not-available"));
  const nameOf = (id: string) => data.stations.find((s) => s.id === id)?.name ?? id;
  const { standard, analysis } = data;
  return (
    <Document title={data.examName} author={data.organizationName} language={locale}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>{t("exams:pdf.title", { name: data.examName })}</Text>
        <Text style={styles.meta}>
          {data.organizationName} · {data.sessionTemplateName}
        </Text>
        <Text style={styles.meta}>{t("exams:pdf.generated", { at: data.generatedAt })}</Text>

        <Text style={styles.h2}>{t("exams:standard.heading")}</Text>
        <Text style={styles.cut}>
          {t("exams:standard.cut-in-force", {
            cut: f(data.applied?.cutScore ?? standard.cutScore, "percent"),
            method: t(`exams:method.${standard.method}`),
          })}
        </Text>
        <Text style={styles.meta}>
          {data.applied
            ? t("exams:standard.applied-by", { by: data.applied.by, at: data.applied.at })
            : t("exams:standard.none-applied")}
        </Text>
        {standard.semMultiplier ? (
          <Text style={styles.meta}>
            {t("exams:standard.sem-adjusted", {
              unadjusted: f(standard.unadjustedCutScore, "percent"),
              k: f(standard.semMultiplier),
              sem: f(standard.sem),
            })}
          </Text>
        ) : null}
        <Text style={styles.meta}>
          {t("exams:standard.outcome", {
            passed: standard.passed,
            failed: standard.failed,
            undecided: standard.undecided,
          })}
        </Text>
        <Text style={styles.h3}>{t("exams:standard.working")}</Text>
        <Table {...standardWorkingTable(t, standard, nameOf, f)} />
        {standard.angoff ? (
          <Text style={styles.meta}>
            {t("exams:angoff.summary", {
              judges: standard.angoff.countedJudges,
              sd: f(standard.angoff.sd),
              low: f(standard.angoff.ciLow, "percent"),
              high: f(standard.angoff.ciHigh, "percent"),
            })}
          </Text>
        ) : null}
        {standard.warnings.map((w, i) => (
          <Text key={i} style={styles.warning}>
            {warningText(t, w, nameOf, data.staffNames)}
          </Text>
        ))}

        <Text style={styles.h2}>{t("exams:quality.heading")}</Text>
        <Table {...examQualityTable(t, data.examName, analysis, f)} />
        <Text style={styles.h3}>{t("exams:quality.stations")}</Text>
        <Table {...stationQualityTable(t, analysis, nameOf, f, t("exams:not-available"))} />
        {analysis.examiners.length > 0 ? (
          <>
            <Text style={styles.h3}>{t("exams:quality.examiners")}</Text>
            <Table
              head={[t("exams:col.examiner"), t("exams:col.marked"), t("exams:col.offset"), t("exams:col.flag")]}
              rows={analysis.examiners.map((e) => [
                data.staffNames[e.examinerId] ?? e.examinerId,
                String(e.candidatesMarked),
                f(e.offset),
                e.flag ? t(`exams:flag.${e.flag}`) : "",
              ])}
            />
          </>
        ) : null}
        {analysis.warnings.map((w, i) => (
          <Text key={i} style={styles.warning}>
            {warningText(t, w, nameOf, data.staffNames)}
          </Text>
        ))}
        <PageFooter t={t} />
      </Page>
      <Page size="A4" style={styles.page}>
        <Text style={styles.h2}>{t("exams:chart.heading")}</Text>
        {data.stations.map((station) => {
          const s = analysis.stations.find((a) => a.stationId === station.id);
          return (
            <View key={station.id} style={styles.chart} wrap={false}>
              <Text style={styles.h3}>
                {t("exams:chart.station-title", {
                  name: station.name,
                  r2: f(s?.rSquared, "ratio"),
                  n: station.points.length,
                })}
              </Text>
              <PdfScatter station={station} intercept={s?.intercept ?? null} slope={s?.slope ?? null} t={t} />
            </View>
          );
        })}
        <PageFooter t={t} />
      </Page>
    </Document>
  );
}
