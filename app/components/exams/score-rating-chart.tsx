import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CartesianGrid,
  ComposedChart,
  Label,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useFormat } from "~/components/ui/use-format";
import { regressionSegment } from "~/modules/exams";
import { formatStat } from "./board-view";

const PRIMARY = "#011951";
const LINE = "#b91c1c";

/**
 * A station's score (%) against its global rating, one dot per rated candidate (spread a little
 * sideways so equal marks stay visible), with the least-squares line. Recharts measures the page,
 * so it renders after hydration; the server sends a box of the same height.
 */
export function ScoreRatingChart({
  name,
  labels,
  borderlineGrades = [],
  points,
  intercept,
  slope,
  rSquared,
}: {
  name: string;
  labels: readonly string[];
  /** Grades named in bold: where the regression's cut is read. */
  borderlineGrades?: readonly number[];
  points: Array<{ grade: number; percent: number }>;
  intercept: number | null;
  slope: number | null;
  rSquared: number | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const dots = points.map((p, i) => ({ x: p.grade + (((i * 7) % 11) - 5) * 0.025, y: p.percent }));
  const last = Math.max(1, labels.length - 1);
  const segment = regressionSegment(intercept, slope, last);
  const line = segment
    ? [
        { x: segment.x1, line: segment.y1 },
        { x: segment.x2, line: segment.y2 },
      ]
    : [];
  const title = t("exams:chart.station-title", {
    name,
    r2: formatStat(rSquared, format.locale, "ratio"),
    n: points.length,
  });
  const tick = (grade: number) => (Number.isInteger(grade) && labels[grade] ? t(`exams:rating.${labels[grade]}`) : "");
  return (
    <figure className="rounded-md border border-slate-200 bg-white p-3" data-testid="score-rating-chart">
      <figcaption className="mb-1 text-sm font-semibold">{title}</figcaption>
      <div style={{ height: 300 }}>
        {mounted ? (
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart margin={{ top: 8, right: 16, bottom: 28, left: 8 }} accessibilityLayer={false}>
              <CartesianGrid stroke="#cbd5e1" />
              <XAxis
                type="number"
                dataKey="x"
                domain={[-0.5, last + 0.5]}
                ticks={labels.map((_, i) => i)}
                interval={0}
                height={40}
                tick={(props: GradeTickProps) => (
                  <GradeTick
                    {...props}
                    text={tick(Number(props.payload.value))}
                    bold={borderlineGrades.includes(Number(props.payload.value))}
                  />
                )}
              >
                <Label value={t("exams:chart.x-axis")} position="bottom" offset={6} fill="#1f2937" fontSize={12} />
              </XAxis>
              <YAxis
                type="number"
                domain={[0, 100]}
                ticks={[0, 25, 50, 75, 100]}
                tick={{ fontSize: 11, fill: "#1f2937" }}
                width={48}
              >
                <Label
                  value={t("exams:chart.y-axis")}
                  angle={-90}
                  position="insideLeft"
                  offset={0}
                  style={{ textAnchor: "middle" }}
                  fill="#1f2937"
                  fontSize={12}
                />
              </YAxis>
              <Scatter data={dots} dataKey="y" fill={PRIMARY} fillOpacity={0.65} isAnimationActive={false} />
              {line.length ? (
                <Line
                  data={line}
                  dataKey="line"
                  stroke={LINE}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                  name={t("exams:chart.line")}
                />
              ) : null}
              <Tooltip
                formatter={(value) => formatStat(Number(value), format.locale, "percent")}
                labelFormatter={() => ""}
              />
            </ComposedChart>
          </ResponsiveContainer>
        ) : null}
      </div>
      {points.length === 0 ? <p className="text-sm text-slate-600">{t("exams:chart.empty")}</p> : null}
    </figure>
  );
}

type GradeTickProps = { x: number | string; y: number | string; payload: { value: number | string } };

/**
 * A grade's name under the axis, on two lines when it has two words or more ("Duidelijk
 * onvoldoende", "Réussite nette"): side by side at tablet width the names would run together.
 */
function GradeTick({ x, y, text, bold }: GradeTickProps & { text: string; bold: boolean }) {
  const words = text.split(" ");
  const half = Math.ceil(words.length / 2);
  const lines = words.length > 1 ? [words.slice(0, half).join(" "), words.slice(half).join(" ")] : [text];
  return (
    <text x={Number(x)} y={Number(y)} textAnchor="middle" fontSize={11} fontWeight={bold ? 700 : 400} fill="#1f2937">
      {lines.map((line, i) => (
        <tspan key={i} x={Number(x)} dy={i === 0 ? 12 : 13}>
          {line}
        </tspan>
      ))}
    </text>
  );
}
