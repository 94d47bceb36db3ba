import { useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { pointInZone, type Zone } from "~/modules/assessments";
import { ZoneShape } from "./hotzone-editor";
import { useImageAspect } from "./use-image-aspect";
import { ZoneImage } from "./zone-image";

type Point = [number, number];
const round = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1000) / 1000));

/**
 * How a participant answers a HOTZONE step: one point on the image (image-relative, as
 * `numericlistValue: [x, y]`). By pointer: click or tap. By keyboard: arrows move a crosshair
 * (Shift: further), Enter or Space places the point there. With `zones` (the author's preview) the
 * zones are drawn and it says whether the point falls inside one.
 */
export function HotzonePointPicker({
  imageUrl,
  value,
  onChange,
  zones,
  disabled,
  label,
}: {
  imageUrl: string;
  value: Point | null;
  onChange: (point: Point) => void;
  zones?: Zone[];
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<Point>(value ?? [0.5, 0.5]);
  const [focused, setFocused] = useState(false);

  const place = (p: Point) => {
    setCursor(p);
    onChange(p);
  };
  const onDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (disabled) return;
    const r = ref.current!.getBoundingClientRect();
    place([round((e.clientX - r.left) / r.width), round((e.clientY - r.top) / r.height)]);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const step = e.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, Point> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (moves[e.key]) setCursor(([x, y]) => [round(x + moves[e.key]![0]), round(y + moves[e.key]![1])]);
    else if (e.key === "Enter" || e.key === " ") place(cursor);
    else return;
    e.preventDefault();
  };

  const image = useImageAspect(imageUrl);
  const { aspect } = image;
  const inside = value && zones ? zones.some((z) => pointInZone(z, value[0], value[1], aspect)) : null;
  const pct = (v: number) => Math.round(v * 100);
  return (
    <div className="flex flex-col gap-1">
      {/* A pointing surface (role application) that also answers the arrow keys: the rule does not know the role. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={ref}
        role="application"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        className={`relative w-full max-w-sm touch-none select-none outline-none focus-visible:ring-2 focus-visible:ring-primary ${disabled ? "" : "cursor-crosshair"}`}
        onPointerDown={onDown}
        onKeyDown={onKey}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        data-testid="point-picker"
      >
        <ZoneImage image={image} src={imageUrl} alt="">
          {(zones ?? []).map((z, i) => (
            <ZoneShape
              key={i}
              zone={z}
              aspect={aspect}
              style={{ fill: "rgba(22,101,52,0.25)", stroke: "#166534", strokeWidth: 0.004 }}
            />
          ))}
        </ZoneImage>
        {focused && !disabled ? <Marker point={cursor} className="border-slate-500 opacity-70" /> : null}
        {value ? (
          <Marker point={value} className="border-white bg-red-600 shadow-[0_0_0_2px_#111827]" testId="point-marker" />
        ) : null}
      </div>
      <p className="text-xs text-slate-600" role="status">
        {value
          ? t("assessments:pointer.placed", { x: pct(value[0]), y: pct(value[1]) })
          : disabled
            ? null
            : t("assessments:pointer.hint")}
        {inside === null ? null : (
          <strong className={`ml-1 ${inside ? "text-green-800" : "text-red-800"}`} data-testid="point-verdict">
            {inside ? t("assessments:pointer.inside") : t("assessments:pointer.outside")}
          </strong>
        )}
      </p>
    </div>
  );
}

function Marker({ point, className, testId }: { point: Point; className: string; testId?: string }) {
  return (
    <span
      aria-hidden
      data-testid={testId}
      className={`pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 ${className}`}
      style={{ left: `${point[0] * 100}%`, top: `${point[1] * 100}%` }}
    />
  );
}
