import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyExamStandard } from "~/modules/exams/applied-standard.server";
import { examResultsCsv } from "~/modules/exams/board.server";
import { addExam } from "~/modules/exams/exams.server";
import { examBoardPdf } from "~/modules/exams/pdf/render-board.server";
import { resultsCsv } from "~/modules/exams/results-csv";
import { recordIncident } from "~/modules/incidents/index.server";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";
import { markedSession } from "./server-fixture";

// The exam board's exports: the results CSV (hand values of server-fixture.ts) and the board's
// PDF, read back as text with poppler's pdftotext.

const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((l) => l.split(","));

function pdfText(pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "board-pdf-"));
  const file = path.join(dir, "board.pdf");
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("exam board exports", async () => {
  const { tenant } = await makeTenant();
  const manager = await staffCtx(tenant.slug);
  const reader = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
  const other = await makeTenant();
  const outsider = await staffCtx(other.tenant.slug);
  const live = await markedSession(manager);
  const exam = await addExam(manager, { name: "Finals", scheduledSessions: [live.sessionId] });

  it("the CSV: one row per participant with station scores, ratings, total, cut and status", async () => {
    const { name, csv } = await examResultsCsv(reader, exam._id);
    expect(name).toBe("Finals");
    const [header, ...rows] = rowsOf(csv);
    expect(header!.slice(5)).toEqual([
      "Station one score %",
      "Station one global rating",
      "Station two score %",
      "Station two global rating",
      "total %",
      "cut %",
      "method",
      "status",
      "incidents",
    ]);
    const byId = new Map(rows.map((r) => [r[0], r.slice(5)]));
    const [p0, p1, p2, p3] = live.people;
    // No standard applied: the reports' rule (points of the maximum against the 60 % pass percentage).
    expect(byId.get(p0)).toEqual([
      "100.00",
      "EXCELLENT",
      "100.00",
      "CLEAR_PASS",
      "100.00",
      "60.00",
      "FIXED",
      "PASSED",
      "",
    ]);
    expect(byId.get(p1)).toEqual([
      "66.67",
      "BORDERLINE",
      "0.00",
      "CLEAR_FAIL",
      "57.14",
      "60.00",
      "FIXED",
      "NOT_PASSED",
      "",
    ]);
    expect(byId.get(p2)).toEqual(["83.33", "GOOD", "100.00", "GOOD", "85.71", "60.00", "FIXED", "PASSED", ""]);
    expect(byId.get(p3)).toEqual([
      "75.00",
      "BORDERLINE",
      "0.00",
      "BORDERLINE",
      "64.29",
      "60.00",
      "FIXED",
      "PASSED",
      "",
    ]);
  });

  it("the CSV follows the applied standard: exam totals, its cut and its decisions", async () => {
    await applyExamStandard(manager, exam._id, { method: "FIXED", cutPercent: 50 });
    const [, ...rows] = rowsOf((await examResultsCsv(reader, exam._id)).csv);
    const byId = new Map(rows.map((r) => [r[0], r.slice(9)]));
    const [p0, p1, p2, p3] = live.people;
    expect(byId.get(p0)).toEqual(["100.00", "50.00", "FIXED", "PASSED", ""]);
    expect(byId.get(p1)).toEqual(["33.33", "50.00", "FIXED", "NOT_PASSED", ""]);
    expect(byId.get(p2)).toEqual(["91.67", "50.00", "FIXED", "PASSED", ""]);
    expect(byId.get(p3)).toEqual(["37.50", "50.00", "FIXED", "NOT_PASSED", ""]);
  });

  it("the CSV lists each participant's incidents, never another's", async () => {
    const [p0, p1] = live.people;
    await recordIncident(manager, {
      scheduledSession: live.sessionId,
      participant: p1,
      category: "ILLNESS",
      text: "Felt faint",
    });
    const [header, ...rows] = rowsOf((await examResultsCsv(reader, exam._id)).csv);
    const column = header!.indexOf("incidents");
    const byId = new Map(rows.map((r) => [r[0], r[column]]));
    expect(byId.get(p1)).toMatch(/^ILLNESS \d{4}-\d\d-\d\dT[\d:.]+Z: Felt faint$/);
    expect(byId.get(p0)).toBe("");
  });

  it("neutralises formulas and quotes separators", () => {
    const csv = resultsCsv({
      stations: [{ id: "s", name: "=HYPERLINK(1)", maxPoints: 1, ratingScale: { labels: [], borderlineGrades: [] } }],
      cutScore: 55,
      method: "FIXED",
      rows: [
        {
          participantId: "p",
          name: '@Smith, "Jo"',
          email: "+31@example.org",
          externalId: "-1",
          session: "A;B",
          scores: [null],
          ratings: [null],
          totalPercent: null,
          status: "",
          incidents: [{ category: "OTHER", at: new Date("2026-11-28T09:00:00Z"), station: null, text: "=1+1" }],
        },
      ],
    });
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toContain("'=HYPERLINK(1) score %");
    expect(lines[1]).toBe(
      `p,"'@Smith, ""Jo""",'+31@example.org,'-1,"A;B",,,,55.00,FIXED,,OTHER 2026-11-28T09:00:00.000Z: =1+1`,
    );
  });

  it("the board's PDF: the cut and its working, the quality statistics and a chart per station", async () => {
    const { pdf } = await examBoardPdf(reader, exam._id);
    const text = pdfText(pdf);
    expect(text).toContain("Exam board: Finals");
    expect(text).toContain("Cut in force: 50.0 % (Fixed percentage)");
    expect(text).toContain("Station one");
    // A font with α and the other symbols (pdf/fonts): nothing spelt out, nothing missing.
    expect(text).toContain("Cronbach's α");
    expect(text).toMatch(/α if\s+deleted/);
    expect(text).toContain("R²");
    expect(text).not.toMatch(/alpha|\uFFFD/i);
    expect(text).toContain("Quality statistics");
    expect(text).toContain("Score against global rating");
    expect(text).toContain("Global rating");
    expect(text).toContain("Station score (%)");
    expect(text).toContain("Borderline");
    expect(text).toContain("Page 1 of 2");
    expect(text).toContain("Page 2 of 2");
    expect(text).not.toMatch(/NaN|undefined|exams:/);
  }, 60_000);

  it("the board's PDF in French: α, decimal commas and no-break spaces in the shipped font", async () => {
    const { pdf } = await examBoardPdf({ ...reader, locale: "fr-fr" }, exam._id);
    const text = pdfText(pdf).replace(/[\u00a0\u202f]/g, " ");
    // The column head wraps: "α de" above "Cronbach".
    expect(text).toContain("α de");
    expect(text).toContain("Cronbach");
    expect(text).toContain("Seuil en vigueur : 50,0 % (Pourcentage fixe)");
    expect(text).not.toMatch(/alpha|\uFFFD/i);
  }, 60_000);

  it("readers only, of their own organisation", async () => {
    expect((await refusal(examResultsCsv(outsider, exam._id))).code).toBe("NOT_FOUND");
    expect((await refusal(examBoardPdf(outsider, exam._id))).code).toBe("NOT_FOUND");
  });
});
