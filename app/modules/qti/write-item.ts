// One question as one QTI 3.0 assessment item (README, "QTI 3"). Each step is a
// `<div class="sa-step">` in the item body holding the step's question and its interaction, bound to
// its own response declaration RESPONSE_<n>; the response processing adds each step's points to
// SCORE the way the product scores it (ADR 0017). What QTI has no place for travels in the
// product's namespace (SA_NS): the time limit, each step's key and points, exact zones, the checklist.
import type { RichBlock, StepType, Zone } from "~/modules/assessments";
import { blocksToXhtml, imgXml, type PackageImage } from "./rich";
import { el, num, QTI_NS, SA_NS, XSI_NS } from "./xml";

export const ASI_SCHEMA_LOCATION = `${QTI_NS} https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0p1_v1p0.xsd`;

/** The question as export reads it (the assessments domain's Question, the fields QTI carries). */
export type ExportQuestion = {
  _id: string;
  name: string;
  maxTime: number;
  preparationInfo: RichBlock[];
  steps: Array<{ key: string; type: StepType; question: RichBlock[]; answer: Record<string, unknown>; score: number }>;
};

export const itemIdentifier = (questionId: string) => `Q-${questionId.replace(/[^A-Za-z0-9_.-]/g, "_")}`;

const responseId = (index: number) => `RESPONSE_${index + 1}`;

type Answer = Record<string, unknown>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const numberOr = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);

/** An integer pixel coordinate (QTI's coords are whole numbers). */
const px = (v: number) => String(Math.max(0, Math.round(v)));

/** A zone in the image's pixels, as QTI's shape and coords. */
export function zoneCoords(z: Zone, width: number, height: number): { shape: string; coords: string } {
  if (z.shape === "circle")
    return { shape: "circle", coords: [px(z.x * width), px(z.y * height), px(z.r * width)].join(",") };
  if (z.shape === "rect")
    return {
      shape: "rect",
      coords: [px(z.x * width), px(z.y * height), px((z.x + z.w) * width), px((z.y + z.h) * height)].join(","),
    };
  return { shape: "poly", coords: z.points.flatMap(([x, y]) => [px(x * width), px(y * height)]).join(",") };
}

/** Zones exactly, as the product keeps them (image-relative; a circle's radius a fraction of the width, ADR 0011). */
export function zonesAttr(zones: readonly Zone[]): string {
  return zones
    .map((z) =>
      z.shape === "circle"
        ? `circle ${num(z.x)} ${num(z.y)} ${num(z.r)}`
        : z.shape === "rect"
          ? `rect ${num(z.x)} ${num(z.y)} ${num(z.w)} ${num(z.h)}`
          : `polygon ${z.points.map(([x, y]) => `${num(x)} ${num(y)}`).join(" ")}`,
    )
    .join("; ");
}

/** A zone's centre (the correct response of a select-point interaction is one point). */
function centre(z: Zone): [number, number] {
  if (z.shape === "circle") return [z.x, z.y];
  if (z.shape === "rect") return [z.x + z.w / 2, z.y + z.h / 2];
  const n = z.points.length;
  return [z.points.reduce((s, p) => s + p[0], 0) / n, z.points.reduce((s, p) => s + p[1], 0) / n];
}

const variable = (id: string) => el("qti-variable", { identifier: id });
const floatValue = (v: number) => el("qti-base-value", { "base-type": "float" }, num(v));
const addToScore = (points: string) =>
  el("qti-set-outcome-value", { identifier: "SCORE" }, el("qti-sum", {}, [variable("SCORE"), points]));
const whenThenAdd = (condition: string, score: number) =>
  el("qti-response-condition", {}, el("qti-response-if", {}, [condition, addToScore(floatValue(score))]));

/**
 * The item's XML. `image` gives the package file (and pixel size) of an uploaded image, or null
 * when it is not in the package (an image block is then left out).
 */
export function itemXml(question: ExportQuestion, image: (url: string) => PackageImage | null): string {
  const declarations: string[] = [];
  const bodies: string[] = [];
  const processing: string[] = [];
  question.steps.forEach((step, index) => {
    const id = responseId(index);
    const a = step.answer as Answer;
    const score = Math.max(0, numberOr(step.score, 0));
    let interaction = "";
    if (step.type === "MULTIPLE_CHOICE") {
      const options = list(a.optionlistValue).map((o) => o as { value: string; valid: boolean });
      const valid = options.flatMap((o, i) => (o.valid ? [`CHOICE_${i + 1}`] : []));
      declarations.push(
        el(
          "qti-response-declaration",
          {
            identifier: id,
            cardinality: valid.length > 1 ? "multiple" : "single",
            "base-type": "identifier",
          },
          el(
            "qti-correct-response",
            {},
            valid.map((v) => el("qti-value", {}, v)),
          ),
        ),
      );
      interaction = el(
        "qti-choice-interaction",
        { "response-identifier": id, "max-choices": valid.length > 1 ? 0 : 1 },
        options.map((o, i) => el("qti-simple-choice", { identifier: `CHOICE_${i + 1}` }, escape(o.value))),
      );
      processing.push(whenThenAdd(el("qti-match", {}, [variable(id), el("qti-correct", { identifier: id })]), score));
    } else if (step.type === "NUMERIC") {
      const value = numberOr(a.numericValue, 0);
      const tolerance = Math.max(0, numberOr(list(a.numericlistValue)[0], 0));
      declarations.push(
        el("qti-response-declaration", { identifier: id, cardinality: "single", "base-type": "float" }, [
          el("qti-correct-response", {}, el("qti-value", {}, num(value))),
        ]),
      );
      interaction = el("p", {}, el("qti-text-entry-interaction", { "response-identifier": id, "expected-length": 12 }));
      const equal =
        tolerance > 0
          ? el("qti-equal", { "tolerance-mode": "absolute", tolerance: `${num(tolerance)} ${num(tolerance)}` }, [
              variable(id),
              el("qti-correct", { identifier: id }),
            ])
          : el("qti-equal", { "tolerance-mode": "exact" }, [variable(id), el("qti-correct", { identifier: id })]);
      processing.push(whenThenAdd(equal, score));
    } else if (step.type === "TEXT") {
      const model = String(a.textValue ?? "");
      declarations.push(
        el("qti-response-declaration", { identifier: id, cardinality: "single", "base-type": "string" }, [
          el("qti-correct-response", {}, el("qti-value", {}, escape(model))),
        ]),
      );
      // A short one-line model answer is typed in a line; anything longer in a text area.
      interaction =
        model.length <= 100 && !/\n/.test(model)
          ? el(
              "p",
              {},
              el("qti-text-entry-interaction", {
                "response-identifier": id,
                "expected-length": Math.max(10, model.length),
              }),
            )
          : el("qti-extended-text-interaction", { "response-identifier": id });
      processing.push(
        whenThenAdd(
          el("qti-string-match", { "case-sensitive": "false" }, [variable(id), el("qti-correct", { identifier: id })]),
          score,
        ),
      );
    } else if (step.type === "HOTZONE") {
      const picture = image(String(a.textValue ?? ""));
      const zones = list(a.blocklistValue) as Zone[];
      const width = picture?.width || 1000;
      const height = picture?.height || 1000;
      const [cx, cy] = zones.length ? centre(zones[0]!) : [0.5, 0.5];
      declarations.push(
        el("qti-response-declaration", { identifier: id, cardinality: "single", "base-type": "point" }, [
          el("qti-correct-response", {}, el("qti-value", {}, `${px(cx * width)} ${px(cy * height)}`)),
          el(
            "qti-area-mapping",
            { "default-value": 0, "lower-bound": 0, "upper-bound": 1 },
            zones.map((z) => el("qti-area-map-entry", { ...zoneCoords(z, width, height), "mapped-value": 1 })),
          ),
        ]),
      );
      interaction = el(
        "qti-select-point-interaction",
        { "response-identifier": id, "max-choices": 1, "sa:zones": zonesAttr(zones) },
        picture ? imgXml(picture, "") : "",
      );
      processing.push(
        whenThenAdd(el("qti-gt", {}, [el("qti-map-response-point", { identifier: id }), floatValue(0)]), score),
      );
    } else if (step.type === "PRACTICAL") {
      const criteria = list(a.textlistValue).map(String);
      const weights = list(a.numericlistValue).map((w) => numberOr(w, 0));
      // The checklist as the product's extension; the mapping gives each criterion its weight, so a
      // QTI engine given the ticked criteria scores them as the product does.
      declarations.push(
        el("qti-response-declaration", { identifier: id, cardinality: "multiple", "base-type": "identifier" }, [
          el(
            "qti-mapping",
            { "default-value": 0, "lower-bound": 0, "upper-bound": 100 },
            criteria.map((_, i) =>
              el("qti-map-entry", { "map-key": `CRITERION_${i + 1}`, "mapped-value": num(weights[i] ?? 0) }),
            ),
          ),
        ]),
      );
      interaction = el(
        "qti-custom-interaction",
        { "response-identifier": id, class: "sa-practical-checklist" },
        el(
          "sa:checklist",
          {},
          criteria.map((c, i) =>
            el("sa:criterion", { identifier: `CRITERION_${i + 1}`, weight: num(weights[i] ?? 0) }, escape(c)),
          ),
        ),
      );
      processing.push(
        el(
          "qti-set-outcome-value",
          { identifier: "SCORE" },
          el("qti-sum", {}, [
            variable("SCORE"),
            el("qti-product", {}, [
              floatValue(score),
              el("qti-divide", {}, [el("qti-map-response", { identifier: id }), floatValue(100)]),
            ]),
          ]),
        ),
      );
    }
    bodies.push(
      el("div", { class: "sa-step", "sa:type": step.type, "sa:key": step.key, "sa:score": num(score) }, [
        blocksToXhtml(step.question, image),
        interaction,
      ]),
    );
  });
  const total = question.steps.reduce((sum, s) => sum + Math.max(0, numberOr(s.score, 0)), 0);
  const preparation = question.preparationInfo.length
    ? el(
        "qti-rubric-block",
        { use: "instructions", view: "candidate", class: "sa-preparation" },
        el("qti-content-body", {}, blocksToXhtml(question.preparationInfo, image) || el("p", {}, "")),
      )
    : "";
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    el(
      "qti-assessment-item",
      {
        xmlns: QTI_NS,
        "xmlns:xsi": XSI_NS,
        "xmlns:sa": SA_NS,
        "xsi:schemaLocation": ASI_SCHEMA_LOCATION,
        identifier: itemIdentifier(question._id),
        title: question.name,
        adaptive: "false",
        "time-dependent": "false",
        "tool-name": "Skills Assessments",
        "tool-version": "1",
        "sa:max-time": question.maxTime,
      },
      [
        ...declarations,
        el(
          "qti-outcome-declaration",
          {
            identifier: "SCORE",
            cardinality: "single",
            "base-type": "float",
            "normal-maximum": num(total),
          },
          el("qti-default-value", {}, el("qti-value", {}, "0")),
        ),
        el("qti-outcome-declaration", { identifier: "MAXSCORE", cardinality: "single", "base-type": "float" }, [
          el("qti-default-value", {}, el("qti-value", {}, num(total))),
        ]),
        // A question without steps asks nothing yet: its body says its name (an empty body is no item).
        el("qti-item-body", {}, [preparation, ...(bodies.length ? bodies : [el("p", {}, escape(question.name))])]),
        processing.length ? el("qti-response-processing", {}, processing) : "",
      ],
    ) +
    "\n"
  );
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
