import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/fixtures";
import { liveFixture, type LiveSetup } from "./support/live";
import { loginAsStaff } from "./support/login";
import { SCREENSHOT_LOCALES } from "./support/screenshots";

// The exam board through its screens: twelve candidates marked at two stations with global
// ratings (seeded through the corrections module); the board groups the session into an exam,
// compares the methods, applies borderline regression, downloads the CSV and the PDF (read back
// with pdftotext). axe on the exam and quality pages; screenshots of both in three languages at
// desktop and tablet width (tests/.tmp/exam-screens).

const SHOTS = path.resolve("tests/.tmp/exam-screens");
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 820, height: 1180 },
];

const violationsOf = async (page: Page) => {
  const result = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
};

async function download(page: Page, link: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: link }).click()]);
  return fs.readFileSync((await file.path())!);
}

test("the board groups a session into an exam, compares methods, applies borderline regression and exports", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const tag = `exam${Date.now()}`;
  const data = liveFixture<LiveSetup & { people: string[] }>({}, "exam-board", `${baseURL}/favicon.svg`, tag);
  expect(data.people).toHaveLength(12);
  await loginAsStaff(page);

  await page.goto("/admin/exams");
  await page.getByLabel("Name", { exact: true }).fill(`Finals ${tag}`);
  await page.locator(`input[name="scheduledSessions"][value="${data.session}"]`).check();
  await page.getByRole("button", { name: "Add exam" }).click();
  await expect(page.getByText("Exam added.")).toBeVisible();
  await page.getByRole("link", { name: `Finals ${tag}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Finals ${tag}` })).toBeVisible();
  const examUrl = page.url();

  // Every method side by side; the working of borderline regression shows each station's line.
  for (const method of ["FIXED", "BORDERLINE_REGRESSION", "BORDERLINE_GROUPS", "ANGOFF"])
    await expect(page.getByTestId(`method-${method}`)).toBeVisible();
  await expect(page.getByTestId("method-FIXED")).toContainText("60.0");
  await page.getByRole("link", { name: "Borderline regression" }).click();
  const working = page.getByTestId("standard-working");
  await expect(working).toContainText("Working: Borderline regression");
  await expect(working).toContainText(`Station A ${tag}`);
  await expect(working).toContainText("Only 12 candidates");
  await expect(page.locator("body")).not.toContainText("NaN");
  expect(await violationsOf(page)).toEqual([]);

  // Statuses before: the session template's pass percentage.
  const statusesOf = (csv: string) =>
    new Map(
      csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n")
        .slice(1)
        .map((l) => [l.split(",")[0]!, l.split(",").at(-1)!]),
    );
  const before = statusesOf((await download(page, "Download results (CSV)")).toString("utf8"));

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

  const csv = (await download(page, "Download results (CSV)")).toString("utf8").replace(/^\uFEFF/, "");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(13);
  expect(lines[0]).toContain(`Station A ${tag} score %`);
  expect(lines[0]).toContain(`Station B ${tag} global rating`);
  expect(lines.slice(1).every((l) => l.includes("BORDERLINE_REGRESSION"))).toBe(true);
  expect(lines.slice(1).some((l) => l.endsWith(",PASSED"))).toBe(true);
  expect(lines.slice(1).some((l) => l.endsWith(",NOT_PASSED"))).toBe(true);

  // A participant's report follows the applied standard (one whose status changed, if any did).
  const after = statusesOf(csv);
  const changed = data.people.find((p) => before.get(p) !== after.get(p)) ?? data.people[0]!;
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}/participant/${changed}`);
  const builder = page.getByTestId("report-builder");
  await builder.getByRole("button", { name: "Build the report" }).click();
  await expect(builder.getByTestId("report-state")).toContainText("Draft");
  await expect(builder.getByTestId("report-passed-status")).toHaveText(
    after.get(changed) === "PASSED" ? "Passed" : "Not passed",
  );
  await page.goto(examUrl);

  const pdf = await download(page, "Download the board's PDF");
  const pdfFile = path.join(test.info().outputDir, "board.pdf");
  fs.mkdirSync(path.dirname(pdfFile), { recursive: true });
  fs.writeFileSync(pdfFile, pdf);
  const text = execFileSync("pdftotext", ["-layout", pdfFile, "-"], { encoding: "utf8" }).replace(/\u00a0/g, " ");
  expect(text).toContain(`Exam board: Finals ${tag}`);
  expect(text).toContain(`Cut in force: ${cut} (Borderline regression)`);
  expect(text).toContain("Score against global rating");
  expect(text).not.toMatch(/NaN|exams:/);

  await page.getByRole("link", { name: "Quality statistics" }).click();
  await expect(page.getByTestId("quality-stations")).toContainText(`Station A ${tag}`);
  await expect(page.getByTestId("score-rating-chart")).toHaveCount(2);
  await expect(page.locator(".recharts-scatter-symbol").first()).toBeVisible();
  await expect(page.locator("body")).not.toContainText("NaN");
  expect(await violationsOf(page)).toEqual([]);
  const qualityUrl = page.url();

  for (const { locale } of SCREENSHOT_LOCALES) {
    for (const [name, url] of [
      ["exam", examUrl],
      ["quality", qualityUrl],
    ] as const) {
      await page.goto(`${url}${url.includes("?") ? "&" : "?"}lng=${locale}`);
      await page.waitForLoadState("networkidle");
      expect(await violationsOf(page), `${name} ${locale}`).toEqual([]);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(SHOTS, locale, `${viewport.width}-${name}.png`), fullPage: true });
      }
      await page.setViewportSize(VIEWPORTS[0]!);
    }
  }
});
