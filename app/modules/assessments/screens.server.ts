import type { Reader } from "~db/tenant/client";
import { organizationOf } from "~/modules/tenants/index.server";
import { formErrorOf, loadOrFail, type ActionResult } from "~/lib/form-result.server";
import { asc } from "drizzle-orm";
import { categories, supplyObjects } from "~db/tenant/schema";
import { isAppError } from "~/lib/app-error";
import { subtreeOf, treeOrder } from "~/lib/category-tree";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { can } from "~/lib/permissions";
import { staffDirectory } from "~/modules/staff/index.server";
import type { OwnedDoc } from "./owned-documents.server";

/** What the assessment screens load and save, for their routes (which read the request). */

export const canWriteAssessments = (ctx: Ctx) => can(ctx.permissions, "write:assessments");

/**
 * What a list page needs beside its rows: the category options of the filter, and the filter's
 * categories (the chosen one and everything below it: filtering on "Safety" finds "Safety › Cranes").
 */
export async function categoryFilter(ctx: Ctx, category: string | null) {
  const tree = await categoryTree(ctx);
  const chosen = category ? (tree.some((c) => c.id === category) ? subtreeOf(tree, category) : [category]) : null;
  return { categoryOptions: tree.map((c) => ({ _id: c.id, path: c.path })), categories: chosen };
}

export { loadOrFail };

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
  return {
    categories: tree.map((c) => ({ _id: c.id, name: c.name, depth: c.depth, path: c.path })),
    supplies,
    // The editors' pickers offer to create a category or supply object to those who may.
    canCreate: can(ctx.permissions, "write:databases"),
  };
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
  const options = await referenceOptions(ctx);
  return { mode, question, options, canWrite: canWriteAssessments(ctx), shareCandidates, draftOwner };
}

/** Saves the editor's payload: an update of the question `id`, else a new question (also for a copy). */
export async function saveQuestion(ctx: Ctx, id: string | null, payload: unknown): Promise<SaveResult> {
  const { addQuestion, updateQuestion } = await import("./questions.server");
  return runSave(ctx, () => (id ? updateQuestion(ctx, id, payload) : addQuestion(ctx, payload)));
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
  return {
    evaluation,
    categories: options.categories,
    canCreateCategories: options.canCreate,
    chosen,
    canWrite: canWriteAssessments(ctx),
    shareCandidates,
  };
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
    canCreateCategories: options.canCreate,
    chosen,
    canWrite: canWriteAssessments(ctx),
    shareCandidates,
    defaultPassPercentage,
  };
}

export async function saveEvaluation(ctx: Ctx, id: string | null, payload: unknown): Promise<SaveResult> {
  const { addEvaluation, updateEvaluation } = await import("./evaluations.server");
  return runSave(ctx, () => (id ? updateEvaluation(ctx, id, payload) : addEvaluation(ctx, payload)));
}

export async function saveSession(ctx: Ctx, id: string | null, payload: unknown): Promise<SaveResult> {
  const { addSession, updateSession } = await import("./sessions.server");
  return runSave(ctx, () => (id ? updateSession(ctx, id, payload) : addSession(ctx, payload)));
}
