// The report's charts as react-pdf SVG primitives, from the same series the screen's recharts
// draw (chartSeries), so the PDF and the preview show the same figures.
import { Circle, G, Line, Polygon, Rect, Svg, Text } from "@react-pdf/renderer";
import { formatNumber, type ChartPoint } from "../report-view";

const PRIMARY = "#011951";
const GRID = "#c7ccd9";

export function PdfBarChart({ points, locale, width = 480 }: { points: ChartPoint[]; locale: string; width?: number }) {
  const row = 18;
  const label = 150;
  const barWidth = width - label - 50;
  const height = points.length * row + 20;
  return (
    <Svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      {[0, 25, 50, 75, 100].map((p) => (
        <G key={p}>
          <Line
            x1={label + (barWidth * p) / 100}
            y1={0}
            x2={label + (barWidth * p) / 100}
            y2={height - 14}
            stroke={GRID}
            strokeWidth={0.5}
          />
          <Text
            x={label + (barWidth * p) / 100}
            y={height - 4}
            textAnchor="middle"
            style={{ fontSize: 7 }}
            fill="#4b5563"
          >
            {`${p}\u00a0%`}
          </Text>
        </G>
      ))}
      {points.map((point, i) => (
        <G key={i}>
          <Text x={0} y={i * row + 12} style={{ fontSize: 8 }} fill="#111827">
            {truncate(point.name, 30)}
          </Text>
          <Rect
            x={label}
            y={i * row + 3}
            width={Math.max(0.5, (barWidth * Math.min(100, point.percent)) / 100)}
            height={row - 7}
            fill={PRIMARY}
          />
          <Text
            x={label + (barWidth * Math.min(100, point.percent)) / 100 + 4}
            y={i * row + 12}
            style={{ fontSize: 7 }}
            fill="#111827"
          >
            {`${formatNumber(point.percent, locale)}\u00a0%`}
          </Text>
        </G>
      ))}
    </Svg>
  );
}

/**
 * A radar over three axes or more (planChart has already turned fewer into bars). Each axis is
 * labelled outside the web with its name and, below it in bold, its value; labels on the left end
 * at their axis and labels on the right start there, so none crosses the plot.
 */
export function PdfRadarChart({
  points,
  locale,
  width = 520,
  height = 300,
}: {
  points: ChartPoint[];
  locale: string;
  width?: number;
  height?: number;
}) {
  const cx = width / 2;
  const cy = height / 2;
  const r = height / 2 - 36;
  const at = (i: number, fraction: number) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / points.length;
    return [cx + Math.cos(angle) * r * fraction, cy + Math.sin(angle) * r * fraction] as const;
  };
  const ring = (fraction: number) => points.map((_, i) => at(i, fraction).join(",")).join(" ");
  const value = (p: ChartPoint) => Math.max(0, Math.min(100, p.percent)) / 100;
  const shape = points.map((p, i) => at(i, value(p)).join(",")).join(" ");
  const labels = points.map((p, i) => {
    const [x, y] = at(i, 1);
    const dx = x - cx;
    const dy = y - cy;
    const anchor = Math.abs(dx) < 5 ? "middle" : dx < 0 ? "end" : "start";
    const lx = x + (anchor === "middle" ? 0 : anchor === "end" ? -6 : 6);
    // Above the web the two lines end at the spoke's tip, below it they start there.
    const top = Math.abs(dx) < 5 ? (dy < 0 ? y - 16 : y + 10) : y + (dy < -5 ? -8 : dy > 5 ? 4 : -2);
    const room = anchor === "middle" ? width * 0.6 : anchor === "end" ? lx : width - lx;
    return {
      name: truncate(p.name, Math.max(10, Math.floor(room / 4.4))),
      value: `${formatNumber(p.percent, locale)}\u00a0%`,
      anchor,
      lx,
      top,
    } as const;
  });
  // The drawing's own height: an odd number of spokes leaves the bottom of a square box empty.
  const minY = Math.min(...labels.map((l) => l.top - 8), cy - r);
  const maxY = Math.max(...labels.map((l) => l.top + 13), cy + r);
  return (
    <Svg width={width} height={maxY - minY} viewBox={`0 ${minY} ${width} ${maxY - minY}`}>
      {[0.25, 0.5, 0.75, 1].map((f) => (
        <Polygon key={f} points={ring(f)} stroke={GRID} strokeWidth={0.5} fill="none" />
      ))}
      {points.map((_, i) => {
        const [x, y] = at(i, 1);
        return <Line key={i} x1={cx} y1={cy} x2={x} y2={y} stroke={GRID} strokeWidth={0.5} />;
      })}
      <Polygon points={shape} stroke={PRIMARY} strokeWidth={1.5} fill={PRIMARY} fillOpacity={0.2} />
      {points.map((p, i) => {
        const [x, y] = at(i, value(p));
        return <Circle key={i} cx={x} cy={y} r={2.5} fill={PRIMARY} />;
      })}
      {labels.map((l, i) => (
        <G key={i}>
          <Text x={l.lx} y={l.top} textAnchor={l.anchor} style={{ fontSize: 8 }} fill="#111827">
            {l.name}
          </Text>
          <Text
            x={l.lx}
            y={l.top + 10}
            textAnchor={l.anchor}
            style={{ fontSize: 8, fontFamily: "Helvetica-Bold" }}
            fill={PRIMARY}
          >
            {l.value}
          </Text>
        </G>
      ))}
    </Svg>
  );
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
