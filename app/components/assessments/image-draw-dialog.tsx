import { Dialog, ToggleGroup } from "radix-ui";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { overlay } from "~/components/ui/dialog-style";
import { Alert, Button } from "~/components/ui/form";
import { refusalText, type Refusal } from "~/lib/app-error";
import { ClearButton } from "./clear-button";

const WIDTH = 800;
const HEIGHT = 500;
const COLOURS = [
  { name: "black", value: "#111827" },
  { name: "red", value: "#dc2626" },
  { name: "blue", value: "#2563eb" },
  { name: "green", value: "#16a34a" },
  { name: "orange", value: "#f59e0b" },
] as const;
const SIZES = [
  { name: "fine", value: 3 },
  { name: "medium", value: 6 },
  { name: "thick", value: 12 },
] as const;

type Stroke = { colour: string; size: number; points: Array<[number, number]> };

/**
 * The image draw-and-upload modal: sketch on a white canvas (pointer, pen or touch) with a few
 * colours and pen sizes, undo and clear, then upload the drawing as a PNG like any other image.
 */
export function ImageDrawDialog({ onUploaded, disabled }: { onUploaded: (url: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [colour, setColour] = useState<string>(COLOURS[0].value);
  const [size, setSize] = useState<number>(SIZES[1].value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Stroke | null>(null);

  // The canvas is redrawn from the strokes: undo is dropping the last one.
  const paint = (list: Stroke[]) => {
    const ctx = canvasRef.current?.getContext("2d");
    if (!ctx) return;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    for (const s of list) {
      ctx.strokeStyle = s.colour;
      ctx.lineWidth = s.size;
      ctx.beginPath();
      s.points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      if (s.points.length === 1) ctx.lineTo(s.points[0]![0] + 0.1, s.points[0]![1]);
      ctx.stroke();
    }
  };
  useEffect(() => {
    if (open) requestAnimationFrame(() => paint(strokes));
  }, [open, strokes]);

  const at = (e: ReactPointerEvent<HTMLCanvasElement>): [number, number] => {
    const r = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - r.left) / r.width) * WIDTH, ((e.clientY - r.top) / r.height) * HEIGHT];
  };
  const onDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = { colour, size, points: [at(e)] };
    paint([...strokes, drawing.current]);
  };
  const onMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current.points.push(at(e));
    paint([...strokes, drawing.current]);
  };
  const onUp = () => {
    if (!drawing.current) return;
    const stroke = drawing.current;
    drawing.current = null;
    setStrokes((list) => [...list, stroke]);
  };

  const upload = async () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    setBusy(true);
    setError(null);
    try {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
      if (!blob) throw new Error("no image");
      const form = new FormData();
      form.set("file", new File([blob], "drawing.png", { type: "image/png" }));
      const res = await fetch("/api/assets/image/upload/file", {
        method: "POST",
        body: form,
        credentials: "same-origin",
      });
      const body = (await res.json().catch(() => ({}))) as { url?: string } & Partial<Refusal>;
      if (!res.ok || !body.url) {
        setError(refusalText(body) ?? t("assessments:upload.fetch-failed"));
        return;
      }
      onUploaded(body.url);
      setStrokes([]);
      setOpen(false);
    } catch {
      setError(t("assessments:upload.fetch-failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary" disabled={disabled}>
          {t("assessments:draw.open")}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[95vh] w-[min(56rem,calc(100vw-1rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-y-auto rounded-lg bg-white p-4 shadow-xl focus:outline-none sm:p-6">
          <Dialog.Title className="text-lg font-semibold text-primary">{t("assessments:draw.title")}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">{t("assessments:draw.help")}</Dialog.Description>
          <div
            className="flex flex-wrap items-center gap-3 text-sm"
            role="toolbar"
            aria-label={t("assessments:draw.tools")}
          >
            {/* Radix toggle groups: one choice each, arrow keys move between the options. */}
            <ToggleGroup.Root
              type="single"
              value={colour}
              onValueChange={(v) => v && setColour(v)}
              aria-label={t("assessments:draw.colour")}
              className="flex gap-1"
            >
              {COLOURS.map((c) => (
                <ToggleGroup.Item
                  key={c.name}
                  value={c.value}
                  aria-label={t(`assessments:draw.colours.${c.name}`)}
                  className="h-8 w-8 rounded-full border-2 border-white focus:outline-none focus-visible:ring-2 focus-visible:ring-primary data-[state=on]:border-primary data-[state=on]:ring-2 data-[state=on]:ring-primary/40"
                  style={{ backgroundColor: c.value }}
                />
              ))}
            </ToggleGroup.Root>
            <ToggleGroup.Root
              type="single"
              value={String(size)}
              onValueChange={(v) => v && setSize(Number(v))}
              aria-label={t("assessments:draw.size")}
              className="flex gap-1"
            >
              {SIZES.map((s) => (
                <ToggleGroup.Item
                  key={s.name}
                  value={String(s.value)}
                  className="rounded-md border border-slate-300 bg-white px-3 py-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary data-[state=on]:border-primary data-[state=on]:bg-selected data-[state=on]:font-semibold data-[state=on]:text-primary"
                >
                  {t(`assessments:draw.sizes.${s.name}`)}
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
            <Button
              variant="secondary"
              disabled={strokes.length === 0}
              onClick={() => setStrokes((list) => list.slice(0, -1))}
            >
              {t("assessments:draw.undo")}
            </Button>
            <ClearButton disabled={strokes.length === 0} onClear={() => setStrokes([])}>
              {t("assessments:draw.clear")}
            </ClearButton>
          </div>
          <canvas
            ref={canvasRef}
            width={WIDTH}
            height={HEIGHT}
            aria-label={t("assessments:draw.canvas")}
            role="img"
            className="h-auto w-full touch-none cursor-crosshair rounded border border-slate-300 bg-white"
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={onUp}
            onPointerCancel={onUp}
            data-testid="draw-canvas"
          />
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">{t("assessments:draw.cancel")}</Button>
            </Dialog.Close>
            <Button disabled={busy || strokes.length === 0} onClick={() => void upload()}>
              {busy ? t("assessments:draw.uploading") : t("assessments:draw.upload")}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
