import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SessionReportOptions } from "~db/tenant/schema";
import { loadResources } from "~/i18n/resources";
import type { Locale } from "~/i18n/config";
import type { ScoredParticipant, ScoredStep } from "~/modules/corrections/scored-participant";
import { BUILT_IN_LAYOUT } from "~/modules/reports/layout-schema";
import { drawPdf } from "~/modules/reports/pdf/pdf-job";
import { computeReportData, type SessionReportData } from "~/modules/reports/report-data";
import { scoredFixture } from "./fixture";

// What a reader of the report PDF sees: the organisation named once in the header, a
// hotzone answer in words, and no heading left alone at the bottom of a page nor half pages empty.
// Read with Debian's poppler-utils, page by page.

const ORG = "Acme Training Centre";
/** Everything shown, correct answers too. */
const REPORT_OPTIONS: SessionReportOptions = {
  chartType: "RADAR",
  onlyEvaluations: [],
  showCategoryComments: true,
  showChart: true,
  showCorrectAnswers: true,
  showEvaluationComments: true,
  showQuestionComments: true,
  showSessionComments: true,
};
const LOCALES: Locale[] = ["en-us", "nl-nl", "fr-fr"];
/** A 1 × 1 PNG, for the header with a logo. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const text = (html: string) => [{ type: "text" as const, html: `<p>${html}</p>` }];
const zones = {
  textValue: "/api/assets/demo/valve.png",
  blocklistValue: [
    { shape: "circle", x: 0.2, y: 0.2, r: 0.1 },
    { shape: "rect", x: 0.5, y: 0.5, w: 0.3, h: 0.3 },
  ],
};

function step(type: ScoredStep["type"], i: number, extra: Partial<ScoredStep>): ScoredStep {
  return {
    stepIndex: i,
    type,
    question: text(`Step ${i + 1} of this task, described in a sentence long enough to read like a real one.`),
    correctAnswer: null,
    answer: null,
    ticks: null,
    score: 1,
    maxScore: 2,
    comment: null,
    ...extra,
  };
}

/** Questions with many steps, so that the details run over pages and break inside questions. */
function manySteps(n: number): ScoredStep[] {
  return Array.from({ length: n }, (_, i) =>
    step("TEXT", i, {
      answer: { textValue: `Answer ${i + 1}: I check it and say so.` },
      correctAnswer: { textValue: "Check it" },
      comment: i % 3 === 0 ? "Say it plainly next time." : null,
    }),
  );
}

/**
 * Four stations in three main categories. Station 1 ends with two hotzone answers (one in the
 * second zone, one outside both); the stations after it hold long questions.
 */
function participant(): ScoredParticipant {
  const station = (
    n: number,
    name: string,
    category: string,
    questions: ScoredParticipant["evaluations"][number]["questions"],
  ) => ({
    id: `s${n}`,
    name: `Station ${n} ${name}`,
    categoryIds: [category],
    comment: n === 2 ? "Calm and methodical." : null,
    globalRating: null,
    questions,
  });
  return {
    scheduledSessionId: "ss",
    participantId: "p",
    participantName: "Lea Example",
    participantLanguage: "en-us",
    participantEmail: null,
    sessionName: "First aid exam",
    sessionDatetime: new Date("2026-11-20T09:00:00Z"),
    passPercentage: 60,
    comment: text("A careful candidate."),
    categories: [
      { id: "airway", name: "Airway", parentId: null },
      { id: "circulation", name: "Circulation", parentId: null },
      { id: "safety", name: "Scene safety", parentId: null },
    ],
    complete: true,
    evaluations: [
      station(1, "Scene", "safety", [
        { id: "q11", name: "Look around first", categoryIds: [], steps: manySteps(4) },
        {
          id: "q12",
          name: "Point at the valve",
          categoryIds: [],
          steps: [
            step("HOTZONE", 0, { answer: { numericlistValue: [0.75, 0.3] }, correctAnswer: zones, score: 0 }),
            step("HOTZONE", 1, { answer: { numericlistValue: [0.6, 0.7] }, correctAnswer: zones, score: 2 }),
            step("HOTZONE", 2, {
              answer: { numericlistValue: [0.2, 0.25] },
              correctAnswer: { ...zones, blocklistValue: zones.blocklistValue.slice(0, 1) },
              score: 2,
            }),
          ],
        },
      ]),
      station(2, "Airway", "airway", [
        { id: "q21", name: "Open the airway", categoryIds: [], steps: manySteps(9) },
        { id: "q22", name: "Check the breathing", categoryIds: [], steps: manySteps(7) },
      ]),
      station(3, "Circulation", "circulation", [
        { id: "q31", name: "Find the pulse", categoryIds: [], steps: manySteps(8) },
        { id: "q32", name: "Stop the bleeding", categoryIds: [], steps: manySteps(10) },
      ]),
      station(4, "Recovery", "airway", [
        { id: "q41", name: "Recovery position", categoryIds: [], steps: manySteps(6) },
      ]),
    ],
  };
}

type Box = { xMin: number; yMin: number; xMax: number; yMax: number; text: string };
type Page = { lines: string[]; height: number; bottom: number; boxes: Box[] };

/** Each page's text lines (pdftotext -layout), and how far down its body goes (pdftotext -bbox). */
async function pdfPages(
  data: SessionReportData,
  locale: Locale,
  { logo = false, name = "report" } = {},
): Promise<Page[]> {
  const pdf = await drawPdf({
    title: "report",
    author: ORG,
    language: locale,
    organizationName: ORG,
    logo: logo ? { data: PNG, format: "png" } : null,
    resources: await loadResources([locale]),
    pages: [
      {
        key: "r",
        report: { data, layout: BUILT_IN_LAYOUT, options: REPORT_OPTIONS },
        locale,
        sessionDate: "20/11/2026 10:00",
      },
    ],
  });
  const file = path.join(os.tmpdir(), `report-layout-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  // REPORT_PDF_DIR=dir keeps the PDFs, for a look (pdftoppm -png).
  if (process.env.REPORT_PDF_DIR)
    fs.writeFileSync(path.join(process.env.REPORT_PDF_DIR, `${name}-${locale}${logo ? "-logo" : ""}.pdf`), pdf);
  try {
    const pages = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).split("\f").slice(0, -1);
    const boxes = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" }).split("<page ").slice(1);
    const lineBoxes = execFileSync("pdftotext", ["-bbox-layout", file, "-"], { encoding: "utf8" })
      .split("<page ")
      .slice(1);
    return pages.map((page, i) => {
      const box = boxes[i]!;
      const height = Number(/height="([\d.]+)"/.exec(box)![1]);
      // The body's lowest word; the footer (page number) sits in the bottom margin and is left out.
      const bottoms = [...box.matchAll(/yMax="([\d.]+)"/g)].map((m) => Number(m[1])).filter((y) => y < height - 40);
      const lines = [
        ...lineBoxes[i]!.matchAll(
          /<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/line>/g,
        ),
      ].map((m) => ({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: [...m[5]!.matchAll(/>([^<]*)<\/word>/g)].map((w) => w[1]).join(" "),
      }));
      return {
        lines: page.split("\n").filter((l) => l.trim() !== ""),
        height,
        bottom: Math.max(...bottoms),
        boxes: lines,
      };
    });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const translations = (locale: Locale) =>
  JSON.parse(fs.readFileSync(path.resolve("app/locales", locale, "reports.json"), "utf8"));

/** The short fixture (report-data.test.ts) without categories, and with two: the session of the organiser's trial run. */
function shortReport(categories: 0 | 2): SessionReportData {
  const scored = scoredFixture();
  if (categories === 0) {
    scored.categories = [];
    for (const e of scored.evaluations) for (const q of [e, ...e.questions]) q.categoryIds = [];
  } else {
    scored.categories = scored.categories.filter((c) => c.parentId === null);
    for (const e of scored.evaluations)
      for (const q of e.questions) q.categoryIds = q.categoryIds.filter((id) => id !== "fire");
  }
  return computeReportData(scored, { onlyEvaluations: [] });
}

// Drawing nine reports and reading them back takes a while on a busy machine.
describe("the report PDF as a reader sees it", { timeout: 120_000 }, () => {
  const reports: Record<string, SessionReportData> = {
    "four stations": computeReportData(participant(), { onlyEvaluations: [] }),
    "no categories": shortReport(0),
    "two categories": shortReport(2),
  };
  const data = reports["four stations"]!;
  const drawn = new Map<string, Promise<Page[]>>();
  const pagesOf = (name: string, locale: Locale) => {
    const key = `${name} ${locale}`;
    if (!drawn.has(key)) drawn.set(key, pdfPages(reports[name]!, locale, { name: name.replace(/ /g, "-") }));
    return drawn.get(key)!;
  };

  for (const [name, report] of Object.entries(reports)) {
    it(`${name}: in every language, a heading never ends a page and no page but the last is left a third empty`, async () => {
      for (const locale of LOCALES) {
        const pages = await pagesOf(name, locale);
        if (name === "four stations") expect(pages.length).toBeGreaterThanOrEqual(3);
        const r = translations(locale);
        const sectionHeadings = new Set<string>([
          ...["summary", "per-evaluation", "per-category", "session-comment", "category-comments", "details"].map(
            (k) => r.view[k],
          ),
          ...Object.values<string>(r.chart),
        ]);
        // A station's or a question's heading is its name with its score alone on the line ("Station 2 Airway   14 / 32").
        const headingRow = new RegExp(
          `^(${report.evaluations.flatMap((e) => [e.name, ...e.questions.map((q) => q.name)]).join("|")})\\s+[\\d.,]+ / [\\d.,]+$`,
        );
        const footer = `${report.participantName} · ${report.sessionName}`;
        for (const [i, page] of pages.entries()) {
          const body = page.lines.filter((l) => !l.includes(footer));
          const last = body.at(-1)!.trim();
          expect(
            sectionHeadings.has(last) || headingRow.test(last),
            `${locale} page ${i + 1} ends with the heading "${last}"`,
          ).toBe(false);
          if (i < pages.length - 1)
            expect(
              page.bottom / page.height,
              `${locale} page ${i + 1} is filled to ${Math.round((page.bottom / page.height) * 100)} %`,
            ).toBeGreaterThan(2 / 3);
        }
      }
    });

    it(`${name}: no line of text touches another (a heading's line height is its own, not the page's)`, async () => {
      // Lines side by side may share a height; lines one above the other keep a gap of 1 pt at least.
      for (const locale of LOCALES) {
        for (const [i, page] of (await pagesOf(name, locale)).entries()) {
          const clashes = page.boxes.flatMap((a, j) =>
            page.boxes
              .slice(j + 1)
              .filter(
                (b) => a.xMin < b.xMax && b.xMin < a.xMax && Math.max(a.yMin, b.yMin) - Math.min(a.yMax, b.yMax) < 1,
              )
              .map((b) => `"${a.text}" / "${b.text}"`),
          );
          expect(clashes, `${locale} page ${i + 1}`).toEqual([]);
        }
      }
    });
  }

  it("the session without categories charts its evaluations; two categories are bars, not a radar", async () => {
    const none = (await pagesOf("no categories", "en-us")).flatMap((p) => p.lines.map((l) => l.trim()));
    expect(none).toContain("Results per evaluation");
    const two = (await pagesOf("two categories", "en-us")).flatMap((p) => p.lines.map((l) => l.trim()));
    expect(two).toContain("Results per main category");
    // Bars carry a 0–100 % scale; a radar does not.
    expect(two.some((l) => /0\s?%\s+25\s%\s+50\s%\s+75\s%\s+100\s%/.test(l))).toBe(true);
  });

  it("names the organisation once in the header of every page, with or without a logo", async () => {
    for (const logo of [false, true]) {
      const pages = await pdfPages(data, "en-us", { logo });
      for (const [i, page] of pages.entries()) {
        expect(page.lines.join("\n").split(ORG).length - 1, `times on page ${i + 1}${logo ? " (logo)" : ""}`).toBe(1);
        expect(page.lines[0]).toContain(ORG);
      }
    }
  });

  it("ends every page with the participant, the session and the page number", async () => {
    const pages = await pagesOf("four stations", "en-us");
    const footer = `${data.participantName} · ${data.sessionName}`;
    for (const [i, page] of pages.entries()) {
      const last = page.lines.at(-1)!;
      expect(last, `page ${i + 1}`).toContain(footer);
      expect(last, `page ${i + 1}`).toMatch(new RegExp(`\\b${i + 1} ?/ ?${pages.length}\\s*$`));
    }
  });

  it("writes a hotzone answer as the zone it hit, in the reader's language, never as coordinates", async () => {
    const expected: Record<Locale, string[]> = {
      "en-us": [
        "Answer: point outside all 2 zones — not correct",
        "Answer: point inside zone 2 of 2 — correct",
        "Answer: point inside the zone — correct",
      ],
      "nl-nl": [
        "Antwoord: punt buiten alle 2 zones — niet juist",
        "Antwoord: punt binnen zone 2 van 2 — juist",
        "Antwoord: punt binnen de zone — juist",
      ],
      "fr-fr": [
        "Réponse : point hors des 2 zones — incorrect",
        "Réponse : point dans la zone 2 sur 2 — correct",
        "Réponse : point dans la zone — correct",
      ],
    };
    for (const locale of LOCALES) {
      const all = (await pagesOf("four stations", locale)).flatMap((p) => p.lines.map((l) => l.trim()));
      expect(
        all.filter((l) => expected[locale].includes(l)),
        locale,
      ).toEqual(expected[locale]);
      expect(all.join("\n")).not.toMatch(/\(\d+[.,]\d+; \d+[.,]\d+\)/);
    }
  });
});
