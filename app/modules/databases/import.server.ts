import { inArray, sql } from "drizzle-orm";
import { companies, participants } from "~db/tenant/schema";
import type { Reader, TenantTx } from "~db/tenant/client";
import { AppError, badRequest, type FieldErrors } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { zodFieldErrors } from "~/lib/validation";
import { addressValues, READ, WRITE } from "./entities.server";
import { resolveWorkspace } from "~/lib/document-rows.server";
import { companyEntity, companyInput, type Company } from "./companies.server";
import { readCompanyCsv, readParticipantCsv, type CompanyColumn, type ParticipantColumn } from "./csv";
import { IMPORT_CHUNK_ROWS, MAX_IMPORT_ROWS, PREVIEW_SAMPLE_ROWS } from "./import-limits";
import { participantEntity, participantInput, type Participant } from "./participants.server";
import { yieldToEventLoop } from "~/lib/event-loop";

const CHUNK = IMPORT_CHUNK_ROWS;

/** Refuses an import of more rows than MAX_IMPORT_ROWS (BAD_REQUEST, translated, nothing saved). */
function refuseTooManyRows(count: number): void {
  if (count > MAX_IMPORT_ROWS)
    throw new AppError("BAD_REQUEST", "import_too_large", { values: { count, max: MAX_IMPORT_ROWS } });
}

/** What the database already holds, for matching without one query per row. */
async function loadExisting(db: Reader) {
  const people = await db
    .select({ id: participants.id, emailLower: participants.emailLower, externalId: participants.externalId })
    .from(participants)
    .all();
  const firms = await db.select({ id: companies.id, nameLower: companies.nameLower }).from(companies).all();
  return {
    byEmail: new Map(people.map((p) => [p.emailLower, p.id])),
    byExt: new Map(people.filter((p) => p.externalId).map((p) => [p.externalId!, p.id])),
    keysOf: new Map(people.map((p) => [p.id, { email: p.emailLower, ext: p.externalId }])),
    existingIds: new Set(people.map((p) => p.id)),
    companyByName: new Map(firms.map((c) => [c.nameLower, c.id])),
    companyIds: new Set(firms.map((c) => c.id)),
  };
}
type Existing = Awaited<ReturnType<typeof loadExisting>>;

export type ImportAction = "create" | "update" | "error";
type Values = ReturnType<typeof participantValuesOf>;
export type RowPlan = {
  index: number;
  action: ImportAction;
  id: string | null;
  values: Values | null;
  companyName: string | null;
  newCompany: boolean;
  errors: FieldErrors;
};

const participantValuesOf = (
  d: { name: string; email: string; phone: string | null; externalId: string | null; language: string | null },
  companyId: string | null,
) => ({
  name: d.name,
  nameLower: d.name.toLowerCase(),
  email: d.email,
  emailLower: d.email.toLowerCase(),
  phone: d.phone,
  externalId: d.externalId,
  companyId,
  locale: d.language,
});

/**
 * Decides per row: create, update (matched by external id, then e-mail) or error. Rows are taken
 * in order, so a later row with the same person updates what an earlier row creates. Company is a
 * company id or a company name (found case-insensitively, else created).
 */
async function planRows(existing: Existing, inputs: unknown[]): Promise<RowPlan[]> {
  const newCompanies = new Map<string, string>();
  const plans: RowPlan[] = [];
  for (let start = 0; start < inputs.length; start += CHUNK) {
    if (start > 0) await yieldToEventLoop();
    for (let index = start; index < Math.min(inputs.length, start + CHUNK); index++)
      plans.push(planRow(existing, newCompanies, inputs[index], index));
  }
  return plans;
}

function planRow(existing: Existing, newCompanies: Map<string, string>, input: unknown, index: number): RowPlan {
  const parsed = participantInput.safeParse(input ?? {});
  if (!parsed.success)
    return {
      index,
      action: "error",
      id: null,
      values: null,
      companyName: null,
      newCompany: false,
      errors: zodFieldErrors(parsed.error),
    };
  const d = parsed.data;
  const emailLower = d.email.toLowerCase();
  const matched =
    (d.externalId ? existing.byExt.get(d.externalId) : undefined) ?? existing.byEmail.get(emailLower) ?? null;
  const errors: FieldErrors = {};
  const emailOwner = existing.byEmail.get(emailLower);
  if (emailOwner && emailOwner !== matched) errors.email = { key: "validation:email-taken" };
  const extOwner = d.externalId ? existing.byExt.get(d.externalId) : undefined;
  if (extOwner && extOwner !== matched) errors.externalId = { key: "validation:external-id-taken" };
  if (Object.keys(errors).length)
    return { index, action: "error", id: matched, values: null, companyName: null, newCompany: false, errors };

  let companyId: string | null = null;
  let newCompany = false;
  if (d.company) {
    if (existing.companyIds.has(d.company)) companyId = d.company;
    else {
      const key = d.company.toLowerCase();
      companyId = existing.companyByName.get(key) ?? newCompanies.get(key) ?? null;
      if (!companyId) {
        companyId = newId();
        newCompany = true;
        newCompanies.set(key, companyId);
      }
    }
  }
  const id = matched ?? newId();
  // Keep the look-up maps current so later rows see this one.
  const old = existing.keysOf.get(id);
  if (old) {
    existing.byEmail.delete(old.email);
    if (old.ext) existing.byExt.delete(old.ext);
  }
  // An update keeps the external id when the row has none (empty cells keep stored values).
  const ext = d.externalId ?? old?.ext ?? null;
  existing.byEmail.set(emailLower, id);
  if (ext) existing.byExt.set(ext, id);
  existing.keysOf.set(id, { email: emailLower, ext });
  return {
    index,
    action: matched ? "update" : "create",
    id,
    values: participantValuesOf(d, companyId),
    companyName: d.company,
    newCompany,
    errors: {},
  };
}

async function applyPlan(
  tx: TenantTx,
  plans: RowPlan[],
  existingIds: Set<string>,
  workspace?: string | null,
): Promise<string[]> {
  const workspaceId = await resolveWorkspace(tx, workspace);
  const now = new Date();
  const companyRows = plans
    .filter((p) => p.newCompany && p.companyName && p.values?.companyId)
    .map((p) => ({
      id: p.values!.companyId!,
      createdAt: now,
      updatedAt: now,
      rev: 1,
      workspaceId,
      name: p.companyName!,
      nameLower: p.companyName!.toLowerCase(),
      ...addressValues(null),
    }));
  for (let i = 0; i < companyRows.length; i += CHUNK) {
    await tx.insert(companies).values(companyRows.slice(i, i + CHUNK));
    await yieldToEventLoop();
  }

  const creates = new Map<string, Values>();
  const updates = new Map<string, Values>();
  for (const p of plans) {
    if (p.action === "error" || !p.id || !p.values) continue;
    if (existingIds.has(p.id)) updates.set(p.id, p.values);
    else creates.set(p.id, p.values);
  }
  const createRows = [...creates].map(([id, v]) => ({ id, createdAt: now, updatedAt: now, rev: 1, workspaceId, ...v }));
  for (let i = 0; i < createRows.length; i += CHUNK) {
    await tx.insert(participants).values(createRows.slice(i, i + CHUNK));
    await yieldToEventLoop();
  }
  // Updates as upserts in chunks: one statement per 500 rows instead of one per row.
  const updateRows = [...updates].map(([id, v]) => ({ id, createdAt: now, updatedAt: now, rev: 1, workspaceId, ...v }));
  for (let i = 0; i < updateRows.length; i += CHUNK) {
    await tx
      .insert(participants)
      .values(updateRows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: participants.id,
        set: {
          name: sql`excluded.name`,
          nameLower: sql`excluded.name_lower`,
          email: sql`excluded.email`,
          emailLower: sql`excluded.email_lower`,
          // Empty or absent optional fields keep what is stored: re-importing a sheet without
          // phone or company columns never wipes them.
          phone: sql`coalesce(excluded.phone, ${participants.phone})`,
          externalId: sql`coalesce(excluded.external_id, ${participants.externalId})`,
          companyId: sql`coalesce(excluded.company_id, ${participants.companyId})`,
          locale: sql`coalesce(excluded.locale, ${participants.locale})`,
          updatedAt: now,
          rev: sql`${participants.rev} + 1`,
        },
      });
    await yieldToEventLoop();
  }
  return plans.filter((p) => p.id && p.action !== "error").map((p) => p.id!);
}

async function participantsInOrder(db: Reader, ids: string[]): Promise<Participant[]> {
  const byId = new Map<string, Participant>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .select()
      .from(participants)
      .where(inArray(participants.id, unique.slice(i, i + CHUNK)))
      .all();
    for (const r of rows) byId.set(r.id, participantEntity.toDoc(r));
  }
  return ids.map((id) => byId.get(id)!);
}

const prefixErrors = (plans: RowPlan[]): FieldErrors =>
  Object.fromEntries(plans.flatMap((p) => Object.entries(p.errors).map(([field, e]) => [`${p.index}.${field}`, e])));

/**
 * Saves participants: matched ones (external id, then e-mail) are updated (empty phone, external
 * id or company keep the stored value), the rest created. All or nothing: one invalid row refuses the whole call with field errors keyed `<index>.<field>`.
 */
export async function importParticipants(ctx: Ctx, data: unknown[], workspace?: string | null): Promise<Participant[]> {
  requirePermission(ctx, WRITE);
  refuseTooManyRows(data.length);
  return ctx.tdb.write(async (tx) => {
    const existing = await loadExisting(tx);
    const existingIds = new Set(existing.existingIds);
    const plans = await planRows(existing, data);
    if (plans.some((p) => p.action === "error")) throw badRequest(prefixErrors(plans));
    const ids = await applyPlan(tx, plans, existingIds, workspace);
    return participantsInOrder(tx, ids);
  });
}

/** Saves companies, matched by name (case-insensitive): matched ones are updated. All or nothing. */
export async function importCompanies(ctx: Ctx, data: unknown[], workspace?: string | null): Promise<Company[]> {
  requirePermission(ctx, WRITE);
  refuseTooManyRows(data.length);
  const parsed = data.map((d) => companyInput.safeParse(d ?? {}));
  const errors: FieldErrors = {};
  parsed.forEach((p, index) => {
    if (!p.success) for (const [field, e] of Object.entries(zodFieldErrors(p.error))) errors[`${index}.${field}`] = e;
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  return ctx.tdb.write(async (tx) => {
    const workspaceId = await resolveWorkspace(tx, workspace);
    const byName = new Map(
      (await tx.select({ id: companies.id, nameLower: companies.nameLower }).from(companies).all()).map((c) => [
        c.nameLower,
        c.id,
      ]),
    );
    const now = new Date();
    const ids: string[] = [];
    for (const [index, p] of parsed.entries()) {
      if (index > 0 && index % CHUNK === 0) await yieldToEventLoop();
      const d = p.data!;
      const values = { name: d.name, nameLower: d.name.toLowerCase(), ...(d.address ? addressValues(d.address) : {}) };
      const id = byName.get(values.nameLower);
      if (id)
        await tx
          .update(companies)
          .set({ ...values, updatedAt: now, rev: sql`${companies.rev} + 1` })
          .where(inArray(companies.id, [id]));
      else {
        const newRow = {
          id: newId(),
          createdAt: now,
          updatedAt: now,
          rev: 1,
          workspaceId,
          ...addressValues(null),
          ...values,
        };
        await tx.insert(companies).values(newRow);
        byName.set(values.nameLower, newRow.id);
      }
      ids.push(byName.get(values.nameLower)!);
    }
    const rows = ids.length
      ? await tx
          .select()
          .from(companies)
          .where(inArray(companies.id, [...new Set(ids)]))
          .all()
      : [];
    const docs = new Map(rows.map((r) => [r.id, companyEntity.toDoc(r)]));
    return ids.map((id) => docs.get(id)!);
  });
}

export type PreviewRow<C extends string = ParticipantColumn> = {
  line: number;
  action: ImportAction;
  values: Partial<Record<C, string>>;
  reasons: Array<{ field: string; key: string; values?: Record<string, unknown> }>;
  newCompany: boolean;
};
/**
 * A preview: counts over every row (create = new, update = matched, error = invalid), and a sample
 * of rows to show: the first PREVIEW_SAMPLE_ROWS, plus up to as many rows with errors further down
 * (so every kind of problem can be seen), in line order. `totalRows` is the number of data rows.
 */
export type ImportPreview<C extends string = ParticipantColumn> = {
  rows: PreviewRow<C>[];
  totalRows: number;
  missingColumns: C[];
  counts: Record<ImportAction, number>;
};

function sampleOf<R extends { action: ImportAction }>(rows: R[]): R[] {
  const errorsBelow = rows
    .slice(PREVIEW_SAMPLE_ROWS)
    .filter((r) => r.action === "error")
    .slice(0, PREVIEW_SAMPLE_ROWS);
  return [...rows.slice(0, PREVIEW_SAMPLE_ROWS), ...errorsBelow];
}

const noPreview = <C extends string>(missingColumns: C[]): ImportPreview<C> => ({
  rows: [],
  totalRows: 0,
  missingColumns,
  counts: { create: 0, update: 0, error: 0 },
});

/** The CSV paths refuse too many rows like the API does, as an error on the `csv` field. */
function refuseTooManyCsvRows(count: number): void {
  if (count > MAX_IMPORT_ROWS)
    throw badRequest({ csv: { key: "errors:import_too_large", values: { count, max: MAX_IMPORT_ROWS } } });
}

const countActions = (rows: Array<{ action: ImportAction }>) => {
  const counts = { create: 0, update: 0, error: 0 };
  for (const row of rows) counts[row.action]++;
  return counts;
};

/** What importing this CSV would do, row by row, without saving anything. */
export async function previewImport(ctx: Ctx, csvText: string): Promise<ImportPreview> {
  requirePermission(ctx, READ);
  const { rows, missingColumns } = readParticipantCsv(csvText);
  if (missingColumns.length) return noPreview(missingColumns);
  refuseTooManyCsvRows(rows.length);
  const plans = await planRows(
    await loadExisting(ctx.tdb.db),
    rows.map((r) => r.values),
  );
  const preview = rows.map((r, i): PreviewRow => {
    const plan = plans[i]!;
    return {
      line: r.line,
      action: plan.action,
      values: r.values,
      reasons: Object.entries(plan.errors).map(([field, e]) => ({ field, key: e.key, values: e.values })),
      newCompany: plan.newCompany,
    };
  });
  return { rows: sampleOf(preview), totalRows: preview.length, missingColumns, counts: countActions(preview) };
}

/**
 * Imports the rows of a CSV that have no errors; rows with errors are skipped (see the preview).
 * Returns the saved participants' ids (in row order) and the skipped rows' line numbers.
 */
export async function importParticipantsCsv(
  ctx: Ctx,
  csvText: string,
  workspace?: string | null,
): Promise<{ saved: number; skipped: number; ids: string[]; skippedLines: number[] }> {
  requirePermission(ctx, WRITE);
  const { rows, missingColumns } = readParticipantCsv(csvText);
  if (missingColumns.length)
    throw badRequest({
      csv: { key: "databases:import.missing-columns", values: { columns: missingColumns.join(", ") } },
    });
  refuseTooManyCsvRows(rows.length);
  return ctx.tdb.write(async (tx) => {
    const existing = await loadExisting(tx);
    const existingIds = new Set(existing.existingIds);
    const plans = await planRows(
      existing,
      rows.map((r) => r.values),
    );
    const ids = await applyPlan(tx, plans, existingIds, workspace);
    const skippedLines = rows.filter((_, i) => plans[i]!.action === "error").map((r) => r.line);
    return { saved: ids.length, skipped: plans.length - ids.length, ids, skippedLines };
  });
}

// ---- Companies from CSV: name, line1, city, region, postal, country; matched by name. ----

const companyRowInput = (v: Partial<Record<CompanyColumn, string>>) => ({
  name: v.name,
  address: { line1: v.line1, city: v.city, region: v.region, postal: v.postal, country: v.country },
});

/** Per CSV row: the parsed input, or its field errors (address parts keyed `line1`, `city`, …). */
function planCompanyRows(rows: Array<{ values: Partial<Record<CompanyColumn, string>> }>, existingNames: Set<string>) {
  const seen = new Set(existingNames);
  return rows.map((r) => {
    const parsed = companyInput.safeParse(companyRowInput(r.values));
    if (!parsed.success) {
      const errors = Object.entries(zodFieldErrors(parsed.error)).map(([field, e]) => ({
        field: field.replace(/^address\./, ""),
        key: e.key,
        values: e.values,
      }));
      return { action: "error" as const, data: null, errors };
    }
    const key = parsed.data.name.toLowerCase();
    const action = seen.has(key) ? ("update" as const) : ("create" as const);
    seen.add(key);
    return { action, data: parsed.data, errors: [] };
  });
}

const companyNames = async (db: Reader) =>
  new Set((await db.select({ nameLower: companies.nameLower }).from(companies).all()).map((c) => c.nameLower));

/** What importing this company CSV would do, row by row, without saving anything. */
export async function previewCompanyImport(ctx: Ctx, csvText: string): Promise<ImportPreview<CompanyColumn>> {
  requirePermission(ctx, READ);
  const { rows, missingColumns } = readCompanyCsv(csvText);
  if (missingColumns.length) return noPreview(missingColumns);
  refuseTooManyCsvRows(rows.length);
  const plans = planCompanyRows(rows, await companyNames(ctx.tdb.db));
  const preview = rows.map((r, i): PreviewRow<CompanyColumn> => ({
    line: r.line,
    action: plans[i]!.action,
    values: r.values,
    reasons: plans[i]!.errors,
    newCompany: false,
  }));
  return { rows: sampleOf(preview), totalRows: preview.length, missingColumns, counts: countActions(preview) };
}

/** Imports the company rows of a CSV that have no errors (matched by name: updated); the rest are skipped. */
export async function importCompaniesCsv(
  ctx: Ctx,
  csvText: string,
  workspace?: string | null,
): Promise<{ saved: number; skipped: number }> {
  requirePermission(ctx, WRITE);
  const { rows, missingColumns } = readCompanyCsv(csvText);
  if (missingColumns.length)
    throw badRequest({
      csv: { key: "databases:import.missing-columns", values: { columns: missingColumns.join(", ") } },
    });
  refuseTooManyCsvRows(rows.length);
  const plans = planCompanyRows(rows, new Set());
  const good = plans.filter((p) => p.data).map((p) => p.data!);
  if (good.length) await importCompanies(ctx, good, workspace);
  return { saved: good.length, skipped: plans.length - good.length };
}
