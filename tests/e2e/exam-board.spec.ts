import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/fixtures";
import { liveFixture, type LiveSetup } from "./support/live";
import { loginAsStaff } from "./support/login";
import { SCREENSHOT_LOCALES } from "./support/screenshots";

// The exam board's whole walk through its screens. Seeded through the product's modules
// (support/live-fixture.ts "exam-board"): a session of twelve candidates marked at two stations
// with global ratings, one of them double marked at Station A with an unresolved discrepancy (8 and
// 6 of 10, the session's own threshold 10 %), and an afternoon circuit of three. The board groups
// both sessions into an exam, sets the exam's discrepancy threshold (a refusal first), enters
// Angoff estimates, compares the methods, resolves the discrepancy on the candidate's corrections
// page, applies borderline regression, downloads the CSV and the PDF (read back with pdftotext,
// its pages looked at as PNGs), opens a report that follows the new status, and picks the 3-point
// rating scale for a station. axe on every page; screenshots of the exam page, its standard
// section and the quality page in three languages at desktop and tablet width
// (tests/.tmp/exam-screens), none scrolling the page sideways.

const SHOTS = path.resolve("tests/.tmp/exam-screens");
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 820, height: 1180 },
];

/** axe's findings on the page, or only inside `within` (a selector). */
const violationsOf = async (page: Page, within?: string) => {
  const builder = new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } });
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
};

async function download(page: Page, link: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: link }).click()]);
  return fs.readFileSync((await file.path())!);
}

/** participant id → its CSV cells (the BOM and header left out). */
const csvRows = (csv: string) =>
  new Map(
    csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((l) => [l.split(",")[0]!, l.split(",")] as const),
  );

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("the exam board's walk: exam, double marking, Angoff, methods compared, discrepancy resolved, borderline regression applied, exports, report, rating scale", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const tag = `exam${Date.now()}`;
  const data = liveFixture<
    LiveSetup & { people: string[]; afternoon: string; afternoonPeople: string[]; doubleMarked: string }
  >({}, "exam-board", `${baseURL}/favicon.svg`, tag);
  expect(data.people).toHaveLength(12);
  const everyone = [...data.people, ...data.afternoonPeople];
  const sessionOf = (p: string) => (data.people.includes(p) ? data.session : data.afternoon);
  await loginAsStaff(page);

  // The board groups the session into an exam.
  await page.goto("/admin/exams");
  await page.getByLabel("Name", { exact: true }).fill(`Finals ${tag}`);
  // The morning session of twelve and the afternoon circuit of three: one exam.
  await page.locator(`input[name="scheduledSessions"][value="${data.session}"]`).check();
  await page.locator(`input[name="scheduledSessions"][value="${data.afternoon}"]`).check();
  await page.getByRole("button", { name: "Add exam" }).click();
  await expect(page.getByText("Exam added.")).toBeVisible();
  await page.getByRole("link", { name: `Finals ${tag}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Finals ${tag}` })).toBeVisible();
  const examUrl = page.url();

  // Double marking: the seeded discrepancy is flagged, and it is not counted silently.
  const double = page.getByTestId("double-marking");
  const row = double.getByTestId("double-mark-row");
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-status", "discrepancy");
  await expect(row).toContainText(`Noor Live ${tag}-7`);
  await expect(row.getByTestId("double-mark-counted")).toHaveText("Counts: 8 of 10 (80 %)");
  await expect(row).toContainText("Second examiner, Sam Second: 6 of 10 (60 %)");
  await expect(double.getByTestId("double-marking-summary")).toHaveText(
    "⚠ 1 discrepancy to resolve: open the candidate to resolve it.",
  );
  const unresolved =
    "1 discrepancy between two examiners is unresolved: the first examiner's mark counts until it is resolved.";
  await expect(page.getByTestId("standard-working")).toContainText(unresolved);

  // The exam's threshold: the sessions differ (10 % and the default 20 %); a value out of range
  // is refused on the server with a translated message; then one threshold for both.
  const threshold = double.getByLabel("Discrepancy threshold (%)");
  await expect(threshold).toHaveValue("");
  await expect(double.getByTestId("discrepancy-threshold")).toContainText(
    /The sessions differ \(LIVE\w+: 10 %, LIVE\w+: 20 %\); saving gives them all the same threshold\./,
  );
  await threshold.fill("150");
  await double.getByRole("button", { name: "Save the threshold" }).click();
  await expect(double.getByText("Give a percentage from 0 to 100.")).toBeVisible();
  await expect(threshold).toHaveAttribute("aria-invalid", "true");
  expect(await violationsOf(page)).toEqual([]);
  await threshold.fill("15");
  await double.getByRole("button", { name: "Save the threshold" }).click();
  await expect(page.getByText("Discrepancy threshold saved: 15 % for every session of the exam.")).toBeVisible();
  await expect(threshold).toHaveValue("15");
  await expect(row).toHaveAttribute("data-status", "discrepancy"); // 2 of 10 = 20 % > 15 %

  // A judge's Angoff estimates: round 1, 60 % for every step; round 2 shows the facility values.
  const estimates = page.locator('input[id^="angoff-1-"]');
  await expect(estimates).toHaveCount(6);
  for (const input of await estimates.all()) await input.fill("60");
  await page.getByRole("button", { name: "Save my estimates" }).click();
  await expect(page.getByText("Estimates saved.")).toBeVisible();
  await expect(page.locator('input[id^="angoff-1-"]').first()).toHaveValue("60");
  await page.getByText("Round 2 (with facility values)").click();
  await expect(page.locator("details").filter({ hasText: "Round 2" })).toContainText("Facility 0.60");

  // Every method side by side; the working of each shows how its cut came about.
  for (const method of ["FIXED", "BORDERLINE_REGRESSION", "BORDERLINE_GROUPS", "ANGOFF"])
    await expect(page.getByTestId(`method-${method}`)).toBeVisible();
  await expect(page.getByTestId("method-FIXED")).toContainText("60.0");
  await expect(page.getByTestId("method-ANGOFF")).toContainText("60.0");
  const working = page.getByTestId("standard-working");
  await page.getByRole("link", { name: "Modified Angoff" }).click();
  await expect(working).toContainText("Working: Modified Angoff");
  await expect(working).toContainText("1 judge(s)");
  await expect(working).toContainText("Only one Angoff judge");
  await page.getByRole("link", { name: "Borderline groups" }).click();
  await expect(working).toContainText("Working: Borderline groups");
  await page.getByRole("link", { name: "Borderline regression" }).click();
  await expect(working).toContainText("Working: Borderline regression");
  await expect(working).toContainText(`Station A ${tag}`);
  await expect(working).toContainText("Only 15 candidates");
  await expect(working).toContainText(unresolved);
  await expect(page.locator("body")).not.toContainText("NaN");
  expect(await violationsOf(page)).toEqual([]);

  // The quality page says it too.
  await page.getByRole("link", { name: "Quality statistics" }).click();
  await expect(page.getByTestId("quality-warnings")).toContainText(unresolved);
  const qualityUrl = page.url();

  // Statuses before: the session template's pass percentage, the first examiner's 8 of 10 at A.
  await page.goto(examUrl);
  const before = csvRows((await download(page, "Download results (CSV)")).toString("utf8"));
  expect(before.get(data.doubleMarked)?.[5]).toBe("80.00");

  // The discrepancy is resolved on the candidate's corrections page: an agreed 7 of 10.
  await row.getByRole("link", { name: `Noor Live ${tag}-7` }).click();
  const mark = page.getByTestId("double-mark");
  await expect(mark.getByTestId("double-mark-status")).toHaveAttribute("data-status", "discrepancy");
  await expect(mark.getByTestId("double-mark-difference")).toContainText("(15 %)");
  await mark.getByTestId("resolve-AGREED").check();
  await mark.getByTestId("resolve-score").fill("7");
  await mark.getByTestId("resolve-submit").click();
  await expect(mark.getByTestId("double-mark-status")).toHaveAttribute("data-status", "resolved");
  await expect(mark.getByTestId("double-mark-resolution")).toContainText("7 of 10");
  await page.goto(examUrl);
  await expect(row).toHaveAttribute("data-status", "resolved");
  await expect(row).toContainText("The examiners agreed a mark, resolved by Demo Admin");
  await expect(row.getByTestId("double-mark-counted")).toHaveText("Counts: 7 of 10 (70 %)");
  await expect(double.getByTestId("double-marking-summary")).toHaveText("1 double mark, no discrepancy to resolve.");
  await expect(working).not.toContainText("discrepanc");

  // Borderline regression applied.
  await page
    .getByTestId("method-BORDERLINE_REGRESSION")
    .getByRole("button", { name: "Apply Borderline regression" })
    .click();
  await expect(page.getByText(/^Standard applied/)).toBeVisible();
  await expect(page.getByTestId("applied-standard")).toContainText("Applied: Borderline regression");
  await expect(page.getByTestId("standard-history")).toContainText("Applied");
  const cut = (await page.getByTestId("method-BORDERLINE_REGRESSION").locator("td").first().innerText())
    .replace(/\s+/g, " ")
    .trim();

  // The CSV: one row per candidate under the applied standard, with the resolved mark.
  const csv = (await download(page, "Download results (CSV)")).toString("utf8").replace(/^\uFEFF/, "");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(16);
  expect(lines[0]).toContain(`Station A ${tag} score %`);
  expect(lines[0]).toContain(`Station B ${tag} global rating`);
  expect(lines.slice(1).every((l) => l.includes("BORDERLINE_REGRESSION"))).toBe(true);
  // The status, then the candidate's incidents (none recorded here).
  expect(lines[0]!.endsWith("status,incidents")).toBe(true);
  expect(lines.slice(1).some((l) => l.endsWith(",PASSED,"))).toBe(true);
  expect(lines.slice(1).some((l) => l.endsWith(",NOT_PASSED,"))).toBe(true);
  const after = csvRows(csv);
  expect(after.get(data.doubleMarked)?.[5]).toBe("70.00");

  // The board's PDF: its text, and its first page looked at as a picture.
  const pdf = await download(page, "Download the board's PDF");
  const pdfFile = path.join(SHOTS, "board.pdf");
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(pdfFile, pdf);
  const text = execFileSync("pdftotext", ["-layout", pdfFile, "-"], { encoding: "utf8" }).replace(
    /[\u00a0\u202f]/g,
    " ",
  );
  expect(text).toContain(`Exam board: Finals ${tag}`);
  expect(text).toContain(`Cut in force: ${cut} (Borderline regression)`);
  expect(text).toContain("Cronbach's α");
  expect(text).toMatch(/α if\s+deleted/);
  expect(text).toContain("R²");
  expect(text).toContain("Score against global rating");
  expect(text).not.toMatch(/NaN|exams:|alpha/);
  execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "2", pdfFile, path.join(SHOTS, "board")]);

  // A candidate's report follows the applied standard: one whose status it changed.
  // The status is the last column but the incidents.
  const status = (cells: readonly string[] | undefined) => cells?.at(-2);
  const changed = everyone.find((p) => status(before.get(p)) !== status(after.get(p)));
  if (!changed)
    throw new Error("borderline regression changed nobody's status: the fixture no longer tests the report");
  await page.goto(`/admin/scheduledsessions/dashboard/${sessionOf(changed)}/participant/${changed}`);
  const builder = page.getByTestId("report-builder");
  await builder.getByRole("button", { name: "Build the report" }).click();
  await expect(builder.getByTestId("report-state")).toContainText("Draft");
  await expect(builder.getByTestId("report-passed-status")).toHaveText(
    status(after.get(changed)) === "PASSED" ? "Passed" : "Not passed",
  );

  // The quality page: exam and station tables, a chart per station, nothing unresolved any more.
  await page.goto(qualityUrl);
  await expect(page.getByTestId("quality-stations")).toContainText(`Station A ${tag}`);
  await expect(page.getByTestId("score-rating-chart")).toHaveCount(2);
  // Between the circuits: each station's mean per session (12 and 3 candidates).
  const circuits = page.getByTestId("quality-sessions");
  await expect(circuits.locator("thead th")).toHaveCount(3);
  await expect(circuits.getByRole("row", { name: new RegExp(`Station A ${tag}`) })).toContainText(
    /\(n = 12\).*\(n = 3\)/,
  );
  await expect(page.locator(".recharts-scatter-symbol").first()).toBeVisible();
  await expect(page.locator("body")).not.toContainText("NaN");
  await expect(page.locator("body")).not.toContainText("discrepanc");
  expect(await violationsOf(page)).toEqual([]);

  for (const { locale } of SCREENSHOT_LOCALES) {
    for (const [name, url] of [
      ["exam", examUrl],
      ["standard", `${examUrl}?method=BORDERLINE_REGRESSION`],
      ["quality", qualityUrl],
    ] as const) {
      await page.goto(`${url}${url.includes("?") ? "&" : "?"}lng=${locale}`);
      await page.waitForLoadState("networkidle");
      expect(await violationsOf(page), `${name} ${locale}`).toEqual([]);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(300);
        expect(await scrollsSideways(page), `${name} ${locale} ${viewport.width} scrolls sideways`).toBe(false);
        const file = path.join(SHOTS, locale, `${viewport.width}-${name}.png`);
        if (name === "standard")
          await page.locator('section[aria-labelledby="exam-standard"]').screenshot({ path: file });
        else await page.screenshot({ path: file, fullPage: true });
      }
      await page.setViewportSize(VIEWPORTS[0]!);
    }
  }

  // The station's global rating scale, chosen in the evaluation editor: Station B on 3 points.
  await page.goto(`/admin/assessments/evaluations/edit/${data.evaluations[1]}?lng=en-us`);
  const scale = page.getByRole("group", { name: "Global rating scale" });
  await expect(scale.getByLabel(/^5 points/)).toBeChecked();
  await scale.getByLabel(/^3 points/).check();
  await page.getByRole("button", { name: "Use this scale" }).click();
  await expect(page.getByText("Rating scale saved.")).toBeVisible();
  // The form only: the editor around it (its question picker) is another screen's.
  expect(await violationsOf(page, 'form[action^="/admin/exams/rating-scale/"]')).toEqual([]);
  // Let the save's revalidation finish: leaving during it aborts its request (a console error).
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByRole("group", { name: "Global rating scale" }).getByLabel(/^3 points/)).toBeChecked();
  await page.waitForLoadState("networkidle");
  await page.goto(qualityUrl);
  const chartB = page.getByTestId("score-rating-chart").filter({ hasText: `Station B ${tag}` });
  await expect(chartB.locator(".recharts-xAxis .recharts-cartesian-axis-tick")).toHaveCount(3);
  await expect(chartB).not.toContainText("Excellent");
});
