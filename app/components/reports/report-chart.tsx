import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChartType } from "~db/tenant/schema/reports";
import { clientComponent } from "~/components/ui/client-component";
import { formatNumber, type ChartPoint } from "~/modules/reports";

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

/** Recharts: only the screens that show a chart load it. */
const useDrawing = clientComponent(() => import("./report-chart-drawing.client"));

/**
 * The report's chart with recharts (the PDF draws the same series as SVG). Recharts measures the
 * page, so it draws in the browser, once loaded; the server sends a box of the same height, and
 * the figure's caption says every value.
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
  const Drawing = useDrawing();
  const [narrow, setNarrow] = useState(false);
  useEffect(() => setNarrow(window.innerWidth < NARROW_PX), []);
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
      {Drawing ? (
        <Drawing radar={radar} points={points} geometry={geometry} short={short} percent={percent} series={series} />
      ) : null}
      <figcaption className="sr-only">{points.map((p) => `${p.name}: ${percent(p.percent)}`).join(", ")}</figcaption>
    </figure>
  );
}
