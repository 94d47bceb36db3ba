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
import type { ChartPoint } from "~/modules/reports";

const PRIMARY = "#011951";
const GRID = "#94a3b8";

/**
 * The report chart's drawing with recharts (report-chart.tsx loads it in the browser only, so a
 * report is shown and hydrated without waiting for the library): a radar whose spokes carry their
 * values, or bars with the value at each bar's end.
 */
export default function ReportChartDrawing({
  radar,
  points,
  geometry,
  short,
  percent,
  series,
}: {
  radar: boolean;
  points: ChartPoint[];
  geometry: { radius: number; cy: number };
  short: (name: string) => string;
  percent: (value: unknown) => string;
  series: string;
}) {
  return (
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
