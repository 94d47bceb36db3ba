import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { addCompany, listCompanies } from "~/modules/databases/companies.server";
import { parseCsv, readCompanyCsv, readParticipantCsv } from "~/modules/databases/csv";
import {
  importCompanies,
  importCompaniesCsv,
  importParticipants,
  importParticipantsCsv,
  previewCompanyImport,
  previewImport,
} from "~/modules/databases/import.server";
import { addParticipant, listParticipants, participantById } from "~/modules/databases/participants.server";
import { MAX_IMPORT_ROWS, PREVIEW_SAMPLE_ROWS } from "~/modules/databases/import-limits";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";

let ctx: Ctx;
let reader: Ctx;

beforeAll(async () => {
  const a = await makeTenant("db-imp-a");
  ctx = await staffCtx(a.tenant.slug, ["ORGANIZATION_WRITER"]);
  reader = await staffCtx(a.tenant.slug, ["ORGANIZATION_READER"]);
});

describe("CSV parsing", () => {
  it("handles quotes, doubled quotes, delimiters and line breaks inside fields", () => {
    const text = 'name,note\r\n"Doe, Jane","said ""hi""\nand left"\n\nBob,plain\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ["name", "note"] },
      { line: 2, fields: ["Doe, Jane", 'said "hi"\nand left'] },
      { line: 5, fields: ["Bob", "plain"] },
    ]);
  });

  it("detects semicolons, a BOM and a last line without a break", () => {
    expect(parseCsv("\uFEFFa;b\n1;2")).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", "2"] },
    ]);
  });

  it("detects tabs, keeps quoted semicolons and mixed line breaks (papaparse)", () => {
    expect(parseCsv("name\temail\r\nAnn\ta@b.test\n")).toEqual([
      { line: 1, fields: ["name", "email"] },
      { line: 2, fields: ["Ann", "a@b.test"] },
    ]);
    expect(parseCsv('\uFEFFname;note\n"De Vries; Jan";"a ""b"""\n')).toEqual([
      { line: 1, fields: ["name", "note"] },
      { line: 2, fields: ["De Vries; Jan", 'a "b"'] },
    ]);
  });

  it("maps header columns in any order and case, and reports missing ones", () => {
    const { rows, missingColumns } = readParticipantCsv("Email, External ID ,NAME,extra\na@b.test,E1,Ann,x\n");
    expect(missingColumns).toEqual([]);
    expect(rows).toEqual([{ line: 2, values: { email: "a@b.test", externalId: "E1", name: "Ann" } }]);
    expect(readParticipantCsv("name,phone\n").missingColumns).toEqual(["email"]);
  });
});

describe("import preview", () => {
  it("reports per line create, update and errors with reasons, saving nothing", async () => {
    await addParticipant(ctx, { name: "Existing", email: "existing@imp.test", externalId: "X-1" });
    const before = (await listParticipants(ctx)).pageInfo.totalCount;
    const csv = [
      "name,email,phone,externalId,company",
      'New One,new@imp.test,,N-1,"Acme, Inc."',
      "Renamed,other@imp.test,,X-1,",
      ",noname@imp.test,,,",
      "Bad Mail,not-an-email,,,",
      '"Multi',
      'line",multi@imp.test,,,',
    ].join("\n");
    const preview = await previewImport(ctx, csv);
    expect(preview.rows.map((r) => [r.line, r.action])).toEqual([
      [2, "create"],
      [3, "update"],
      [4, "error"],
      [5, "error"],
      [6, "create"],
    ]);
    expect(preview.rows[0]!.newCompany).toBe(true);
    expect(preview.rows[2]!.reasons).toEqual([{ field: "name", key: "validation:required" }]);
    expect(preview.rows[3]!.reasons).toEqual([{ field: "email", key: "validation:email" }]);
    expect(preview.rows[4]!.values.name).toBe("Multi\nline");
    expect(preview.counts).toEqual({ create: 2, update: 1, error: 2 });
    expect((await listParticipants(ctx)).pageInfo.totalCount).toBe(before);
  });

  it("reports an e-mail that belongs to someone else than the matched participant", async () => {
    await addParticipant(ctx, { name: "Owner", email: "owner@imp.test", externalId: "O-1" });
    const preview = await previewImport(ctx, "name,email,externalId\nClash,owner@imp.test,X-NEW\n");
    expect(preview.rows[0]).toMatchObject({ action: "update" });
    const clash = await previewImport(ctx, "name,email,externalId\nClash,owner@imp.test,X-1\n");
    expect(clash.rows[0]).toMatchObject({
      action: "error",
      reasons: [{ field: "email", key: "validation:email-taken" }],
    });
  });

  it("reports missing columns", async () => {
    expect((await previewImport(ctx, "name,phone\nA,1\n")).missingColumns).toEqual(["email"]);
  });
});

describe("importing", () => {
  it("imports CSV rows without errors, and a re-import updates instead of duplicating", async () => {
    const csv =
      "name,email,externalId,company\nCsv One,csv1@imp.test,C-1,Csv Co\nCsv Two,csv2@imp.test,,Csv Co\nbroken,,,\n";
    expect(await importParticipantsCsv(ctx, csv)).toMatchObject({ saved: 2, skipped: 1, skippedLines: [4] });
    const total = (await listParticipants(ctx)).pageInfo.totalCount;
    expect((await listCompanies(ctx, { filter: { name: "csv co" } })).pageInfo.totalCount).toBe(1);
    expect(await importParticipantsCsv(ctx, "name,email,externalId\nCsv Uno,CSV1@imp.test,C-1\n")).toMatchObject({
      saved: 1,
      skipped: 0,
      skippedLines: [],
    });
    expect((await listParticipants(ctx)).pageInfo.totalCount).toBe(total);
    const one = (await listParticipants(ctx, { filter: { externalId: "C-1" } })).edges[0]!.node;
    expect(one).toMatchObject({ name: "Csv Uno", email: "CSV1@imp.test", _rev: 2 });
    // The sheet had no company column: the stored company stays.
    expect(one.companyId).toBeTruthy();
  });

  it("keeps stored phone, external id and company when a re-imported row leaves them empty", async () => {
    await importParticipantsCsv(ctx, "name,email,phone,externalId,company\nKeep Me,keep@imp.test,+32 1,K-1,Keep Co\n");
    expect(
      await importParticipantsCsv(ctx, "name,email,phone,externalId,company\nKept,KEEP@imp.test,,,\n"),
    ).toMatchObject({ saved: 1, skipped: 0 });
    const p = (await listParticipants(ctx, { filter: { email: "keep@" } })).edges.map((e) => e.node);
    expect(p).toHaveLength(1);
    expect(p[0]).toMatchObject({ name: "Kept", phone: "+32 1", externalId: "K-1" });
    expect(p[0]!.companyId).toBeTruthy();
  });

  it("importParticipants matches by external id then e-mail and returns the saved records", async () => {
    const firm = await addCompany(ctx, { name: "Import Firm" });
    const first = await importParticipants(ctx, [
      { name: "Ip A", email: "ipa@imp.test", externalId: "IP-A", company: firm._id },
      { name: "Ip B", email: "ipb@imp.test", company: "Brand New Co" },
    ]);
    expect(first.map((p) => p.name)).toEqual(["Ip A", "Ip B"]);
    expect(first[0]!.companyId).toBe(firm._id);
    const again = await importParticipants(ctx, [
      { name: "Ip A2", email: "changed@imp.test", externalId: "IP-A" },
      { name: "Ip B2", email: "IPB@imp.test" },
    ]);
    expect(again.map((p) => p._id)).toEqual(first.map((p) => p._id));
    expect((await participantById(ctx, first[0]!._id)).email).toBe("changed@imp.test");
  });

  it("refuses the whole import when a row is invalid, saving nothing", async () => {
    const before = (await listParticipants(ctx)).pageInfo.totalCount;
    const e = await refusal(
      importParticipants(ctx, [
        { name: "Fine", email: "fine@imp.test" },
        { name: "Bad", email: "x" },
      ]),
    );
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.fieldErrors).toEqual({ "1.email": { key: "validation:email" } });
    expect((await listParticipants(ctx)).pageInfo.totalCount).toBe(before);
  });

  it("importCompanies matches by name", async () => {
    const saved = await importCompanies(ctx, [{ name: "Imp Co", address: { city: "Paris" } }, { name: "Second Co" }]);
    const again = await importCompanies(ctx, [{ name: "IMP CO", address: { city: "Lyon" } }]);
    expect(again[0]!._id).toBe(saved[0]!._id);
    expect(again[0]!.address?.city).toBe("Lyon");
    expect((await refusal(importCompanies(ctx, [{ name: "" }]))).fieldErrors).toEqual({
      "0.name": { key: "validation:required" },
    });
  });

  it("refuses an unknown workspace and readers", async () => {
    expect((await refusal(importParticipants(ctx, [{ name: "W", email: "w@imp.test" }], "nope"))).reason).toBe(
      "workspace_not_found",
    );
    expect((await refusal(importParticipants(reader, []))).code).toBe("FORBIDDEN");
    expect((await refusal(importParticipantsCsv(reader, "name,email\n"))).code).toBe("FORBIDDEN");
  });
});

describe("company CSV import", () => {
  it("reads address columns, with or without an address. prefix", () => {
    expect(readCompanyCsv("Name,Address.Line1,city,COUNTRY\nAcme,Main 1,Gent,BE\n").rows).toEqual([
      { line: 2, values: { name: "Acme", line1: "Main 1", city: "Gent", country: "BE" } },
    ]);
    expect(readCompanyCsv("city\nGent\n").missingColumns).toEqual(["name"]);
  });

  it("previews create, update (by name, case-insensitive) and errors with line numbers", async () => {
    await addCompany(ctx, { name: "Known Firm" });
    const csv = [
      "name,line1,city,country",
      "known firm,Street 2,Ghent,BE",
      '"Fresh, Ltd","Quay\n3",Antwerp,BE',
      ",Nowhere 1,,",
      '"FRESH, LTD",,,',
    ].join("\n");
    const preview = await previewCompanyImport(ctx, csv);
    expect(preview.rows.map((r) => [r.line, r.action])).toEqual([
      [2, "update"],
      [3, "create"],
      [5, "error"],
      [6, "update"],
    ]);
    expect(preview.rows[2]!.reasons).toEqual([{ field: "name", key: "validation:required", values: undefined }]);
    expect(preview.counts).toEqual({ create: 1, update: 2, error: 1 });
  });

  it("saves the rows without errors and updates on re-import instead of duplicating", async () => {
    const csv = "name,city\nReimport BV,Gent\n,Brugge\n";
    expect(await importCompaniesCsv(ctx, csv)).toEqual({ saved: 1, skipped: 1 });
    expect(await importCompaniesCsv(ctx, "name,city\nREIMPORT bv,Leuven\n")).toEqual({ saved: 1, skipped: 0 });
    const found = (await listCompanies(ctx, { filter: { name: "reimport" } })).edges.map((e) => e.node);
    expect(found).toHaveLength(1);
    expect(found[0]!.address?.city).toBe("Leuven");
    expect((await refusal(importCompaniesCsv(ctx, "city\nGent\n"))).fieldErrors).toMatchObject({
      csv: { key: "databases:import.missing-columns" },
    });
    expect((await refusal(importCompaniesCsv(reader, csv))).code).toBe("FORBIDDEN");
  });
});

describe("large imports", () => {
  const csvOf = (n: number, bad: (i: number) => boolean = () => false) =>
    [
      "name,email",
      ...Array.from({ length: n }, (_, i) => `Person ${i},${bad(i) ? "not-an-email" : `big${i}@imp.test`}`),
    ].join("\n");

  it("a preview answers counts over every row and a sample (first rows plus rows with errors), not every row", async () => {
    const errorAt = (i: number) => i === 3 || i === 4000 || i === 4500;
    const preview = await previewImport(ctx, csvOf(MAX_IMPORT_ROWS, errorAt));
    expect(preview.totalRows).toBe(MAX_IMPORT_ROWS);
    expect(preview.counts).toEqual({ create: MAX_IMPORT_ROWS - 3, update: 0, error: 3 });
    expect(preview.rows.length).toBe(PREVIEW_SAMPLE_ROWS + 2);
    expect(preview.rows.slice(0, PREVIEW_SAMPLE_ROWS).map((r) => r.line)).toEqual(
      Array.from({ length: PREVIEW_SAMPLE_ROWS }, (_, i) => i + 2),
    );
    expect(preview.rows.slice(PREVIEW_SAMPLE_ROWS).map((r) => [r.line, r.action])).toEqual([
      [4002, "error"],
      [4502, "error"],
    ]);
    expect(JSON.stringify(preview).length).toBeLessThan(50_000);
  });

  it("refuses more rows than the cap, in the API and from CSV, with a translated message, saving nothing", async () => {
    const before = (await listParticipants(ctx)).pageInfo.totalCount;
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => ({
      name: `Over ${i}`,
      email: `over${i}@imp.test`,
    }));
    const api = await refusal(importParticipants(ctx, rows));
    expect(api).toMatchObject({
      code: "BAD_REQUEST",
      reason: "import_too_large",
      values: { count: MAX_IMPORT_ROWS + 1, max: MAX_IMPORT_ROWS },
    });
    expect(ctx.t(api.messageKey, api.values)).toBe(
      `This import has ${MAX_IMPORT_ROWS + 1} rows; at most ${MAX_IMPORT_ROWS} rows can be imported at once. Split it into smaller files.`,
    );
    const companies = await refusal(
      importCompanies(
        ctx,
        Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => ({ name: `Firm ${i}` })),
      ),
    );
    expect(companies.reason).toBe("import_too_large");
    const csv = await refusal(importParticipantsCsv(ctx, csvOf(MAX_IMPORT_ROWS + 1)));
    expect(csv.fieldErrors?.csv).toMatchObject({ key: "errors:import_too_large", values: { max: MAX_IMPORT_ROWS } });
    expect((await refusal(previewImport(ctx, csvOf(MAX_IMPORT_ROWS + 1)))).fieldErrors?.csv?.key).toBe(
      "errors:import_too_large",
    );
    expect((await listParticipants(ctx)).pageInfo.totalCount).toBe(before);
  });

  it("imports exactly the cap", async () => {
    const result = await importParticipantsCsv(ctx, csvOf(MAX_IMPORT_ROWS));
    expect(result).toMatchObject({ saved: MAX_IMPORT_ROWS, skipped: 0 });
  });
});
