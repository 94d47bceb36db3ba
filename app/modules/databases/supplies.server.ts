import { supplyObjects } from "~db/tenant/schema";
import { defineEntity } from "./entities.server";
import { containsCI } from "~/lib/text-match.server";
import { documentOf, type Doc } from "~/lib/document-rows.server";

export type SupplyObject = Doc & { name: string };
export type NameFilter = { name?: string | null };
export { supplyObjectInput } from "./entity-inputs";
import { supplyObjectInput } from "./entity-inputs";

export const supplyObjectEntity = defineEntity({
  type: "SupplyObject",
  table: supplyObjects,
  notFound: "supplyobject_not_found",
  schema: supplyObjectInput,
  sortColumns: { NAME: supplyObjects.nameLower },
  defaultSort: "NAME",
  filters: (f: NameFilter) => [f.name ? containsCI(supplyObjects.name, f.name) : undefined],
  values: (i) => ({ name: i.name, nameLower: i.name.toLowerCase() }),
  inputOf: (r: typeof supplyObjects.$inferSelect) => ({ name: r.name }),
  toDoc: (r: typeof supplyObjects.$inferSelect): SupplyObject => documentOf(r, "SupplyObject", { name: r.name }),
});

export const {
  list: listSupplyObjects,
  get: getSupplyObject,
  add: addSupplyObject,
  update: updateSupplyObject,
  remove: removeSupplyObject,
  count: countSupplyObjects,
} = supplyObjectEntity;
