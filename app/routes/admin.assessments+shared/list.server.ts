import type { Ctx } from "~/lib/context.server";
import { listQuery, pageArgs, redirectPastLastPage, type ListQuery } from "~/lib/list-query.server";
import {
  SORT_FIELDS,
  type SortField,
  canWriteAssessments,
  categoryFilter,
  loadOrFail,
} from "~/modules/assessments/index.server";
import { STEP_TYPES, type StepType } from "~/modules/assessments";

export type ListParams = ListQuery<SortField> & {
  type: StepType | null;
  category: string | null;
  layout: "NARROW" | "WIDE";
};

/** The list state of an assessment list (newest first unless asked otherwise) and its filters. */
export function listParams(request: Request): ListParams {
  const url = new URL(request.url);
  const type = url.searchParams.get("type") as StepType | null;
  return {
    ...listQuery(request, SORT_FIELDS, "DATE", "DESC"),
    type: type && (STEP_TYPES as readonly string[]).includes(type) ? type : null,
    category: url.searchParams.get("category") || null,
    layout: url.searchParams.get("layout") === "NARROW" ? "NARROW" : "WIDE",
  };
}

/**
 * The loader of a list screen (questions, evaluations, session templates): its GET parameters,
 * the category filter, one page of the list, and a redirect for a page past the end.
 */
export async function listScreen<L extends { pageInfo: { totalCount: number; pageSize: number } }>(
  ctx: Ctx,
  request: Request,
  load: (args: ReturnType<typeof pageArgs<SortField>>, params: ListParams, categories: string[] | null) => Promise<L>,
) {
  const params = listParams(request);
  const { categoryOptions, categories } = await categoryFilter(ctx, params.category);
  const list = await loadOrFail(ctx, () => load(pageArgs(params), params, categories));
  redirectPastLastPage(request, list.pageInfo);
  return { list, categoryOptions, params, canWrite: canWriteAssessments(ctx) };
}
