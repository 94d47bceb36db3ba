import { eq, inArray } from "drizzle-orm";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { companies, participants } from "~db/tenant/schema";
import { addressOf, addressValues, defineEntity, READ, type Address } from "./entities.server";
import { containsCI } from "~/lib/text-match.server";
import { documentOf, type Doc } from "~/lib/document-rows.server";
import { fieldError } from "~/lib/parse-input";
import { registerReferenceFinder } from "~/lib/references.server";
import type { NameFilter } from "./supplies.server";

export type Company = Doc & { name: string; address: Address | null };
export { companyInput } from "./entity-inputs";
import { companyInput } from "./entity-inputs";

export const companyEntity = defineEntity({
  type: "Company",
  table: companies,
  notFound: "company_not_found",
  schema: companyInput,
  sortColumns: { NAME: companies.nameLower },
  defaultSort: "NAME",
  filters: (f: NameFilter) => [f.name ? containsCI(companies.name, f.name) : undefined],
  values: (i) => ({ name: i.name, nameLower: i.name.toLowerCase(), ...addressValues(i.address) }),
  inputOf: (r: typeof companies.$inferSelect) => ({ name: r.name, address: addressOf(r) }),
  nestedInputs: ["address"],
  toDoc: (r: typeof companies.$inferSelect): Company =>
    documentOf(r, "Company", { name: r.name, address: addressOf(r) }),
  // Company names are unique (import matches companies by name).
  check: async (tx, input, id) => {
    const same = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.nameLower, input.name.toLowerCase()))
      .get();
    if (same && same.id !== id) throw fieldError("name", "validation:name-taken");
  },
});

export const {
  list: listCompanies,
  get: getCompany,
  add: addCompany,
  update: updateCompany,
  remove: removeCompany,
  count: countCompanies,
} = companyEntity;

// Participants refer to their company: a company in use cannot be removed.
/** Participants use companies. Called once at start-up (registerReferenceChecks). */
export function registerCompanyReferenceFinders(): void {
  registerReferenceFinder("Company", async (db, ids) => {
    const rows = await db
      .select({ id: participants.id, name: participants.name })
      .from(participants)
      .where(inArray(participants.companyId, ids))
      .orderBy(participants.nameLower)
      .limit(50)
      .all();
    return rows.map((r) => ({ id: r.id, title: r.name, type: "Participant" }));
  });
}

/** Companies by id, for resolving participant.company without one query per participant. */
export async function companiesByIds(ctx: Ctx, ids: string[]): Promise<Map<string, Company>> {
  requirePermission(ctx, READ);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await ctx.tdb.db.select().from(companies).where(inArray(companies.id, unique)).all();
  return new Map(rows.map((r) => [r.id, companyEntity.toDoc(r)]));
}
