import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartType } from "~db/tenant/schema/reports";
import { formatNumber, type ChartPoint } from "~/modules/reports/report-view";

const PRIMARY = "#011951";
/** Axis labels stay short so a phone-width chart is not cut off; the caption and tooltip carry full names. */
const shorten = (max: number) => (name: string) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);
/** Below this width a radar's side labels need a smaller web and shorter names to stay on screen. */
const NARROW_PX = 480;

/**
 * The report's chart with recharts (the PDF draws the same series as SVG). Recharts measures the
 * page, so it renders after hydration; the server sends a box of the same height.
 */
export function ReportChart({ type, points, label, locale }: { type: ChartType; points: ChartPoint[]; label: string; locale: string }) {
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
  const radar = type === "RADAR" && points.length >= 3;
  const height = radar ? 320 : Math.max(160, points.length * 36 + 40);
  return (
    <figure aria-label={label} data-testid={`report-chart-${radar ? "radar" : "bar"}`} className="w-full" style={{ height }}>
      {mounted ? (
        <ResponsiveContainer width="100%" height="100%">
          {radar ? (
            <RadarChart data={points} outerRadius={narrow ? "55%" : "72%"} margin={{ left: 24, right: 24 }}>
              <PolarGrid />
              <PolarAngleAxis dataKey="name" tick={{ fontSize: 12 }} tickFormatter={short} />
              {/* The scale between the first two spokes (the first points up), not across one. */}
              <PolarRadiusAxis domain={[0, 100]} angle={90 - 180 / points.length} tick={{ fontSize: 10 }} tickFormatter={percent} />
              <Radar dataKey="percent" name={series} stroke={PRIMARY} fill={PRIMARY} fillOpacity={0.25} isAnimationActive={false} />
              <Tooltip formatter={percent} />
            </RadarChart>
          ) : (
            <BarChart data={points} layout="vertical" margin={{ left: 8, right: 24 }}>
              <CartesianGrid horizontal={false} />
              <XAxis type="number" domain={[0, 100]} tickFormatter={percent} />
              <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} tickFormatter={short} />
              <Bar dataKey="percent" name={series} fill={PRIMARY} isAnimationActive={false} />
              <Tooltip formatter={percent} />
            </BarChart>
          )}
        </ResponsiveContainer>
      ) : null}
      <figcaption className="sr-only">{points.map((p) => `${p.name}: ${percent(p.percent)}`).join(", ")}</figcaption>
    </figure>
  );
}
