import type { Reader } from "~db/tenant/client";
import { organizationOf } from "~/modules/tenants/index.server";
import { formErrorOf, loadOrFail, type ActionResult } from "~/lib/form-result.server";
import { asc } from "drizzle-orm";
import { categories, supplyObjects } from "~db/tenant/schema";
import { isAppError } from "~/lib/app-error";
import { readActionForm } from "~/lib/form-data.server";
import { subtreeOf, treeOrder } from "~/lib/category-tree";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { redirectPastLastPage } from "~/lib/list-query.server";
import { afterForPage, PAGE_SIZE } from "~/lib/paging.server";
import { can } from "~/lib/permissions";
import { staffDirectory } from "~/modules/staff/index.server";
import { SORT_FIELDS, type OwnedDoc, type SortField } from "./owned-documents.server";
import { STEP_TYPES, type StepType } from "./steps";

/** Helpers that keep the assessment screens' loaders and actions thin. */

export const canWriteAssessments = (ctx: Ctx) => can(ctx.permissions, "write:assessments");

export type ListParams = {
  q: string;
  type: StepType | null;
  category: string | null;
  sort: SortField;
  dir: "ASC" | "DESC";
  page: number;
  layout: "NARROW" | "WIDE";
};

export function listParams(request: Request): ListParams {
  const url = new URL(request.url);
  const sort = url.searchParams.get("sort") as SortField | null;
  const type = url.searchParams.get("type") as StepType | null;
  return {
    q: (url.searchParams.get("q") ?? "").trim(),
    type: type && (STEP_TYPES as readonly string[]).includes(type) ? type : null,
    category: url.searchParams.get("category") || null,
    sort: sort && SORT_FIELDS.includes(sort) ? sort : "DATE",
    dir: url.searchParams.get("dir") === "ASC" ? "ASC" : "DESC",
    page: Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1),
    layout: url.searchParams.get("layout") === "NARROW" ? "NARROW" : "WIDE",
  };
}

/**
 * What a list page needs beside its rows: the category options of the filter, and the filter's
 * categories (the chosen one and everything below it: filtering on "Safety" finds "Safety › Cranes").
 */
export async function categoryFilter(ctx: Ctx, p: ListParams) {
  const tree = await categoryTree(ctx);
  const chosen = p.category
    ? tree.some((c) => c.id === p.category)
      ? subtreeOf(tree, p.category)
      : [p.category]
    : null;
  return { categoryOptions: tree.map((c) => ({ _id: c.id, path: c.path })), categories: chosen };
}

export const listArgs = (p: ListParams) => ({
  after: afterForPage(p.page),
  first: PAGE_SIZE,
  order: p.dir,
  orderBy: p.sort,
});

export { loadOrFail };

/**
 * The loader of a list screen (questions, evaluations, session templates): its GET parameters,
 * the category filter, one page of the list, and a redirect for a page past the end.
 */
export async function listScreen<L extends { pageInfo: { totalCount: number; pageSize: number } }>(
  ctx: Ctx,
  request: Request,
  load: (args: ReturnType<typeof listArgs>, params: ListParams, categories: string[] | null) => Promise<L>,
) {
  const params = listParams(request);
  const { categoryOptions, categories } = await categoryFilter(ctx, params);
  const list = await loadOrFail(ctx, () => load(listArgs(params), params, categories));
  redirectPastLastPage(request, list.pageInfo);
  return { list, categoryOptions, params, canWrite: canWriteAssessments(ctx) };
}

export type SaveResult = ActionResult<{ id: string | null }>;

/** Runs a change and answers with translated field errors and references instead of throwing. */
export async function runSave(
  ctx: Ctx,
  work: () => Promise<{ _id?: string; id?: string } | unknown>,
): Promise<SaveResult> {
  try {
    const result = (await work()) as { _id?: string; id?: string } | undefined;
    return { ok: true, id: result?._id ?? result?.id ?? null };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return formErrorOf(ctx.t, e);
  }
}

/** The action of a list screen: it only removes (the posted id), answered like every save. */
export async function removeFromList(
  ctx: Ctx,
  request: Request,
  remove: (id: string) => Promise<unknown>,
): Promise<SaveResult> {
  const { intent, id } = await readForm(ctx, request);
  if (intent !== "remove") throw new Response("Bad Request", { status: 400 });
  return runSave(ctx, () => remove(id));
}

/** The JSON payload a screen posts in the `payload` field. */
export async function readForm(ctx: Ctx, request: Request): Promise<{ intent: string; id: string; payload: unknown }> {
  const form = await readActionForm(ctx, request);
  let payload: unknown = {};
  try {
    payload = JSON.parse(String(form.get("payload") ?? "{}"));
  } catch {
    payload = {};
  }
  return { intent: String(form.get("intent") ?? ""), id: String(form.get("id") ?? ""), payload };
}

/** Categories and supply objects to choose from. */
export async function referenceOptions(ctx: Ctx) {
  requirePermission(ctx, "read:admin");
  const [tree, supplies] = await Promise.all([
    categoryTree(ctx),
    ctx.tdb.db
      .select({ _id: supplyObjects.id, name: supplyObjects.name })
      .from(supplyObjects)
      .orderBy(asc(supplyObjects.nameLower))
      .limit(1000)
      .all(),
  ]);
  return { categories: tree.map((c) => ({ _id: c.id, name: c.name, depth: c.depth, path: c.path })), supplies };
}

/** The tenant's categories in tree order with their path, so pickers and filters show where each sits. */
async function categoryTree(ctx: Ctx) {
  requirePermission(ctx, "read:admin");
  return treeOrder(
    await ctx.tdb.db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .limit(5000)
      .all(),
  );
}

// ---- Sharing ----

export type ShareCandidate = { _id: string; name: string; email: string };

/**
 * The tenant's staff users an object owned by `ownerUserId` can be shared with: everyone but the
 * owner, by name. Only for those who may change assessments (nobody else can share anything).
 */
export async function shareableStaffUsers(ctx: Ctx, ownerUserId: string): Promise<ShareCandidate[]> {
  requirePermission(ctx, "write:assessments");
  const users = await staffDirectory(ctx.tdb, { except: ownerUserId });
  return users.map(({ id, name, email }) => ({ _id: id, name, email }));
}

/**
 * The people an editor may pick for sharing: for a new object (also a copy) everyone but the actor,
 * who becomes its owner; for an existing one everyone but its owner, and only when the actor may
 * manage its sharing (else the screen shows the current shares read-only and needs no list).
 */
async function shareCandidatesFor(
  ctx: Ctx,
  existing: { doc: OwnedDoc; findRow: (db: Reader, id: string) => Promise<{ ownerUserId: string }> } | null,
): Promise<ShareCandidate[]> {
  if (!canWriteAssessments(ctx) || ctx.actor.type !== "ADMIN") return [];
  if (!existing) return shareableStaffUsers(ctx, ctx.actor.userId);
  if (!existing.doc.access.canManageSharing) return [];
  const row = await existing.findRow(ctx.tdb.db, existing.doc._id);
  return shareableStaffUsers(ctx, row.ownerUserId);
}

// ---- Question editor (create, copy, edit) ----

export type EditorMode = "create" | "copy" | "edit";

export async function questionEditorData(ctx: Ctx, mode: EditorMode, id: string | null) {
  const { getQuestion, questionEntity } = await import("./questions.server");
  const question = id ? await loadOrFail(ctx, () => getQuestion(ctx, id)) : null;
  const shareCandidates = await shareCandidatesFor(
    ctx,
    mode === "edit" && question ? { doc: question, findRow: questionEntity.findRow } : null,
  );
  if (mode === "copy" && question) {
    // A copy is a new object of the actor's: it starts unshared.
    question.name = ctx.t("assessments:form.copy-suffix", { name: question.name });
    question.shares = [];
  }
  // Browser drafts belong to one staff member of one organisation (ADR 0008).
  const draftOwner = `${ctx.tenant.slug}:${ctx.actor.type === "ADMIN" ? ctx.actor.email : ""}`;
  // The pickers offer to create a category or supply object to those who may (issue 34).
  const options = { ...(await referenceOptions(ctx)), canCreate: can(ctx.permissions, "write:databases") };
  return { mode, question, options, canWrite: canWriteAssessments(ctx), shareCandidates, draftOwner };
}

/** Saves the editor's payload: create (also for a copy) or update. Redirects to the list on success. */
export async function saveQuestionFromForm(
  ctx: Ctx,
  request: Request,
  mode: EditorMode,
  id: string | null,
): Promise<SaveResult> {
  const { addQuestion, updateQuestion } = await import("./questions.server");
  const { payload } = await readForm(ctx, request);
  return runSave(ctx, () => (mode === "edit" && id ? updateQuestion(ctx, id, payload) : addQuestion(ctx, payload)));
}

// ---- Evaluation and session editors ----

export async function evaluationEditorData(ctx: Ctx, id: string | null) {
  const { getEvaluation, evaluationEntity } = await import("./evaluations.server");
  const evaluation = id ? await loadOrFail(ctx, () => getEvaluation(ctx, id)) : null;
  const shareCandidates = await shareCandidatesFor(
    ctx,
    evaluation ? { doc: evaluation, findRow: evaluationEntity.findRow } : null,
  );
  const options = await referenceOptions(ctx);
  // The bank itself is searched from the form (BankPicker); the chosen ones need their names.
  const chosen = (evaluation?.resolvedQuestions ?? []).map((q) => ({ _id: q._id, name: q.name }));
  return { evaluation, categories: options.categories, chosen, canWrite: canWriteAssessments(ctx), shareCandidates };
}

export async function sessionEditorData(ctx: Ctx, id: string | null) {
  const { getSession, sessionEntity } = await import("./sessions.server");
  const session = id ? await loadOrFail(ctx, () => getSession(ctx, id)) : null;
  const shareCandidates = await shareCandidatesFor(
    ctx,
    session ? { doc: session, findRow: sessionEntity.findRow } : null,
  );
  const options = await referenceOptions(ctx);
  const chosen = (session?.resolvedEvaluations ?? []).map((e) => ({ _id: e._id, name: e.name }));
  // A new template starts with the organisation's default pass percentage (its settings).
  const defaultPassPercentage = organizationOf(ctx.tenant).defaultPassPercentage;
  return {
    session,
    categories: options.categories,
    chosen,
    canWrite: canWriteAssessments(ctx),
    shareCandidates,
    defaultPassPercentage,
  };
}

export async function saveEvaluationFromForm(ctx: Ctx, request: Request, id: string | null): Promise<SaveResult> {
  const { addEvaluation, updateEvaluation } = await import("./evaluations.server");
  const { payload } = await readForm(ctx, request);
  return runSave(ctx, () => (id ? updateEvaluation(ctx, id, payload) : addEvaluation(ctx, payload)));
}

export async function saveSessionFromForm(ctx: Ctx, request: Request, id: string | null): Promise<SaveResult> {
  const { addSession, updateSession } = await import("./sessions.server");
  const { payload } = await readForm(ctx, request);
  return runSave(ctx, () => (id ? updateSession(ctx, id, payload) : addSession(ctx, payload)));
}
