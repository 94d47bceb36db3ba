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
          <Line x1={label + (barWidth * p) / 100} y1={0} x2={label + (barWidth * p) / 100} y2={height - 14} stroke={GRID} strokeWidth={0.5} />
          <Text x={label + (barWidth * p) / 100 - 6} y={height - 4} style={{ fontSize: 7 }} fill="#4b5563">
            {`${p}%`}
          </Text>
        </G>
      ))}
      {points.map((point, i) => (
        <G key={i}>
          <Text x={0} y={i * row + 12} style={{ fontSize: 8 }} fill="#111827">
            {truncate(point.name, 30)}
          </Text>
          <Rect x={label} y={i * row + 3} width={Math.max(0.5, (barWidth * Math.min(100, point.percent)) / 100)} height={row - 7} fill={PRIMARY} />
          <Text x={label + (barWidth * Math.min(100, point.percent)) / 100 + 4} y={i * row + 12} style={{ fontSize: 7 }} fill="#111827">
            {`${formatNumber(point.percent, locale)}\u00a0%`}
          </Text>
        </G>
      ))}
    </Svg>
  );
}

/** A radar needs three axes; with fewer the bar chart says the same thing. */
export function PdfRadarChart({ points, locale, size = 300 }: { points: ChartPoint[]; locale: string; size?: number }) {
  if (points.length < 3) return <PdfBarChart points={points} locale={locale} />;
  const width = size + 200;
  const cx = width / 2;
  const cy = size / 2;
  const r = size / 2 - 30;
  const at = (i: number, fraction: number) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / points.length;
    return [cx + Math.cos(angle) * r * fraction, cy + Math.sin(angle) * r * fraction] as const;
  };
  const ring = (fraction: number) => points.map((_, i) => at(i, fraction).join(",")).join(" ");
  const shape = points.map((p, i) => at(i, Math.max(0, Math.min(100, p.percent)) / 100).join(",")).join(" ");
  return (
    <Svg width={width} height={size} viewBox={`0 0 ${width} ${size}`}>
      {[0.25, 0.5, 0.75, 1].map((f) => (
        <Polygon key={f} points={ring(f)} stroke={GRID} strokeWidth={0.5} fill="none" />
      ))}
      {points.map((_, i) => {
        const [x, y] = at(i, 1);
        return <Line key={i} x1={cx} y1={cy} x2={x} y2={y} stroke={GRID} strokeWidth={0.5} />;
      })}
      <Polygon points={shape} stroke={PRIMARY} strokeWidth={1.5} fill={PRIMARY} fillOpacity={0.25} />
      {points.map((p, i) => {
        const [x, y] = at(i, Math.max(0, Math.min(100, p.percent)) / 100);
        return <Circle key={i} cx={x} cy={y} r={2} fill={PRIMARY} />;
      })}
      {points.map((p, i) => {
        const [x, y] = at(i, 1.12);
        const text = `${truncate(p.name, 24)} (${formatNumber(p.percent, locale)}\u00a0%)`;
        // Labels on the left side end at their axis, on the right side start at it.
        const anchorLeft = x < cx - 5;
        return (
          <Text key={i} x={anchorLeft ? x - text.length * 3.6 : x - (Math.abs(x - cx) < 5 ? text.length * 1.8 : 0)} y={y + 3} style={{ fontSize: 7 }} fill="#111827">
            {text}
          </Text>
        );
      })}
    </Svg>
  );
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
