import { locations } from "~db/tenant/schema";
import { addressOf, addressValues, defineEntity, type Address } from "./entities.server";
import { containsCI } from "~/lib/text-match.server";
import { documentOf, type Doc } from "~/lib/document-rows.server";
import type { NameFilter } from "./supplies.server";

export type Location = Doc & { name: string; address: Address | null };
export { locationInput } from "./entity-inputs";
import { locationInput } from "./entity-inputs";

export const locationEntity = defineEntity({
  type: "Location",
  table: locations,
  notFound: "location_not_found",
  schema: locationInput,
  sortColumns: { NAME: locations.nameLower },
  defaultSort: "NAME",
  filters: (f: NameFilter) => [f.name ? containsCI(locations.name, f.name) : undefined],
  values: (i) => ({ name: i.name, nameLower: i.name.toLowerCase(), ...addressValues(i.address) }),
  inputOf: (r: typeof locations.$inferSelect) => ({ name: r.name, address: addressOf(r) }),
  nestedInputs: ["address"],
  toDoc: (r: typeof locations.$inferSelect): Location =>
    documentOf(r, "Location", { name: r.name, address: addressOf(r) }),
});

export const {
  list: listLocations,
  get: getLocation,
  add: addLocation,
  update: updateLocation,
  remove: removeLocation,
  count: countLocations,
} = locationEntity;
