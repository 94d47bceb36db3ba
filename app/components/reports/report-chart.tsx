import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ChartType } from "~db/tenant/schema/reports";
import { formatNumber, type ChartPoint } from "~/modules/reports";

const PRIMARY = "#011951";
const GRID = "#94a3b8";
/** Axis labels stay short so a phone-width chart is not cut off; the caption and tooltip carry full names. */
const shorten = (max: number) => (name: string) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);
/** Below this width a radar's side labels need a smaller web and shorter names to stay on screen. */
const NARROW_PX = 480;
/** Room above and below the web for a spoke's two label lines (name, value). */
const LABEL_PX = 44;

/**
 * The radar's radius, centre and height: the box is as high as the web and its labels, so an odd
 * number of spokes (whose web is shorter below the centre) leaves no empty band under the chart.
 */
function radarGeometry(count: number, narrow: boolean) {
  const radius = narrow ? 84 : 124;
  // Spokes start at the top and go round clockwise; the lowest one sets the web's depth.
  const depth = Math.max(...Array.from({ length: count }, (_, i) => -Math.cos((2 * Math.PI * i) / count))) * radius;
  return { radius, cy: LABEL_PX + radius, height: Math.round(LABEL_PX + radius + depth + LABEL_PX) };
}

/**
 * The report's chart with recharts (the PDF draws the same series as SVG). Recharts measures the
 * page, so it renders after hydration; the server sends a box of the same height.
 */
export function ReportChart({
  type,
  points,
  label,
  locale,
}: {
  type: ChartType;
  points: ChartPoint[];
  label: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    setMounted(true);
    setNarrow(window.innerWidth < NARROW_PX);
  }, []);
  const short = shorten(narrow ? 12 : 16);
  // Numbers as the rest of the report writes them ("62,5 %" in French), never recharts' raw value.
  const percent = (value: unknown) => `${formatNumber(Number(value), locale)} %`;
  const series = t("reports:chart.series");
  // planChart has already chosen: a radar here has three axes or more.
  const radar = type === "RADAR";
  const geometry = radarGeometry(points.length, narrow);
  const height = radar ? geometry.height : Math.max(160, points.length * 36 + 40);
  return (
    <figure
      aria-label={label}
      data-testid={`report-chart-${radar ? "radar" : "bar"}`}
      className="w-full"
      style={{ height }}
    >
      {mounted ? (
        <ResponsiveContainer width="100%" height="100%">
          {radar ? (
            <RadarChart
              data={points}
              outerRadius={geometry.radius}
              cy={geometry.cy}
              margin={{ top: 0, bottom: 0, left: 24, right: 24 }}
            >
              <PolarGrid stroke={GRID} />
              {/* Each spoke's name with its value below it, outside the web: nothing crosses the plot. */}
              <PolarAngleAxis
                dataKey="name"
                tick={(props: AngleTickProps) => (
                  <AngleTick {...props} point={points[props.index]} short={short} percent={percent} />
                )}
              />
              {/* The scale stays (rings at 25 % steps) without labels across the plot: each spoke says its value. */}
              <PolarRadiusAxis domain={[0, 100]} tickCount={5} tick={false} axisLine={false} />
              <Radar
                dataKey="percent"
                name={series}
                stroke={PRIMARY}
                fill={PRIMARY}
                fillOpacity={0.2}
                dot={{ r: 3, fill: PRIMARY, fillOpacity: 1 }}
                isAnimationActive={false}
              />
              <Tooltip formatter={percent} />
            </RadarChart>
          ) : (
            <BarChart data={points} layout="vertical" margin={{ left: 8, right: 56 }}>
              <CartesianGrid horizontal={false} />
              <XAxis type="number" domain={[0, 100]} tickFormatter={percent} />
              <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} tickFormatter={short} />
              {/* A 0 % bar is a sliver (as in the PDF), so it is there to carry its value. */}
              <Bar dataKey="percent" name={series} fill={PRIMARY} minPointSize={2} isAnimationActive={false}>
                {/* The value at the end of each bar. */}
                <LabelList dataKey="percent" position="right" formatter={percent} fontSize={12} fill="#1f2937" />
              </Bar>
              <Tooltip formatter={percent} />
            </BarChart>
          )}
        </ResponsiveContainer>
      ) : null}
      <figcaption className="sr-only">{points.map((p) => `${p.name}: ${percent(p.percent)}`).join(", ")}</figcaption>
    </figure>
  );
}

type AngleTickProps = {
  x: number | string;
  y: number | string;
  textAnchor: string;
  index: number;
  payload: { coordinate: number };
};

/** A radar spoke's label: its (shortened) name, then its value in bold, placed away from the web. */
function AngleTick({
  x,
  y,
  textAnchor,
  payload,
  point,
  short,
  percent,
}: AngleTickProps & {
  point: ChartPoint | undefined;
  short: (name: string) => string;
  percent: (value: unknown) => string;
}) {
  if (!point) return null;
  const px = Number(x);
  const py = Number(y);
  // Recharts gives the angle in degrees, 90 pointing up: above the centre both lines go above the tip.
  const up = Math.sin((payload.coordinate * Math.PI) / 180);
  const first = up > 0.3 ? py - 18 : up < -0.3 ? py + 12 : py - 4;
  return (
    <text x={px} y={first} textAnchor={textAnchor as "start" | "middle" | "end"} fontSize={12} fill="#1f2937">
      <title>{`${point.name}: ${percent(point.percent)}`}</title>
      <tspan x={px}>{short(point.name)}</tspan>
      <tspan x={px} dy={15} fontWeight={700} fill={PRIMARY}>
        {percent(point.percent)}
      </tspan>
    </text>
  );
}
