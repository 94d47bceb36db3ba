import { mapNodes } from "~/lib/paging.server";
import { z } from "zod";
import { categories, sessionTemplates } from "~db/tenant/schema";
import type { StaffCtx } from "~/lib/context.server";
import { defineOwned, idList, ownershipInput, requireExisting } from "./owned-documents.server";
import type { DocumentFilter, ListArgs, OwnedDoc } from "./owned-documents.server";
import { nameText } from "~/lib/validation";
import { circuitSettingsInput } from "./circuit-settings";
import { evaluationEntity, type Evaluation } from "./evaluations.server";
import { categoryNames, refsOf, type NamedRef } from "./questions.server";

export const sessionInput = z.object({
  name: nameText(),
  categories: idList,
  evaluations: idList,
  passPercentage: z
    .number({ required_error: "validation:required", invalid_type_error: "validation:invalid" })
    .int()
    .min(0)
    .max(100),
  /** The prefix of scheduled-session references (letters, digits, dashes). */
  referenceFormat: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9_-]*$/, { message: "assessments:validation.reference-format" })
    .nullish()
    .transform((v) => v ?? ""),
  /** Defaults of a session planned from it as a circuit (issue 32); null: none. */
  circuit: circuitSettingsInput.nullish().transform((v) => v ?? null),
  ...ownershipInput,
});
export type SessionInput = z.infer<typeof sessionInput>;

export type Session = OwnedDoc & {
  name: string;
  categories: string[];
  evaluations: string[];
  passPercentage: number;
  referenceFormat: string;
  circuit: SessionInput["circuit"];
  resolvedCategories: NamedRef[];
  resolvedEvaluations: Evaluation[] | null;
};
export type SessionFilter = DocumentFilter;

type Row = typeof sessionTemplates.$inferSelect;

const fieldsOf = (r: Row) => ({
  name: r.name,
  categories: r.categoryIds,
  evaluations: r.evaluationIds,
  passPercentage: r.passPercentage,
  referenceFormat: r.referenceFormat,
  circuit: r.circuit ?? null,
});

export const sessionEntity = defineOwned({
  type: "Session",
  table: sessionTemplates,
  notFound: "session_not_found",
  schema: sessionInput,
  inputOf: fieldsOf,
  values: (i: SessionInput) => ({
    name: i.name,
    nameLower: i.name.toLowerCase(),
    categoryIds: [...new Set(i.categories)],
    evaluationIds: i.evaluations,
    passPercentage: i.passPercentage,
    referenceFormat: i.referenceFormat,
    circuit: i.circuit,
  }),
  check: async (tx, ctx, i) => {
    await requireExisting(tx, categories, i.categories, "categories");
    await evaluationEntity.requireVisible(tx, ctx, i.evaluations, "evaluations");
  },
  extra: async (db, _ctx, rows: Row[]) => ({ categories: await categoryNames(db, rows) }),
  toDoc: (r: Row, base, extra): Session => ({
    ...base,
    ...fieldsOf(r),
    resolvedCategories: refsOf(r.categoryIds, extra?.categories ?? new Map()),
    resolvedEvaluations: null,
  }),
});

/** Resolves the template's evaluations (visible ones, in order; their questions are not loaded). */
export async function withEvaluations(ctx: StaffCtx, session: Session): Promise<Session> {
  const rows = await evaluationEntity.visibleRows(ctx.tdb.db, ctx, session.evaluations);
  return { ...session, resolvedEvaluations: await evaluationEntity.docs(ctx.tdb.db, ctx, rows) };
}

export async function listSessions(ctx: Parameters<typeof sessionEntity.list>[0], args: ListArgs<SessionFilter> = {}) {
  const list = await sessionEntity.list(ctx, args);
  return mapNodes(list, (nodes) => Promise.all(nodes.map((node) => withEvaluations(ctx as StaffCtx, node))));
}
export async function getSession(ctx: Parameters<typeof sessionEntity.get>[0], id: string): Promise<Session> {
  return withEvaluations(ctx as StaffCtx, await sessionEntity.get(ctx, id));
}
export const addSession = sessionEntity.add;
export const updateSession = sessionEntity.update;
export const removeSession = sessionEntity.remove;
