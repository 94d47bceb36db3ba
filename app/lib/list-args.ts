import type { PageArgs, SortOrder } from "~/lib/paging.server";

/** The arguments of every list: a page, a filter, and a sort (field and direction). */
export type ListArgs<F, O extends string> = PageArgs & {
  filter?: F | null;
  order?: SortOrder | null;
  orderBy?: O | null;
};
