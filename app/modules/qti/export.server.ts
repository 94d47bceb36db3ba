import { zipSync } from "fflate";
import { imageSize } from "image-size";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { getEvaluation, getQuestion } from "~/modules/assessments/index.server";
import { readAsset } from "~/modules/assets/index.server";
import type { PackageImage } from "./rich";
import { itemIdentifier, itemXml, type ExportQuestion } from "./write-item";
import { manifestXml } from "./write-manifest";

/** Questions in one package at most (an evaluation or a selection). */
export const MAX_EXPORT_QUESTIONS = 500;

export type ExportRequest = { evaluation?: string | null; questions?: readonly string[] | null };

const badRequest = (key: string, values?: Record<string, unknown>) =>
  new AppError("BAD_REQUEST", "validation_failed", { messageKey: `qti:errors.${key}`, values });

/** The questions to export, readable by the actor, in order (an evaluation's questions as it orders them). */
async function questionsOf(ctx: Ctx, request: ExportRequest): Promise<{ title: string; questions: ExportQuestion[] }> {
  if (request.evaluation) {
    const evaluation = await getEvaluation(ctx, request.evaluation);
    // A question the evaluation holds twice is one item of the package.
    const questions = [...new Map((evaluation.resolvedQuestions ?? []).map((q) => [q._id, q])).values()];
    return { title: evaluation.name, questions };
  }
  const ids = [...new Set((request.questions ?? []).map((id) => id.trim()).filter(Boolean))];
  if (ids.length === 0)
    throw badRequest("export-nothing", { byEvaluation: "?evaluation=ID", byQuestions: "?questions=ID,ID" });
  if (ids.length > MAX_EXPORT_QUESTIONS) throw badRequest("export-too-many", { max: MAX_EXPORT_QUESTIONS });
  const questions: ExportQuestion[] = [];
  for (const id of ids) questions.push(await getQuestion(ctx, id));
  return { title: questions.length === 1 ? questions[0]!.name : "Questions", questions };
}

/** Every uploaded image a question shows: image blocks, images inside text, hotzone pictures. */
function imageUrls(question: ExportQuestion): string[] {
  const urls: string[] = [];
  const blocks = [...question.preparationInfo, ...question.steps.flatMap((s) => s.question)];
  for (const b of blocks) {
    if (b.type === "image") urls.push(b.url);
    else for (const m of b.html.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/gi)) urls.push(m[1]!.replace(/&amp;/g, "&"));
  }
  for (const s of question.steps) if (s.type === "HOTZONE") urls.push(String(s.answer.textValue ?? ""));
  return urls;
}

/**
 * A QTI 3.0 content package of the questions (README, "QTI 3"): imsmanifest.xml, items/<id>.xml
 * per question, images/<key> per uploaded image. Readers of the questions may export (read:admin and
 * each question readable: another organisation's or someone's private question is not found).
 */
export async function exportQtiPackage(
  ctx: Ctx,
  request: ExportRequest,
): Promise<{ fileName: string; bytes: Uint8Array; questionCount: number }> {
  requirePermission(ctx, "read:admin");
  const { title, questions } = await questionsOf(ctx, request);
  if (questions.length > MAX_EXPORT_QUESTIONS) throw badRequest("export-too-many", { max: MAX_EXPORT_QUESTIONS });

  const files: Record<string, Uint8Array> = {};
  const images = new Map<string, PackageImage & { file: string }>();
  const prefix = `/api/assets/${ctx.tenant.slug}/`;
  for (const url of questions.flatMap(imageUrls)) {
    if (images.has(url) || !url.startsWith(prefix)) continue;
    const key = url.slice(prefix.length);
    let bytes: Uint8Array;
    try {
      bytes = (await readAsset(ctx, ctx.tenant.slug, key)).bytes;
    } catch {
      continue; // an image gone from the store is left out, as the screens leave it out
    }
    let size: { width?: number; height?: number } = {};
    try {
      size = imageSize(bytes);
    } catch {
      size = {};
    }
    const file = `images/${key}`;
    files[file] = bytes;
    images.set(url, { href: `../${file}`, file, width: size.width ?? 0, height: size.height ?? 0 });
  }

  const encoder = new TextEncoder();
  const items = questions.map((q) => {
    const used = new Set<string>();
    const xml = itemXml(q, (url) => {
      const found = images.get(url);
      if (found) used.add(found.file);
      return found ?? null;
    });
    const href = `items/${itemIdentifier(q._id)}.xml`;
    files[href] = encoder.encode(xml);
    return { identifier: itemIdentifier(q._id), href, images: [...used] };
  });
  const manifest = manifestXml({
    identifier: `MANIFEST-${request.evaluation ? itemIdentifier(request.evaluation) : itemIdentifier(questions[0]?._id ?? "none")}`,
    title,
    language: ctx.locale.slice(0, 2),
    items,
    images: [...images.values()].map((i) => ({
      identifier: `IMG-${i.file.slice(7).replace(/\W/g, "_")}`,
      href: i.file,
    })),
  });
  const bytes = zipSync({ "imsmanifest.xml": encoder.encode(manifest), ...files }, { level: 6 });
  return { fileName: `${fileNameOf(title)}-qti.zip`, bytes, questionCount: questions.length };
}

/** A file name from a title: letters, digits and dashes. */
function fileNameOf(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return base || "questions";
}
