import { and, eq, inArray, ne, or } from "drizzle-orm";
import { type z } from "zod";
import { companies, participants } from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";
import { AppError } from "~/lib/app-error";
import { isLocale, type Locale } from "~/i18n/config";
import { defineEntity } from "./entities.server";
import { containsCI } from "~/lib/text-match.server";
import { documentOf, type Doc } from "~/lib/document-rows.server";
import { fieldError } from "~/lib/parse-input";

export type Participant = Doc & {
  name: string;
  email: string;
  phone: string | null;
  externalId: string | null;
  companyId: string | null;
  /** Standing extra time in live sessions, 0..300 %. */
  extraTimePercent: number;
  /** The language of their e-mails and screens; null: the organisation's. */
  language: Locale | null;
};
export type ParticipantFilter = {
  id?: string | null;
  name?: string | null;
  email?: string | null;
  externalId?: string | null;
  /** One search box: name, e-mail or external id contains it. */
  search?: string | null;
};
export type ParticipantSort = "NAME" | "EMAIL" | "EXTERNAL_ID";

export { participantInput } from "./entity-inputs";
import { participantInput } from "./entity-inputs";

export type ParticipantInput = z.infer<typeof participantInput>;

/** Rules shared by add, update and import: the company exists, e-mail and external id are unique. */
export async function checkParticipant(
  tx: Parameters<NonNullable<Parameters<typeof defineEntity>[0]["check"]>>[0],
  input: ParticipantInput,
  id: string | null,
): Promise<void> {
  if (input.company) {
    const company = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company)).get();
    if (!company) throw new AppError("NOT_FOUND", "company_not_found");
  }
  const notSelf = id ? ne(participants.id, id) : undefined;
  const sameEmail = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.emailLower, input.email.toLowerCase()), notSelf))
    .get();
  if (sameEmail) throw fieldError("email", "validation:email-taken");
  if (input.externalId) {
    const sameExt = await tx
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.externalId, input.externalId), notSelf))
      .get();
    if (sameExt) throw fieldError("externalId", "validation:external-id-taken");
  }
}

export const participantValues = (i: ParticipantInput) => ({
  name: i.name,
  nameLower: i.name.toLowerCase(),
  email: i.email,
  emailLower: i.email.toLowerCase(),
  phone: i.phone,
  externalId: i.externalId,
  companyId: i.company,
  ...(i.extraTimePercent !== undefined ? { extraTimePercent: i.extraTimePercent } : {}),
  // Stored in the `locale` column that e-mails and login codes already read.
  locale: i.language,
});

export const participantEntity = defineEntity({
  type: "Participant",
  table: participants,
  notFound: "participant_not_found",
  schema: participantInput,
  sortColumns: { NAME: participants.nameLower, EMAIL: participants.emailLower, EXTERNAL_ID: participants.externalId },
  defaultSort: "NAME" as ParticipantSort,
  filters: (f: ParticipantFilter) => [
    f.id ? eq(participants.id, f.id) : undefined,
    f.name ? containsCI(participants.nameLower, f.name) : undefined,
    f.email ? containsCI(participants.emailLower, f.email) : undefined,
    f.externalId ? containsCI(participants.externalId, f.externalId) : undefined,
    f.search
      ? or(
          containsCI(participants.nameLower, f.search),
          containsCI(participants.emailLower, f.search),
          containsCI(participants.externalId, f.search),
        )
      : undefined,
  ],
  values: participantValues,
  inputOf: (r: typeof participants.$inferSelect) => ({
    name: r.name,
    email: r.email,
    phone: r.phone,
    externalId: r.externalId,
    company: r.companyId,
  }),
  toDoc: (r: typeof participants.$inferSelect): Participant =>
    documentOf(r, "Participant", {
      name: r.name,
      email: r.email,
      phone: r.phone,
      externalId: r.externalId,
      companyId: r.companyId,
      extraTimePercent: r.extraTimePercent ?? 0,
      language: isLocale(r.locale) ? r.locale : null,
    }),
  check: checkParticipant,
});

export const {
  list: listParticipants,
  get: participantById,
  getMany: participantsByIds,
  add: addParticipant,
  update: updateParticipant,
  remove: removeParticipant,
  count: countParticipants,
} = participantEntity;

/** Name and e-mail of these participants, by id (unknown ids are left out). No permission check: callers have checked theirs. */
export async function participantContacts(
  db: Reader,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: participants.id, name: participants.name, email: participants.email })
    .from(participants)
    .where(inArray(participants.id, [...ids]))
    .all();
  return new Map(rows.map((p) => [p.id, p]));
}

/** Every id must be a participant; else NOT_FOUND. */
export async function requireParticipants(db: Reader, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db
    .select({ id: participants.id })
    .from(participants)
    .where(inArray(participants.id, unique))
    .all();
  if (found.length !== unique.length) throw new AppError("NOT_FOUND", "participant_not_found");
}
