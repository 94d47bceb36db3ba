// One QTI 3 assessment item read as a question of the product, or the reasons it cannot be
// (README, "QTI 3"): choice → MULTIPLE_CHOICE; text entry and extended text → TEXT, or NUMERIC when
// the response is a number (its tolerance from the response processing); select point and hotspot →
// HOTZONE; the product's checklist (a custom interaction in SA_NS) → PRACTICAL. Every interaction of
// the item becomes a step; an item with any interaction that has no equivalent is not imported at
// all (a question without one of its parts would ask something else).
import type { RichBlock, StepType, Zone } from "~/modules/assessments";
import {
  flowText,
  imageSource,
  inlineHtml,
  isImageElement,
  plainText,
  SECTIONING,
  type Dropped,
  type ImageRef,
} from "./rich";
import {
  descendants,
  elements,
  escapeText,
  isElement,
  nsAttr,
  QTI_NS,
  qtiChild,
  qtiChildren,
  SA_NS,
  squash,
  textOf,
  type XElement,
  type XNode,
} from "./xml";

/** A reason or a note, as a translation key of the `qti` namespace (`reasons.*`, `notes.*`) and its values. */
export type Message = { code: string; values?: Record<string, string | number> };

export type DraftStep = {
  key?: string;
  type: StepType;
  question: RichBlock[];
  answer: Record<string, unknown>;
  score: number;
};
/** The question to add (assessments' addQuestion input), images still as package tokens. */
export type Draft = { name: string; maxTime: number; preparationInfo: RichBlock[]; steps: DraftStep[] };

export type ItemReading = {
  identifier: string;
  title: string;
  draft: Draft | null;
  reasons: Message[];
  notes: Message[];
};

/** The time limit of a question whose package names none (the question editor's default). */
export const DEFAULT_MAX_TIME = 300;
const MAX_TIME = 24 * 3600;
const MAX_STEPS = 100;
const MAX_OPTIONS = 50;
const MAX_HTML = 100_000;

const INLINE_INTERACTIONS = new Set([
  "qti-text-entry-interaction",
  "qti-inline-choice-interaction",
  "qti-end-attempt-interaction",
]);
const isInteraction = (e: XElement) =>
  e.ns === QTI_NS && (e.name.endsWith("-interaction") || e.name === "qti-portable-custom-interaction");

type Declaration = {
  identifier: string;
  cardinality: string;
  baseType: string;
  correct: string[];
  mapping: Array<{ key: string; value: number }>;
  mappingUpper?: number;
  areas: Array<{ shape: string; coords: string; value: number }>;
};

function declarations(root: XElement): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const d of qtiChildren(root, "qti-response-declaration")) {
    const correct = qtiChild(d, "qti-correct-response");
    const mapping = qtiChild(d, "qti-mapping");
    const areas = qtiChild(d, "qti-area-mapping");
    out.set(d.attrs.identifier ?? "", {
      identifier: d.attrs.identifier ?? "",
      cardinality: d.attrs.cardinality ?? "single",
      baseType: d.attrs["base-type"] ?? "",
      correct: correct ? qtiChildren(correct, "qti-value").map((v) => textOf(v).trim()) : [],
      mapping: mapping
        ? qtiChildren(mapping, "qti-map-entry").map((m) => ({
            key: (m.attrs["map-key"] ?? "").trim(),
            value: Number(m.attrs["mapped-value"] ?? 0),
          }))
        : [],
      mappingUpper: mapping?.attrs["upper-bound"] !== undefined ? Number(mapping.attrs["upper-bound"]) : undefined,
      areas: areas
        ? qtiChildren(areas, "qti-area-map-entry").map((m) => ({
            shape: m.attrs.shape ?? "",
            coords: m.attrs.coords ?? "",
            value: Number(m.attrs["mapped-value"] ?? 0),
          }))
        : [],
    });
  }
  return out;
}

/** Comparisons in the response processing of a response with a constant: its value and tolerance. */
function comparisons(root: XElement, response: string) {
  const processing = qtiChild(root, "qti-response-processing");
  if (!processing) return [];
  return descendants(
    processing,
    (e) => e.ns === QTI_NS && ["qti-equal", "qti-match", "qti-string-match", "qti-equal-rounded"].includes(e.name),
  ).flatMap((cmp) => {
    const kids = elements(cmp);
    const usesResponse = kids.some((k) => k.name === "qti-variable" && k.attrs.identifier === response);
    const constant = kids.find((k) => k.name === "qti-base-value");
    const correct = kids.some((k) => k.name === "qti-correct" && k.attrs.identifier === response);
    if (!usesResponse || (!constant && !correct)) return [];
    return [{ element: cmp, value: constant ? textOf(constant).trim() : undefined }];
  });
}

/** `qti-inside` areas of a response in the response processing. */
const insideAreas = (root: XElement, response: string) => {
  const processing = qtiChild(root, "qti-response-processing");
  if (!processing) return [];
  return descendants(
    processing,
    (e) =>
      e.ns === QTI_NS &&
      e.name === "qti-inside" &&
      elements(e).some((k) => k.name === "qti-variable" && k.attrs.identifier === response),
  ).map((e) => ({ shape: e.attrs.shape ?? "", coords: e.attrs.coords ?? "", value: 1 }));
};

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

// ---- The item body as steps ----

type Segment = { question: RichBlock[]; interaction: XElement; stepDiv?: XElement };

/** Walks the body: content before an interaction is its step's question; content after the last one joins the last step. */
class BodyReader {
  segments: Segment[] = [];
  preparation: RichBlock[] = [];
  private blocks: RichBlock[] = [];
  private html = "";
  constructor(
    private readonly image: ImageRef,
    readonly dropped: Dropped,
    readonly notes: Message[],
  ) {}

  private flushText() {
    if (/[^\s]/.test(this.html.replace(/<[^>]*>/g, "")) || /<img\b/.test(this.html))
      this.blocks.push({ type: "text", html: this.html.trim() });
    this.html = "";
  }

  private take(): RichBlock[] {
    this.flushText();
    const taken = this.blocks;
    this.blocks = [];
    return taken;
  }

  private imageBlock(e: XElement): void {
    const source = imageSource(e);
    const found = source && this.image(source.src);
    if (!found) {
      this.dropped.add("image");
      return;
    }
    this.flushText();
    this.blocks.push({ type: "image", url: found.token, alt: source.alt || null, width: null, height: null });
  }

  private interaction(e: XElement, stepDiv?: XElement, context?: string) {
    const question = this.take();
    if (question.length === 0 && context) question.push({ type: "text", html: context });
    this.segments.push({ question, interaction: e, stepDiv });
  }

  read(nodes: readonly XNode[], stepDiv?: XElement): void {
    for (const node of nodes) {
      if (!isElement(node)) {
        this.html += flowText(node);
        continue;
      }
      if (node.ns !== QTI_NS) {
        if (node.ns === "http://www.w3.org/1998/Math/MathML") this.html += inlineHtml([node], this.image, this.dropped);
        else this.dropped.add(node.name);
        continue;
      }
      const name = node.name;
      if (isInteraction(node)) {
        this.interaction(node, stepDiv);
      } else if (name === "div" && /\bsa-step\b/.test(node.attrs.class ?? "")) {
        this.flushText();
        this.read(node.children, node);
        this.appendToLast();
      } else if (name === "qti-rubric-block" && /\bsa-preparation\b/.test(node.attrs.class ?? "")) {
        const inner = new BodyReader(this.image, this.dropped, this.notes);
        inner.read(qtiChild(node, "qti-content-body")?.children ?? node.children);
        this.preparation = inner.take();
      } else if (isImageElement(node)) {
        this.imageBlock(node);
      } else if (name === "p" && isLoneImage(node)) {
        this.imageBlock(elements(node)[0]!);
      } else if (descendants(node, isInteraction).length > 0) {
        const inside = descendants(node, isInteraction);
        if (inside.every((i) => INLINE_INTERACTIONS.has(i.name)) && !isContainer(name)) {
          // A sentence with blanks: the sentence is the question of each of its blanks.
          const sentence = this.wrap(name, inlineHtml(node.children, this.image, this.dropped));
          // A blank alone in its paragraph (as this product exports one) is no sentence.
          const alone = !inlineHtml(node.children, this.image, new Set(), "")
            .replace(/<[^>]*>/g, "")
            .trim();
          if (!alone) this.html += sentence;
          if (inside.length > 1) this.notes.push({ code: "several-blanks" });
          for (const i of inside) this.interaction(i, stepDiv, alone ? undefined : sentence);
        } else {
          this.read(node.children, stepDiv);
        }
      } else if (SECTIONING.has(name)) {
        // Read as a flow of its own (no interaction inside).
        this.read(node.children, stepDiv);
      } else if (name === "hr") {
        continue;
      } else if (name.startsWith("qti-")) {
        this.dropped.add(name);
      } else if (INLINE.has(name)) {
        this.html += inlineHtml([node], this.image, this.dropped);
      } else {
        this.html += this.wrap(name, inlineHtml(node.children, this.image, this.dropped));
      }
    }
  }

  private wrap(name: string, inner: string): string {
    if (name === "ul" || name === "ol") return `<${name}>${inner}</${name}>`;
    if (name === "li") return `<ul><li>${inner}</li></ul>`;
    if (/^h[1-6]$/.test(name)) return `<p><strong>${inner}</strong></p>`;
    return `<p>${inner}</p>`;
  }

  /** Content after the last interaction (of a step's div, or of the body) joins the last step's question. */
  appendToLast(): void {
    const rest = this.take();
    if (rest.length === 0) return;
    const last = this.segments[this.segments.length - 1];
    if (last) last.question.push(...rest);
    else this.blocks = rest;
  }
}

/** Phrasing elements met directly in a flow: kept inline, with their formatting. */
const INLINE = new Set([
  "b",
  "strong",
  "i",
  "em",
  "span",
  "a",
  "br",
  "label",
  "abbr",
  "cite",
  "code",
  "q",
  "small",
  "sub",
  "sup",
  "var",
]);

/** Elements that hold blocks (never one sentence with blanks): sectioning, quotes, tables, lists. */
const isContainer = (name: string) =>
  SECTIONING.has(name) ||
  ["blockquote", "table", "tbody", "thead", "tr", "td", "th", "ul", "ol", "li", "dl", "dd"].includes(name);

const isLoneImage = (p: XElement) =>
  elements(p).length === 1 && isImageElement(elements(p)[0]!) && p.children.every((c) => isElement(c) || !c.trim());

// ---- Interactions as steps ----

type StepResult = { step: Omit<DraftStep, "question" | "score">; score?: number } | { reason: Message };

const reason = (code: string, values?: Record<string, string | number>): { reason: Message } => ({
  reason: { code, values },
});

function readChoice(i: XElement, d: Declaration | undefined, notes: Message[]): StepResult {
  const choices = descendants(i, (e) => e.ns === QTI_NS && e.name === "qti-simple-choice");
  if (choices.length === 0) return reason("no-correct-answer", { interaction: i.name });
  if (choices.length > MAX_OPTIONS) return reason("too-many-options", { interaction: i.name, max: MAX_OPTIONS });
  const correct = new Set(
    d?.correct.length ? d.correct : (d?.mapping ?? []).filter((m) => m.value > 0).map((m) => m.key),
  );
  const seen = new Map<string, number>();
  const options = choices.map((c) => {
    const shown = squash(plainText(c));
    const image = descendants(c, isImageElement)[0];
    let value = (shown || (image && imageSource(image)?.alt) || c.attrs.identifier || "?").slice(0, 1000);
    const n = (seen.get(value) ?? 0) + 1;
    seen.set(value, n);
    if (n > 1) {
      notes.push({ code: "duplicate-options" });
      value = `${value} (${n})`;
    }
    return { value, valid: correct.has(c.attrs.identifier ?? "") };
  });
  if (!options.some((o) => o.valid)) return reason("no-correct-answer", { interaction: i.name });
  return { step: { type: "MULTIPLE_CHOICE", answer: { optionlistValue: options } } };
}

function readTextEntry(root: XElement, i: XElement, d: Declaration | undefined, notes: Message[]): StepResult {
  const response = i.attrs["response-identifier"] ?? "";
  const baseType = d?.baseType || "string";
  if (baseType === "float" || baseType === "integer") {
    const found = comparisons(root, response);
    const raw = d?.correct[0] ?? found.find((f) => f.value !== undefined)?.value;
    const value = raw === undefined ? NaN : Number(raw);
    if (!Number.isFinite(value)) return reason("no-correct-answer", { interaction: i.name });
    let tolerance = 0;
    const equal = found.find(
      (f) => f.element.name === "qti-equal" && f.element.attrs["tolerance-mode"] !== "exact",
    )?.element;
    if (equal && equal.attrs.tolerance) {
      const [lower, upper = lower] = equal.attrs.tolerance.trim().split(/\s+/).map(Number);
      if (finite(lower) && finite(upper)) {
        tolerance = Math.min(lower, upper);
        if (lower !== upper) notes.push({ code: "tolerance-asymmetric", values: { tolerance } });
        if (equal.attrs["tolerance-mode"] === "relative") {
          const percent = tolerance;
          tolerance = (Math.abs(value) * percent) / 100;
          notes.push({ code: "tolerance-relative", values: { percent, tolerance } });
        }
      }
    }
    return {
      step: { type: "NUMERIC", answer: { numericValue: value, numericlistValue: tolerance > 0 ? [tolerance] : [] } },
    };
  }
  if (baseType !== "string") return reason("unsupported-base-type", { interaction: i.name, baseType });
  return readText(root, i, d, notes);
}

function readText(root: XElement, i: XElement, d: Declaration | undefined, notes: Message[]): StepResult {
  const response = i.attrs["response-identifier"] ?? "";
  if (d && d.baseType && d.baseType !== "string")
    return reason("unsupported-base-type", { interaction: i.name, baseType: d.baseType });
  const best = [...(d?.mapping ?? [])].sort((a, b) => b.value - a.value).find((m) => m.value > 0)?.key;
  const model = (d?.correct[0] || best || comparisons(root, response).find((f) => f.value)?.value || "").trim();
  if (!model) return reason("no-model-answer", { interaction: i.name });
  const others = (d?.mapping ?? []).filter((m) => m.value > 0 && m.key !== model).map((m) => m.key);
  if (others.length) notes.push({ code: "other-answers", values: { answers: others.join(", ") } });
  return { step: { type: "TEXT", answer: { textValue: model.slice(0, 10_000) } } };
}

/** A QTI area (pixel or percent coordinates) as a product zone, image-relative. */
function areaToZone(
  shape: string,
  coords: string,
  width: number,
  height: number,
): Zone | { unsupported: string } | null {
  const parts = coords.split(",").map((c) => c.trim());
  const at = (k: number, size: number) => {
    const part = parts[k] ?? "";
    return part.endsWith("%") ? Number(part.slice(0, -1)) / 100 : Number(part) / size;
  };
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  if (parts.some((p) => !/^-?\d+(\.\d+)?%?$/.test(p))) return null;
  if (shape === "circle" && parts.length === 3) {
    const r = at(2, width);
    return r > 0 ? { shape: "circle", x: clamp(at(0, width)), y: clamp(at(1, height)), r: Math.min(1, r) } : null;
  }
  if (shape === "rect" && parts.length === 4) {
    const x = clamp(Math.min(at(0, width), at(2, width)));
    const y = clamp(Math.min(at(1, height), at(3, height)));
    const w = Math.min(clamp(Math.max(at(0, width), at(2, width))) - x, 1 - x);
    const h = Math.min(clamp(Math.max(at(1, height), at(3, height))) - y, 1 - y);
    return w > 0 && h > 0 ? { shape: "rect", x, y, w, h } : null;
  }
  if (shape === "poly" && parts.length >= 6 && parts.length % 2 === 0) {
    const points: Array<[number, number]> = [];
    for (let k = 0; k < parts.length; k += 2) points.push([clamp(at(k, width)), clamp(at(k + 1, height))]);
    const [first, last] = [points[0]!, points[points.length - 1]!];
    if (points.length > 3 && first[0] === last[0] && first[1] === last[1]) points.pop();
    return points.length >= 3 && points.length <= 100 ? { shape: "polygon", points } : null;
  }
  return { unsupported: shape || "?" };
}

/** The product's exact zones from its own export (`sa:zones`), or null. */
function exactZones(value: string | undefined): Zone[] | null {
  if (!value) return null;
  const zones: Zone[] = [];
  for (const part of value
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [shape, ...rest] = part.split(/\s+/);
    const n = rest.map(Number);
    if (n.some((v) => !Number.isFinite(v))) return null;
    if (shape === "circle" && n.length === 3) zones.push({ shape: "circle", x: n[0]!, y: n[1]!, r: n[2]! });
    else if (shape === "rect" && n.length === 4) zones.push({ shape: "rect", x: n[0]!, y: n[1]!, w: n[2]!, h: n[3]! });
    else if (shape === "polygon" && n.length >= 6 && n.length % 2 === 0) {
      const points: Array<[number, number]> = [];
      for (let k = 0; k < n.length; k += 2) points.push([n[k]!, n[k + 1]!]);
      zones.push({ shape: "polygon", points });
    } else return null;
  }
  return zones.length ? zones : null;
}

function readGraphic(
  root: XElement,
  i: XElement,
  d: Declaration | undefined,
  image: ImageRef,
  notes: Message[],
): StepResult {
  const picture = elements(i).find(isImageElement);
  const source = picture && imageSource(picture);
  const found = source && image(source.src);
  if (!found) return reason("no-image", { interaction: i.name });
  const width = Number(source.width) > 0 ? Number(source.width) : found.width;
  const height = Number(source.height) > 0 ? Number(source.height) : found.height;
  let areas: Array<{ shape: string; coords: string }>;
  if (i.name === "qti-hotspot-interaction") {
    const correct = new Set(
      d?.correct.length ? d.correct : (d?.mapping ?? []).filter((m) => m.value > 0).map((m) => m.key),
    );
    areas = qtiChildren(i, "qti-hotspot-choice")
      .filter((c) => correct.has(c.attrs.identifier ?? ""))
      .map((c) => ({ shape: c.attrs.shape ?? "", coords: c.attrs.coords ?? "" }));
    notes.push({ code: correct.size > 1 ? "hotspot-any" : "hotspot-hidden" });
  } else {
    const mapped = (d?.areas ?? []).filter((a) => a.value > 0);
    areas = mapped.length ? mapped : insideAreas(root, i.attrs["response-identifier"] ?? "");
  }
  let zones = exactZones(nsAttr(i, SA_NS, "zones"));
  if (!zones) {
    if (!(width > 0 && height > 0)) return reason("no-image", { interaction: i.name });
    zones = [];
    for (const a of areas) {
      const zone = areaToZone(a.shape, a.coords, width, height);
      if (zone && "unsupported" in zone)
        return reason("unsupported-shape", { interaction: i.name, shape: zone.unsupported });
      if (zone) zones.push(zone);
    }
  }
  if (zones.length === 0) return reason("no-zone", { interaction: i.name });
  return { step: { type: "HOTZONE", answer: { textValue: found.token, blocklistValue: zones.slice(0, 50) } } };
}

function readChecklist(i: XElement, d: Declaration | undefined): StepResult {
  const criteria = descendants(i, (e) => e.ns === SA_NS && e.name === "criterion");
  if (criteria.length === 0) return reason("unsupported-interaction", { interaction: i.name });
  const weightOf = (c: XElement) => {
    const own = Number(c.attrs.weight);
    if (Number.isFinite(own)) return own;
    return d?.mapping.find((m) => m.key === c.attrs.identifier)?.value ?? 0;
  };
  const textlistValue = criteria.map((c) => squash(plainText(c)).slice(0, 1000) || "?");
  const numericlistValue = criteria.map(weightOf);
  const total = numericlistValue.reduce((s, w) => s + (w > 0 ? w : 0), 0);
  if (criteria.length > 100 || total < 100) return reason("checklist-weights", { total });
  return { step: { type: "PRACTICAL", answer: { textlistValue, numericlistValue } } };
}

// ---- The item ----

/** Points of a step: the product's own (sa:score), else what the item says its one interaction is worth, else 1. */
function scoreOf(root: XElement, segment: Segment, d: Declaration | undefined, single: boolean): number {
  const own = segment.stepDiv ? Number(nsAttr(segment.stepDiv, SA_NS, "score")) : NaN;
  if (Number.isFinite(own) && own >= 0) return own;
  if (single) {
    const score = qtiChildren(root, "qti-outcome-declaration").find((o) => o.attrs.identifier === "SCORE");
    const max = Number(score?.attrs["normal-maximum"]);
    if (Number.isFinite(max) && max > 0) return max;
    const maxScore = qtiChildren(root, "qti-outcome-declaration").find((o) => o.attrs.identifier === "MAXSCORE");
    const declared = Number(textOf(maxScore ? (qtiChild(maxScore, "qti-default-value") ?? maxScore) : "").trim());
    if (Number.isFinite(declared) && declared > 0) return declared;
  }
  if (d?.mappingUpper !== undefined && d.mappingUpper > 0) return d.mappingUpper;
  return 1;
}

export function readItem(root: XElement, image: ImageRef): ItemReading {
  const identifier = root.attrs.identifier ?? "";
  const title = squash(root.attrs.title ?? "") || identifier;
  const reasons: Message[] = [];
  const notes: Message[] = [];
  const reading = (draft: Draft | null): ItemReading => ({ identifier, title, draft, reasons, notes });
  if (root.ns !== QTI_NS || root.name !== "qti-assessment-item")
    return (reasons.push({ code: "not-qti3", values: { root: root.name } }), reading(null));

  const body = qtiChild(root, "qti-item-body");
  const dropped: Dropped = new Set();
  const reader = new BodyReader(image, dropped, notes);
  reader.read(body?.children ?? []);
  reader.appendToLast();
  const decls = declarations(root);
  if (reader.segments.length === 0) return (reasons.push({ code: "no-interaction" }), reading(null));
  if (reader.segments.length > MAX_STEPS)
    return (reasons.push({ code: "too-many-steps", values: { max: MAX_STEPS } }), reading(null));

  const steps: DraftStep[] = [];
  for (const segment of reader.segments) {
    const i = segment.interaction;
    const d = decls.get(i.attrs["response-identifier"] ?? "");
    let result: StepResult;
    if (i.name === "qti-choice-interaction") result = readChoice(i, d, notes);
    else if (i.name === "qti-text-entry-interaction") result = readTextEntry(root, i, d, notes);
    else if (i.name === "qti-extended-text-interaction") result = readText(root, i, d, notes);
    else if (i.name === "qti-select-point-interaction" || i.name === "qti-hotspot-interaction")
      result = readGraphic(root, i, d, image, notes);
    else if (i.name === "qti-custom-interaction") result = readChecklist(i, d);
    else result = reason("unsupported-interaction", { interaction: i.name });
    if ("reason" in result) {
      reasons.push({
        ...result.reason,
        values: { ...result.reason.values, response: i.attrs["response-identifier"] ?? "" },
      });
      continue;
    }
    const prompt = qtiChild(i, "qti-prompt");
    const question = [...segment.question];
    if (prompt) {
      const html = inlineHtml(prompt.children, image, dropped).trim();
      if (html) question.push({ type: "text", html: `<p>${html}</p>` });
    }
    if (!question.some((b) => b.type === "image" || b.html.replace(/<[^>]*>/g, "").trim()))
      question.push({ type: "text", html: `<p>${escapeText(title)}</p>` });
    const key = segment.stepDiv ? nsAttr(segment.stepDiv, SA_NS, "key") : undefined;
    steps.push({
      ...(key ? { key: key.slice(0, 100) } : {}),
      ...result.step,
      question: question.slice(0, 200),
      score: Math.min(100_000, scoreOf(root, segment, d, reader.segments.length === 1)),
    });
  }
  if (reasons.length) return reading(null);

  const tooLong = [...reader.preparation, ...steps.flatMap((s) => s.question)].some(
    (b) => b.type === "text" && b.html.length > MAX_HTML,
  );
  if (tooLong) return (reasons.push({ code: "too-long" }), reading(null));
  if (dropped.size) notes.push({ code: "dropped", values: { what: [...dropped].sort().join(", ") } });

  const ownTime = Number(nsAttr(root, SA_NS, "max-time"));
  const maxTime = Number.isInteger(ownTime) && ownTime >= 1 && ownTime <= MAX_TIME ? ownTime : DEFAULT_MAX_TIME;
  if (maxTime !== ownTime) notes.push({ code: "default-time", values: { seconds: DEFAULT_MAX_TIME } });
  return reading({
    name: title.slice(0, 200),
    maxTime,
    preparationInfo: reader.preparation.slice(0, 200),
    steps,
  });
}
