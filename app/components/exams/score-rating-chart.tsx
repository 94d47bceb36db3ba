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
  points,
  intercept,
  slope,
  rSquared,
}: {
  name: string;
  labels: readonly string[];
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
  const line =
    intercept !== null && slope !== null
      ? [
          { x: 0, line: intercept },
          { x: last, line: intercept + slope * last },
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
      <div style={{ height: 280 }}>
        {mounted ? (
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart margin={{ top: 8, right: 16, bottom: 36, left: 8 }} accessibilityLayer={false}>
              <CartesianGrid stroke="#cbd5e1" />
              <XAxis
                type="number"
                dataKey="x"
                domain={[-0.5, last + 0.5]}
                ticks={labels.map((_, i) => i)}
                tickFormatter={tick}
                interval={0}
                tick={{ fontSize: 11, fill: "#1f2937" }}
              >
                <Label value={t("exams:chart.x-axis")} position="bottom" offset={16} fill="#1f2937" fontSize={12} />
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
