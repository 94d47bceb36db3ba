import { useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import { pointInZone, type Zone } from "~/modules/assessments";
import { ClearButton } from "./clear-button";
import { FieldError } from "./screen-parts";
import { ImageUpload } from "./rich-content";
import { useImageAspect } from "./use-image-aspect";
import { ZoneImage } from "./zone-image";
import { describeZone, dragHandle, handlesOf, moveZone, radiusTo, scaleZone } from "./zone-geometry";
import type { AnswerEditorProps } from "./steps-editor";

type Tool = "select" | "rect" | "circle" | "polygon";
type Drag =
  | { kind: "draw"; x: number; y: number; x2: number; y2: number }
  | { kind: "move"; index: number; x: number; y: number; original: Zone; moved: Zone }
  | { kind: "handle"; index: number; handle: string; original: Zone; moved: Zone };

const round = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1000) / 1000));
const zoneStyle = { fill: "rgba(1,25,81,0.25)", stroke: "#011951", strokeWidth: 0.004 };
const selectedStyle = { fill: "rgba(217,119,6,0.3)", stroke: "#b45309", strokeWidth: 0.006 };

/**
 * The HOTZONE answer editor: an image (uploaded, drawn or from an address) and the zones a
 * participant's point must fall in. Draw with the rectangle, circle or polygon tool; the new zone is
 * selected. A selected zone shows handles to resize it; the select tool moves zones by dragging.
 * By keyboard (the image has focus): arrows move the selected zone (Shift: further), + and − resize
 * it, Delete removes it, Escape lets go. Coordinates are image-relative.
 */
export function HotzoneEditor({ answer, onChange, errors, disabled }: AnswerEditorProps) {
  const { t } = useTranslation();
  const areaRef = useRef<HTMLDivElement>(null);
  const [tool, setTool] = useState<Tool>("rect");
  const [drag, setDrag] = useState<Drag | null>(null);
  const [points, setPoints] = useState<Array<[number, number]>>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const zones: Zone[] = answer.blocklistValue ?? [];
  const url: string = answer.textValue ?? "";
  const image = useImageAspect(url);
  const { aspect } = image;
  const setZones = (z: Zone[]) => onChange({ ...answer, blocklistValue: z });
  const shapeName = (z: Zone) => t(`assessments:editor.shape.${z.shape}`);
  const describe = (z: Zone, i: number) =>
    t(`assessments:editor.zone-at.${z.shape === "circle" ? "circle" : "box"}`, {
      n: i + 1,
      shape: shapeName(z),
      ...describeZone(z),
    });

  const select = (i: number | null) => {
    setSelected(i);
    if (i !== null && zones[i]) setAnnouncement(describe(zones[i]!, i));
  };
  const replace = (i: number, z: Zone) => {
    setZones(zones.map((old, j) => (j === i ? z : old)));
    setAnnouncement(describe(z, i));
  };
  const add = (z: Zone) => {
    setZones([...zones, z]);
    setSelected(zones.length);
    setAnnouncement(describe(z, zones.length));
  };
  const remove = (i: number) => {
    setZones(zones.filter((_, j) => j !== i));
    setSelected(null);
    setAnnouncement(t("assessments:editor.zone-removed", { n: i + 1 }));
  };

  const at = (e: ReactPointerEvent): [number, number] => {
    const r = areaRef.current!.getBoundingClientRect();
    return [round((e.clientX - r.left) / r.width), round((e.clientY - r.top) / r.height)];
  };

  const onDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (disabled || e.button !== 0) return;
    const [x, y] = at(e);
    const handle = (e.target as HTMLElement).dataset.handle;
    if (handle !== undefined && selected !== null) {
      e.currentTarget.setPointerCapture(e.pointerId);
      setDrag({ kind: "handle", index: selected, handle, original: zones[selected]!, moved: zones[selected]! });
      return;
    }
    if (tool === "select") {
      // The topmost zone under the pointer (the last drawn is drawn on top).
      const hit = zones
        .map((z, i) => [z, i] as const)
        .reverse()
        .find(([z]) => pointInZone(z, x, y, aspect));
      if (!hit) return select(null);
      select(hit[1]);
      e.currentTarget.setPointerCapture(e.pointerId);
      setDrag({ kind: "move", index: hit[1], x, y, original: hit[0], moved: hit[0] });
      return;
    }
    if (tool === "polygon") {
      setPoints((p) => [...p, [x, y]]);
      return;
    }
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ kind: "draw", x, y, x2: x, y2: y });
  };
  const onMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const [x, y] = at(e);
    if (drag.kind === "draw") setDrag({ ...drag, x2: x, y2: y });
    else if (drag.kind === "move") setDrag({ ...drag, moved: moveZone(drag.original, x - drag.x, y - drag.y) });
    else setDrag({ ...drag, moved: dragHandle(drag.original, drag.handle, x, y, aspect) });
  };
  const onUp = () => {
    if (!drag) return;
    setDrag(null);
    if (drag.kind !== "draw") {
      if (drag.moved !== drag.original) replace(drag.index, drag.moved);
      return;
    }
    const { x, y, x2, y2 } = drag;
    if (tool === "circle") {
      const r = round(radiusTo(x, y, x2, y2, aspect));
      if (r > 0.005) add({ shape: "circle", x, y, r });
    } else {
      const w = Math.abs(x2 - x);
      const h = Math.abs(y2 - y);
      if (w > 0.005 && h > 0.005)
        add({ shape: "rect", x: Math.min(x, x2), y: Math.min(y, y2), w: round(w), h: round(h) });
    }
  };
  const finishPolygon = () => {
    if (points.length >= 3) add({ shape: "polygon", points });
    setPoints([]);
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    if (e.key === "Escape") {
      if (points.length) setPoints([]);
      else select(null);
      return;
    }
    if (selected === null || !zones[selected]) return;
    const step = e.shiftKey ? 0.05 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const zone = zones[selected]!;
    if (moves[e.key]) replace(selected, moveZone(zone, ...moves[e.key]!));
    else if (e.key === "+" || e.key === "=") replace(selected, scaleZone(zone, 1.1));
    else if (e.key === "-" || e.key === "_") replace(selected, scaleZone(zone, 1 / 1.1));
    else if (e.key === "Delete" || e.key === "Backspace") remove(selected);
    else return;
    e.preventDefault(); // arrows must not scroll the page while a zone moves
  };

  // While dragging, the zone being changed is drawn as it would become.
  const shown = zones.map((z, i) => (drag && drag.kind !== "draw" && drag.index === i ? drag.moved : z));
  const current = selected !== null ? shown[selected] : undefined;

  return (
    <div className="flex flex-col gap-2">
      {!disabled ? <ImageUpload onUploaded={(u) => onChange({ ...answer, textValue: u })} /> : null}
      <FieldError error={errors["answer.textValue"]} />
      {url ? (
        <>
          {!disabled ? (
            <div
              className="flex flex-wrap items-center gap-2 text-sm"
              role="toolbar"
              aria-label={t("assessments:editor.tools")}
            >
              {(["select", "rect", "circle", "polygon"] as const).map((s) => (
                <Button
                  key={s}
                  variant={tool === s ? "primary" : "secondary"}
                  aria-pressed={tool === s}
                  onClick={() => {
                    setTool(s);
                    setPoints([]);
                  }}
                >
                  {s === "select" ? t("assessments:editor.select-tool") : t(`assessments:editor.shape.${s}`)}
                </Button>
              ))}
              <Button variant="secondary" disabled={tool !== "polygon" || points.length < 3} onClick={finishPolygon}>
                {t("assessments:editor.finish-polygon")}
              </Button>
              <ClearButton disabled={zones.length === 0} onClear={() => (setZones([]), select(null))}>
                {t("assessments:editor.clear-zones")}
              </ClearButton>
            </div>
          ) : null}
          <p className="text-xs text-slate-500">{t("assessments:editor.hotzone-help")}</p>
          {/* Small images are scaled up to a usable drawing size; zones are image-relative anyway. */}
          {/* A drawing surface (role application) with its own keyboard handling: the rule does not know the role. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
          <div
            ref={areaRef}
            tabIndex={disabled ? -1 : 0}
            role="application"
            aria-label={t("assessments:editor.canvas-label")}
            className={`relative w-full max-w-[640px] select-none self-start touch-none outline-none focus-visible:ring-2 focus-visible:ring-primary ${disabled ? "" : tool === "select" ? "cursor-pointer" : "cursor-crosshair"}`}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={onUp}
            onPointerCancel={() => setDrag(null)}
            onDoubleClick={tool === "polygon" ? finishPolygon : undefined}
            onKeyDown={onKey}
          >
            <ZoneImage image={image} src={url} alt={t("assessments:editor.hotzone-image")} testId="hotzone-canvas">
              {shown.map((z, i) => (
                <ZoneShape key={i} zone={z} aspect={aspect} style={i === selected ? selectedStyle : zoneStyle} />
              ))}
              {drag?.kind === "draw" && tool === "circle" ? (
                <ZoneShape
                  zone={{
                    shape: "circle",
                    x: drag.x,
                    y: drag.y,
                    r: radiusTo(drag.x, drag.y, drag.x2, drag.y2, aspect),
                  }}
                  aspect={aspect}
                  style={zoneStyle}
                />
              ) : null}
              {drag?.kind === "draw" && tool === "rect" ? (
                <rect
                  x={Math.min(drag.x, drag.x2)}
                  y={Math.min(drag.y, drag.y2)}
                  width={Math.abs(drag.x2 - drag.x)}
                  height={Math.abs(drag.y2 - drag.y)}
                  style={zoneStyle}
                />
              ) : null}
              {points.length ? (
                <polyline points={points.map((p) => p.join(",")).join(" ")} style={{ ...zoneStyle, fill: "none" }} />
              ) : null}
            </ZoneImage>
            {current && !disabled
              ? handlesOf(current).map((h) => (
                  <span
                    key={h.id}
                    data-handle={h.id}
                    data-testid={`zone-handle-${h.id}`}
                    aria-hidden
                    className="absolute h-3.5 w-3.5 -translate-x-1/2 -translate-y-1/2 cursor-move rounded-sm border-2 border-amber-700 bg-white shadow"
                    style={{ left: `${h.x * 100}%`, top: `${h.y * 100}%` }}
                  />
                ))
              : null}
          </div>
          {selected !== null && current && !disabled ? (
            <p className="text-xs text-slate-600">{t("assessments:editor.selected-help")}</p>
          ) : null}
        </>
      ) : null}
      <p className="text-sm">{t("assessments:editor.zones", { count: zones.length })}</p>
      {zones.length ? (
        <ul className="flex flex-col gap-1" data-testid="zone-list">
          {zones.map((z, i) => (
            <li
              key={i}
              className={`flex flex-wrap items-center gap-2 rounded px-2 py-1 text-sm ${i === selected ? "bg-amber-50 ring-1 ring-amber-300" : ""}`}
              data-testid={`zone-${i + 1}`}
              data-zone={JSON.stringify(z)}
            >
              <span className="min-w-0 flex-1">{describe(z, i)}</span>
              {!disabled ? (
                <>
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1 text-xs"
                    aria-pressed={i === selected}
                    onClick={() => (select(i === selected ? null : i), areaRef.current?.focus())}
                  >
                    {t("assessments:editor.select-zone", { n: i + 1 })}
                  </Button>
                  <Button variant="ghost" className="!px-2 !py-1 text-xs text-red-700" onClick={() => remove(i)}>
                    {t("assessments:editor.remove-zone", { n: i + 1 })} ({shapeName(z)})
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <FieldError
        error={
          Object.entries(errors).find(
            ([k]) => k === "answer.blocklistValue" || k.startsWith("answer.blocklistValue."),
          )?.[1]
        }
      />
    </div>
  );
}

/**
 * A zone on the image's 0..1 × 0..1 viewBox (stretched to the image). `aspect` = height / width: the
 * radius is a fraction of the width, so the ellipse's vertical radius in height units is r / aspect,
 * which is round on screen.
 */
export function ZoneShape({ zone, style, aspect = 1 }: { zone: Zone; style: React.CSSProperties; aspect?: number }) {
  if (zone.shape === "circle")
    return <ellipse cx={zone.x} cy={zone.y} rx={zone.r} ry={zone.r / aspect} style={style} data-testid="zone-circle" />;
  if (zone.shape === "rect") return <rect x={zone.x} y={zone.y} width={zone.w} height={zone.h} style={style} />;
  return <polygon points={zone.points.map((p) => p.join(",")).join(" ")} style={style} />;
}
