import type { Zone } from "~/modules/assessments";

// Moving and resizing hotzones in image-relative coordinates (0..1). Every function returns a zone
// the step schema accepts: inside the image, with a positive size. A circle's radius `r` is a
// fraction of the image's WIDTH (ADR 0011); `aspect` is the image's height / width, so the circle is
// r/aspect of the height tall and stays round on a non-square image.

const MIN = 0.01;
const round = (v: number) => Math.round(v * 1000) / 1000;
const clamp = (v: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, v));

/** The zone's bounding box. */
export function boundsOf(z: Zone, aspect = 1): { x: number; y: number; w: number; h: number } {
  if (z.shape === "rect") return { x: z.x, y: z.y, w: z.w, h: z.h };
  if (z.shape === "circle") return { x: z.x - z.r, y: z.y - z.r / aspect, w: 2 * z.r, h: (2 * z.r) / aspect };
  const xs = z.points.map((p) => p[0]);
  const ys = z.points.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/**
 * The zone moved by (dx, dy), stopped at the image's edges. A circle's centre stays inside the
 * image (its edge may reach past it, as the schema allows); rectangles and polygons stay whole.
 */
export function moveZone(z: Zone, dx: number, dy: number): Zone {
  if (z.shape === "circle") return { ...z, x: round(clamp(z.x + dx)), y: round(clamp(z.y + dy)) };
  const b = boundsOf(z);
  const mx = clamp(dx, -b.x, 1 - (b.x + b.w));
  const my = clamp(dy, -b.y, 1 - (b.y + b.h));
  if (z.shape === "rect") return { ...z, x: round(z.x + mx), y: round(z.y + my) };
  return { ...z, points: z.points.map(([x, y]) => [round(clamp(x + mx)), round(clamp(y + my))] as [number, number]) };
}

/** The handles a selected zone offers: rectangle corners, the circle's radius, polygon vertices. */
export type Handle = { id: string; x: number; y: number };

export function handlesOf(z: Zone): Handle[] {
  if (z.shape === "rect") {
    return [
      { id: "nw", x: z.x, y: z.y },
      { id: "ne", x: z.x + z.w, y: z.y },
      { id: "sw", x: z.x, y: z.y + z.h },
      { id: "se", x: z.x + z.w, y: z.y + z.h },
    ];
  }
  if (z.shape === "circle") return [{ id: "r", x: clamp(z.x + z.r), y: z.y }];
  return z.points.map(([x, y], i) => ({ id: String(i), x, y }));
}

/** A circle's radius through (x, y), as a fraction of the image's width. */
export function radiusTo(cx: number, cy: number, x: number, y: number, aspect = 1): number {
  return Math.hypot(x - cx, (y - cy) * aspect);
}

/** The zone with one handle dragged to (x, y). */
export function dragHandle(z: Zone, handle: string, px: number, py: number, aspect = 1): Zone {
  const x = clamp(px);
  const y = clamp(py);
  if (z.shape === "circle") return { ...z, r: round(clamp(radiusTo(z.x, z.y, x, y, aspect), MIN, 1)) };
  if (z.shape === "polygon") {
    const i = Number(handle);
    if (!Number.isInteger(i) || i < 0 || i >= z.points.length) return z;
    return { ...z, points: z.points.map((p, j) => (j === i ? ([round(x), round(y)] as [number, number]) : p)) };
  }
  // The dragged corner moves, the opposite one stays; never thinner than MIN, never flipped.
  let left = z.x;
  let top = z.y;
  let right = z.x + z.w;
  let bottom = z.y + z.h;
  if (handle.includes("w")) left = Math.min(x, right - MIN);
  if (handle.includes("e")) right = Math.max(x, left + MIN);
  if (handle.includes("n")) top = Math.min(y, bottom - MIN);
  if (handle.includes("s")) bottom = Math.max(y, top + MIN);
  left = clamp(left, 0, 1 - MIN);
  top = clamp(top, 0, 1 - MIN);
  right = clamp(right, left + MIN, 1);
  bottom = clamp(bottom, top + MIN, 1);
  return { shape: "rect", x: round(left), y: round(top), w: round(right - left), h: round(bottom - top) };
}

/** Grows (factor > 1) or shrinks a zone around its centre, kept inside the image: for the keyboard. */
export function scaleZone(z: Zone, factor: number): Zone {
  if (z.shape === "circle") return { ...z, r: round(clamp(z.r * factor, MIN, 1)) };
  const b = boundsOf(z);
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  if (z.shape === "rect") {
    const w = clamp(z.w * factor, MIN, 1);
    const h = clamp(z.h * factor, MIN, 1);
    const x = clamp(cx - w / 2, 0, 1 - w);
    const y = clamp(cy - h / 2, 0, 1 - h);
    return { shape: "rect", x: round(x), y: round(y), w: round(w), h: round(h) };
  }
  return {
    ...z,
    points: z.points.map(
      ([x, y]) => [round(clamp(cx + (x - cx) * factor)), round(clamp(cy + (y - cy) * factor))] as [number, number],
    ),
  };
}

/** A short description of a zone for lists and screen readers, in percent of the image. */
export function describeZone(z: Zone): Record<string, number> {
  const pct = (v: number) => Math.round(v * 100);
  if (z.shape === "circle") return { x: pct(z.x), y: pct(z.y), r: pct(z.r) };
  const b = boundsOf(z);
  return { x: pct(b.x), y: pct(b.y), w: pct(b.w), h: pct(b.h) };
}
