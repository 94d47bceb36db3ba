// Step and rich-content shapes. Pure Zod, enforced by the server on every
// save. The steps editor takes from here only the rules it checks while typing (the practical
// checklist's weight total, the hotzone hit test, the step types); everything else it learns from
// the server's field errors after a save, so this file stays the one place the rules are written.
import { z } from "zod";
import { isAllowedImageUrl } from "~/lib/rich-html-policy";

export { isAllowedImageUrl };

export const STEP_TYPES = ["HOTZONE", "MULTIPLE_CHOICE", "NUMERIC", "PRACTICAL", "TEXT"] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const PRACTICAL_MIN_TOTAL = 100;
export const PRACTICAL_WEIGHT_ERROR = "assessments:answer.practical.insufficient-weight-total";
export const NO_VALID_OPTION_ERROR = "assessments:answer.multiple-choice.no-valid-option";
export const LENGTH_MISMATCH_ERROR = "assessments:answer.practical.length-mismatch";
export const DUPLICATE_KEY_ERROR = "assessments:steps.duplicate-key";
export const IMAGE_URL_ERROR = "assessments:rich.image-url";

/** http(s) URLs or the app's own uploaded assets (/api/assets/…). */
const imageUrl = z
  .string({ required_error: "validation:required" })
  .trim()
  .min(1)
  .max(2000)
  .refine(isAllowedImageUrl, { message: IMAGE_URL_ERROR });

export const textBlock = z.object({ type: z.literal("text"), html: z.string().max(100_000) });
export const imageBlock = z.object({
  type: z.literal("image"),
  url: imageUrl,
  alt: z.string().max(500).nullish(),
  width: z.number().positive().max(10_000).nullish(),
  height: z.number().positive().max(10_000).nullish(),
});
export const richBlock = z.discriminatedUnion("type", [textBlock, imageBlock]);
export type RichBlock = z.infer<typeof richBlock>;
export const richContent = z.array(richBlock).max(200).default([]);

// ---- Answers per step type ----

const unit = z
  .number({ required_error: "validation:required", invalid_type_error: "validation:invalid" })
  .min(0)
  .max(1);

export const zone = z
  .discriminatedUnion("shape", [
    z.object({ shape: z.literal("circle"), x: unit, y: unit, r: z.number().gt(0).max(1) }),
    z.object({ shape: z.literal("rect"), x: unit, y: unit, w: z.number().gt(0).max(1), h: z.number().gt(0).max(1) }),
    z.object({
      shape: z.literal("polygon"),
      points: z
        .array(z.tuple([unit, unit]))
        .min(3)
        .max(100),
    }),
  ])
  .superRefine((zn, issue) => {
    if (zn.shape === "rect" && (zn.x + zn.w > 1 + 1e-9 || zn.y + zn.h > 1 + 1e-9)) {
      issue.addIssue({ code: "custom", path: ["w"], message: "assessments:answer.hotzone.outside" });
    }
  });
export type Zone = z.infer<typeof zone>;

export const multipleChoiceAnswer = z.object({
  optionlistValue: z
    .array(
      z.object({
        value: z.string({ required_error: "validation:required" }).trim().min(1).max(1000),
        valid: z.boolean({ required_error: "validation:required" }),
      }),
      {
        required_error: "validation:required",
      },
    )
    .min(1)
    .max(50)
    .refine((options) => options.some((o) => o.valid), { message: NO_VALID_OPTION_ERROR }),
});

/** An empty number field (null, "" or NaN from the form) is a missing value, not an invalid one. */
const emptyAsMissing = (v: unknown) =>
  v === null || v === "" || (typeof v === "number" && Number.isNaN(v)) ? undefined : v;

export const numericAnswer = z.object({
  numericValue: z.preprocess(
    emptyAsMissing,
    z.number({ required_error: "validation:required", invalid_type_error: "validation:invalid" }).finite(),
  ),
  /** Optional tolerance: [tolerance], at least 0. */
  numericlistValue: z.array(z.number().finite().min(0)).max(1).nullish(),
});

export const textAnswer = z.object({
  textValue: z.string({ required_error: "validation:required" }).trim().min(1).max(10_000),
});

export const hotzoneAnswer = z.object({
  /** The image the participant clicks on. */
  textValue: imageUrl,
  blocklistValue: z.array(zone, { required_error: "validation:required" }).min(1).max(50),
});

/** Sum of the weights with negative values counted as 0. */
export const practicalTotal = (weights: readonly number[]): number =>
  weights.reduce((sum, w) => sum + (Number.isFinite(w) && w > 0 ? w : 0), 0);

export const practicalAnswer = z
  .object({
    textlistValue: z
      .array(z.string().trim().min(1).max(1000), { required_error: "validation:required" })
      .min(1)
      .max(100),
    numericlistValue: z.array(z.number({ invalid_type_error: "validation:invalid" }).finite(), {
      required_error: "validation:required",
      invalid_type_error: "validation:required",
    }),
  })
  .superRefine((a, issue) => {
    if (a.numericlistValue.length !== a.textlistValue.length) {
      issue.addIssue({ code: "custom", path: ["numericlistValue"], message: LENGTH_MISMATCH_ERROR });
      return;
    }
    if (practicalTotal(a.numericlistValue) < PRACTICAL_MIN_TOTAL) {
      issue.addIssue({ code: "custom", path: ["numericlistValue"], message: PRACTICAL_WEIGHT_ERROR });
    }
  });

export const ANSWER_SCHEMAS = {
  HOTZONE: hotzoneAnswer,
  MULTIPLE_CHOICE: multipleChoiceAnswer,
  NUMERIC: numericAnswer,
  PRACTICAL: practicalAnswer,
  TEXT: textAnswer,
} as const;

/** Does rich content show anything: an image, or text once the markup is taken away? */
export function hasVisibleContent(blocks: readonly RichBlock[]): boolean {
  return blocks.some(
    (b) =>
      b.type === "image" ||
      b.html
        .replace(/<[^>]*>/g, "")
        .replace(/&nbsp;|&#160;/g, " ")
        .trim().length > 0,
  );
}

const stepBase = z.object({
  key: z.string().trim().min(1).max(100).optional(),
  type: z.enum(STEP_TYPES, { required_error: "validation:required" }),
  question: richContent,
  answer: z.unknown(),
  score: z
    .number({ required_error: "validation:required", invalid_type_error: "validation:invalid" })
    .finite()
    .min(0)
    .max(100_000),
});

export type Step = {
  key: string;
  type: StepType;
  question: RichBlock[];
  answer: Record<string, unknown>;
  score: number;
};

/** One step: its answer is checked with the schema of its type; a missing key gets a random one. */
export const step = stepBase.transform((s, issue): Step => {
  // A step asks something: an empty question cannot be answered. Checked here, with the answer,
  // so that every problem of the step is reported at once.
  const emptyQuestion = !hasVisibleContent(s.question);
  if (emptyQuestion) issue.addIssue({ code: "custom", path: ["question"], message: "validation:required" });
  const parsed = ANSWER_SCHEMAS[s.type].safeParse(s.answer ?? {});
  if (!parsed.success) {
    for (const i of parsed.error.issues) issue.addIssue({ ...i, path: ["answer", ...i.path] } as z.IssueData);
    return z.NEVER;
  }
  if (emptyQuestion) return z.NEVER;
  return {
    key: s.key ?? randomKey(),
    type: s.type,
    question: s.question,
    answer: parsed.data as Record<string, unknown>,
    score: s.score,
  };
});

export const steps = z
  .array(step)
  .max(100)
  .default([])
  .superRefine((list, issue) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      // A step that failed its own checks has no value here; it must not be reported as a duplicate.
      if (!s || typeof s.key !== "string") return;
      if (seen.has(s.key)) issue.addIssue({ code: "custom", path: [i, "key"], message: DUPLICATE_KEY_ERROR });
      seen.add(s.key);
    });
  });

function randomKey(): string {
  return `s${Math.random().toString(36).slice(2, 10)}${Date.now().toString(36)}`;
}

/** Absorbs binary rounding (0.1 + 0.2 vs 0.3) so that a point on a zone's edge stays inside. */
const EDGE_EPSILON = 1e-9;

/** Is (x, y) within EDGE_EPSILON of the segment a–b? Ray casting alone misses some edges and vertices. */
function onSegment(x: number, y: number, [ax, ay]: [number, number], [bx, by]: [number, number]): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length2));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= EDGE_EPSILON;
}

/** Ray casting: is (x, y) strictly inside the polygon? Its edges are tested apart. */
function insidePolygon(points: [number, number][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Is a point (image-relative) inside a zone, its edge included (ADR 0017)? The one hit test: scoring,
 * the reports and the participant's and editor's previews all use it, so a point counts the same
 * everywhere. `aspect` is the image's height / width: a circle's radius is a fraction of the image's
 * WIDTH (ADR 0011), so a vertical distance, a fraction of the height, is scaled by it before comparing.
 */
export function pointInZone(z: Zone, x: number, y: number, aspect = 1): boolean {
  if (z.shape === "circle") return (x - z.x) ** 2 + ((y - z.y) * aspect) ** 2 <= z.r ** 2 + EDGE_EPSILON;
  if (z.shape === "rect") {
    const e = EDGE_EPSILON;
    return x >= z.x - e && x <= z.x + z.w + e && y >= z.y - e && y <= z.y + z.h + e;
  }
  const p = z.points;
  return insidePolygon(p, x, y) || p.some((a, i) => onSegment(x, y, a, p[(i + 1) % p.length]!));
}
