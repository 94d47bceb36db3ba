import { AppError, isAppError, refusalText, refusalJson } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { addQuestion, removeQuestion } from "~/modules/assessments/index.server";
import { assetStorage, store } from "~/modules/assets/index.server";
import { readItem, type Draft, type ItemReading, type Message } from "./read-item";
import {
  dirOf,
  PackageError,
  PackageImages,
  readManifest,
  TOKEN_PATTERN,
  unzipPackage,
  type ItemResource,
} from "./read-package";
import type { QtiImportAnswer, QtiItemPreview } from "./types";
import { parseXml } from "./xml";

const refusal = (code: string, values: Record<string, unknown> = {}) =>
  new AppError("BAD_REQUEST", "validation_failed", { messageKey: `qti:errors.${code}`, values });

type Read = ItemReading & { file: string | null };

function readItems(files: Map<string, Uint8Array>, items: ItemResource[], images: PackageImages): Read[] {
  return items.map((resource): Read => {
    const base = {
      identifier: resource.identifier,
      title: resource.identifier,
      draft: null,
      notes: [],
      file: resource.path,
    };
    if (resource.qti2) return { ...base, reasons: [{ code: "qti2" }] };
    const bytes = resource.path ? files.get(resource.path) : undefined;
    if (!bytes) return { ...base, reasons: [{ code: "missing-file", values: { file: resource.path ?? "" } }] };
    const root = parseXml(new TextDecoder().decode(bytes));
    if (!root) return { ...base, reasons: [{ code: "unreadable" }] };
    const reading = readItem(root, images.refFrom(dirOf(resource.path!)));
    return { ...reading, identifier: reading.identifier || resource.identifier, file: resource.path };
  });
}

/** A draft with its image tokens replaced by the stored images' addresses. */
function withImages(draft: Draft, urls: Map<string, string>): Draft {
  return JSON.parse(JSON.stringify(draft).replace(TOKEN_PATTERN, (token) => urls.get(token) ?? token)) as Draft;
}

/**
 * Reads a QTI 3.0 content package and, unless `preview`, adds each item that maps as a question of
 * the actor's organisation through addQuestion (so its validation and permissions hold), its images
 * through the asset store (README, "QTI 3"). Writers only. A package that cannot be read is refused
 * with BAD_REQUEST and a message saying why; an import that fails part way takes back what it made,
 * so a refused import changes nothing.
 */
export async function importQtiPackage(
  ctx: Ctx,
  bytes: Uint8Array,
  options: { preview: boolean },
): Promise<QtiImportAnswer> {
  requirePermission(ctx, "write:assessments");
  let files: Map<string, Uint8Array>;
  let items: ItemResource[];
  try {
    files = unzipPackage(bytes);
    items = readManifest(files).items;
  } catch (e) {
    if (e instanceof PackageError) throw refusal(e.code, e.values);
    throw e;
  }
  const images = new PackageImages(files);
  const readings = readItems(files, items, images);
  const message = (m: Message, kind: "reasons" | "notes") => ({
    code: m.code,
    message: ctx.t(`qti:${kind}.${m.code}`, m.values ?? {}),
  });
  const previews: QtiItemPreview[] = readings.map((r) => ({
    identifier: r.identifier,
    title: r.title,
    file: r.file,
    mapped: r.draft !== null,
    steps: r.draft?.steps.map((s) => s.type) ?? [],
    reasons: r.reasons.map((m) => message(m, "reasons")),
    notes: [...new Map(r.notes.map((m) => [JSON.stringify(m), m])).values()].map((m) => message(m, "notes")),
  }));
  const mapped = readings.filter((r): r is Read & { draft: Draft } => r.draft !== null);
  const answer: QtiImportAnswer = {
    preview: options.preview,
    counts: { items: readings.length, mapped: mapped.length, notMapped: readings.length - mapped.length },
    items: previews,
    questions: [],
  };
  if (options.preview) return answer;
  if (mapped.length === 0) throw refusal("nothing-to-import");

  const storedKeys: string[] = [];
  const madeIds: string[] = [];
  let current: Read | null = null;
  try {
    const used = new Set(mapped.flatMap((r) => JSON.stringify(r.draft).match(TOKEN_PATTERN) ?? []));
    const urls = new Map<string, string>();
    for (const image of images.list) {
      if (!used.has(image.token)) continue;
      const stored = await store(ctx, image.bytes, "image");
      storedKeys.push(stored.id);
      urls.set(image.token, stored.url);
    }
    for (const r of mapped) {
      current = r;
      const question = await addQuestion(ctx, withImages(r.draft, urls));
      madeIds.push(question._id);
      answer.questions.push({ identifier: r.identifier, _id: question._id, name: question.name });
    }
    return answer;
  } catch (e) {
    // Take back what this import made, newest first, then say which item was refused and why.
    for (const id of madeIds.reverse()) await removeQuestion(ctx, id).catch(() => undefined);
    for (const key of storedKeys)
      await assetStorage(ctx.tenant)
        .remove(ctx.tenant, key)
        .catch(() => undefined);
    if (!isAppError(e) || !current || e.code === "FORBIDDEN" || e.code === "UNAUTHORIZED") throw e;
    const detail = refusalText(refusalJson(e, (key, values) => ctx.t(key, values ?? {}))) ?? e.reason;
    throw refusal("item-refused", { identifier: current.identifier, detail });
  }
}
