import { contexts } from "~db/tenant/schema";
import { defineEntity } from "./entities.server";
import { containsCI } from "~/lib/text-match.server";
import { documentOf, type Doc } from "~/lib/document-rows.server";
import type { NameFilter } from "./supplies.server";

export type Context = Doc & { name: string; description: string | null };
export { contextInput } from "./entity-inputs";
import { contextInput } from "./entity-inputs";

export const contextEntity = defineEntity({
  type: "Context",
  table: contexts,
  notFound: "context_not_found",
  schema: contextInput,
  sortColumns: { NAME: contexts.nameLower },
  defaultSort: "NAME",
  filters: (f: NameFilter) => [f.name ? containsCI(contexts.name, f.name) : undefined],
  values: (i) => ({ name: i.name, nameLower: i.name.toLowerCase(), description: i.description }),
  inputOf: (r: typeof contexts.$inferSelect) => ({ name: r.name, description: r.description }),
  toDoc: (r: typeof contexts.$inferSelect): Context =>
    documentOf(r, "Context", { name: r.name, description: r.description }),
});

export const {
  list: listContexts,
  get: getContext,
  add: addContext,
  update: updateContext,
  remove: removeContext,
  count: countContexts,
} = contextEntity;
