import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { liveFixture, type LiveSetup } from "./support/live";
import { loginAsStaff } from "./support/login";
import { mailsTo, outboxDir } from "./support/outbox";
import { SCREENSHOT_LOCALES, SCREENSHOT_VIEWPORTS } from "./support/screenshots";
import type { Page } from "@playwright/test";

/** REPORT_SCREENSHOTS=1: the report screens in every language at desktop and phone width, for a look (tests/.tmp/report-screens). */
async function screenshots(page: Page, name: string, url: string) {
  if (!process.env.REPORT_SCREENSHOTS) return;
  for (const { locale } of SCREENSHOT_LOCALES) {
    await page.goto(`${url}${url.includes("?") ? "&" : "?"}lng=${locale}`);
    await page.waitForLoadState("networkidle");
    for (const viewport of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({
        path: path.resolve("tests/.tmp/report-screens", locale, `${viewport.width}-${name}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize(SCREENSHOT_VIEWPORTS[0]!);
}

// After a live session: staff correct through the participant page (auto-score dialog, a
// checklist tick, a text step by hand with a comment), build the report with a radar chart,
// release and send it; the mail in the outbox carries the PDF and the link; the participant opens
// the link without signing in and reads the report; the PDF's text names them, their total and result.

// The wrong-code check at the end answers 404 on purpose. (One pattern, not a two-element array.)
test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

const fixture = <T = unknown>(...args: string[]) => liveFixture<T>({}, ...args);

test("staff build, release and send a report; the participant reads it from the e-mail link", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = `rep${Date.now()}`;
  const data = fixture<LiveSetup & { email: string }>("setup", `${baseURL}/favicon.svg`, tag);
  fixture("categorise", tag, JSON.stringify(data.questions));
  fixture("start", data.session);
  const [evalA] = data.evaluations;
  const [q1] = data.questions;
  fixture(
    "answer",
    data.session,
    data.participant,
    JSON.stringify([
      { evaluation: evalA, question: q1, stepIndex: 0, answer: { textlistValue: ["S3 boots", "S1P shoes"] } },
      { evaluation: evalA, question: q1, stepIndex: 1, answer: { numericValue: 2 } },
      { evaluation: evalA, question: q1, stepIndex: 2, answer: { textValue: "I test the oxygen level" } },
    ]),
  );

  await loginAsStaff(page, await demoStaffAccount(`reporter-${tag}@demo.test`, "Rita Reporter", "ORGANIZATION_WRITER"));
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}/participant/${data.participant}`);
  await expect(page.getByTestId("participant-correction")).toBeVisible();

  // Corrections: the objective steps through the dialog, the text step by hand, one checklist tick.
  await page.getByTestId("auto-score-open").click();
  await page.getByTestId("auto-score-dialog").getByTestId("auto-score-confirm").click();
  await expect(page.getByTestId("auto-score-dialog")).toBeHidden();
  const text = page.getByTestId("correction-step").filter({ hasText: "Name the gas you test for first." });
  await text.getByTestId("score-input").fill("1.5");
  await text.getByTestId("comment-input").fill("Right gas, say it plainly");
  await text.getByTestId("save-score").click();
  await expect(text.getByTestId("step-score")).toHaveText("1.5 / 2");
  const practical = page.getByTestId("correction-step").filter({ hasText: "Put on the harness." });
  await practical.getByTestId("tick-0").check();
  await expect(page.getByTestId("tick-status")).toHaveAttribute("data-waiting", "0");
  await expect(practical.getByTestId("step-score")).toHaveText("2 / 2");

  // The builder: the built-in layout draws a radar over the three main categories.
  const builder = page.getByTestId("report-builder");
  await builder.getByRole("button", { name: "Build the report" }).click();
  await expect(builder.getByTestId("report-state")).toContainText("Draft");
  await expect(builder.getByTestId("report-chart-radar")).toBeVisible();
  await expect(builder.getByTestId("report-chart-radar").locator(".recharts-polar-angle-axis-tick")).toHaveCount(3);
  // Each spoke names its value; no scale labels across the plot; the radar option is the one drawn.
  await expect(builder.getByTestId("report-chart-radar").locator(".recharts-polar-angle-axis-tick")).toContainText([
    /^Category \d.*\d %$/,
    /^Category \d.*\d %$/,
    /^Category \d.*\d %$/,
  ]);
  await expect(builder.getByTestId("report-chart-radar").locator(".recharts-polar-radius-axis-tick")).toHaveCount(0);
  await expect(builder.getByTestId("chart-options").getByLabel("Radar chart")).toBeChecked();
  await expect(builder.getByTestId("chart-options-note")).toHaveCount(0);
  await expect(builder.getByTestId("session-report")).toContainText("Right gas, say it plainly");

  // A decision without a reason is refused with a clear message and changes nothing.
  await builder.getByLabel("Decision of the board").selectOption("TRAINING_REQUIRED");
  await builder.getByRole("button", { name: "Save draft" }).click();
  await expect(builder.getByText("Give the reason for this decision.")).toBeVisible();
  await builder.getByLabel("Decision of the board").selectOption("");

  await builder.getByRole("button", { name: "Release to the participant" }).click();
  await expect(builder.getByTestId("report-state")).toContainText("Released");
  const total = (await builder.getByTestId("report-total").textContent())!;
  const status = (await builder.getByTestId("report-passed-status").textContent())!;

  const before = Date.now() - 1000;
  await expect(builder.getByLabel("E-mail addresses")).toHaveValue(data.email);
  await builder.getByRole("button", { name: "Send the report" }).click();
  await expect(builder.getByText("The report is sent.")).toBeVisible();

  // The e-mail: the PDF attached and the link with the tenant and the access code.
  const [mail] = await mailsTo(data.email, before);
  expect(mail, "report e-mail in the outbox").toBeTruthy();
  expect(mail!.attachments).toHaveLength(1);
  expect(mail!.attachments[0]).toMatch(/\.pdf$/);
  const link = /(https?:\/\/\S+\/sessionreport\/\S+\?tenant=\S+&code=[\w-]+)/.exec(mail!.textBody)?.[1];
  expect(link, mail!.textBody).toBeTruthy();

  // The PDF names the participant, the total score and the result.
  const mailFile = fs.readdirSync(outboxDir()).find((f) => f.endsWith(mail!.attachments[0]!) && !f.endsWith(".json"));
  const pdfText = execFileSync("pdftotext", ["-layout", path.join(outboxDir(), mailFile!), "-"], { encoding: "utf8" });
  expect(pdfText).toContain(`Lea Live ${tag}`);
  expect(pdfText).toContain(total);
  expect(pdfText).toContain(status);

  // The participant opens the link in a fresh browser (not signed in) and reads the report.
  const reader = await browser.newContext({ locale: "en-US" });
  const participantPage = await reader.newPage();
  await participantPage.goto(link!.replace(/^https?:\/\/[^/]+/, baseURL!));
  await expect(participantPage.getByTestId("report-participant")).toHaveText(`Lea Live ${tag}`);
  await expect(participantPage.getByTestId("report-passed-status")).toHaveText(status);
  await expect(participantPage.getByTestId("report-total")).toHaveText(total);
  await expect(participantPage.getByTestId("report-chart-radar")).toBeVisible();
  // The chart's tooltip names its series in words and writes the number like the report does.
  const radar = participantPage.getByTestId("report-chart-radar");
  const box = (await radar.boundingBox())!;
  await radar.hover({ position: { x: box.width / 2, y: box.height * 0.3 } }); // on the first axis, above the centre
  await expect(participantPage.locator(".recharts-tooltip-wrapper")).toContainText(/Score : \d+(\.\d+)? %/);
  // A wrong code opens nothing.
  const wrong = await participantPage.goto(
    link!.replace(/^https?:\/\/[^/]+/, baseURL!).replace(/code=[\w-]+/, "code=wrong"),
  );
  expect(wrong!.status()).toBe(404);
  await screenshots(participantPage, "participant-report", link!.replace(/^https?:\/\/[^/]+/, baseURL!));
  await reader.close();

  await screenshots(
    page,
    "builder",
    `/admin/scheduledsessions/dashboard/${data.session}/participant/${data.participant}`,
  );
  await screenshots(page, "reports-entry", "/admin/reports");
  await screenshots(page, "completed-sessions", "/admin/reports/completedsessions");
  await screenshots(page, "session-reports", "/admin/reports/sessionreports");
});

// A session without categories (the README's live-session walk) still gets a chart, per
// evaluation; with two evaluations no radar can be drawn, so the builder offers bars and says why
// instead of keeping "Radar" ticked over nothing. A hotzone answer reads as the zone it hit.
test("a session without categories charts its evaluations; the builder never ticks a radar it cannot draw", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = `nocat${Date.now()}`;
  const data = fixture<LiveSetup & { email: string }>("setup", `${baseURL}/favicon.svg`, tag);
  fixture("start", data.session);
  const [evalA] = data.evaluations;
  const [q1, q2] = data.questions;
  // The hotzone step's only zone is a circle round the middle of the picture.
  fixture("finish", data.session, data.participant, JSON.stringify({ evaluation: evalA, question: q1 }));
  fixture(
    "answer",
    data.session,
    data.participant,
    JSON.stringify([{ evaluation: evalA, question: q2, stepIndex: 0, answer: { numericlistValue: [0.5, 0.55] } }]),
  );

  await loginAsStaff(page, await demoStaffAccount(`reporter-${tag}@demo.test`, "Nora Nocat", "ORGANIZATION_WRITER"));
  const url = `/admin/scheduledsessions/dashboard/${data.session}/participant/${data.participant}`;
  await page.goto(url);
  const builder = page.getByTestId("report-builder");
  await builder.getByRole("button", { name: "Build the report" }).click();
  await expect(builder.getByTestId("report-state")).toContainText("Draft");

  // The built-in layout asks for a radar per main category: there is none, and two evaluations make no radar.
  const preview = builder.getByTestId("session-report");
  await expect(preview.getByRole("heading", { name: "Results per evaluation" })).toBeVisible();
  await expect(preview.getByTestId("report-chart-bar")).toBeVisible();
  await expect(preview.getByTestId("report-chart-radar")).toHaveCount(0);
  // Nothing is scored yet: each bar still says its value.
  await expect(preview.getByTestId("report-chart-bar").locator(".recharts-label")).toHaveText(["0 %", "0 %"]);
  const options = builder.getByTestId("chart-options");
  await expect(options.getByLabel("Show the chart")).toBeChecked();
  await expect(options.getByLabel("Radar chart")).toBeDisabled();
  await expect(options.getByLabel("Radar chart")).not.toBeChecked();
  await expect(options.getByLabel("Bar chart")).toBeChecked();
  await expect(options.getByTestId("chart-options-note")).toHaveText(
    "A radar chart needs at least 3 categories or evaluations; this report has fewer, so it shows a bar chart.",
  );

  // The hotzone answer in words, on the screen and in the PDF.
  await expect(preview).toContainText("Answer: point inside the zone — correct");
  await expect(preview).not.toContainText("(0.5; 0.55)");
  const pdfUrl = (await builder.getByTestId("builder-pdf-link").getAttribute("href"))!;
  const pdf = await page.request.get(pdfUrl);
  expect(pdf.status()).toBe(200);
  const file = path.resolve("tests/.tmp", `report-${tag}.pdf`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await pdf.body());
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  fs.rmSync(file, { force: true });
  expect(text).toContain("Results per evaluation");
  expect(text).toContain("Answer: point inside the zone — correct");

  // Saving keeps what was chosen: the report still asks for a radar and still draws bars.
  await builder.getByRole("button", { name: "Save draft" }).click();
  await expect(builder.getByText("The report is saved.")).toBeVisible();
  await expect(options.getByLabel("Bar chart")).toBeChecked();
  await expect(options.getByTestId("chart-options-note")).toBeVisible();
  // Hiding the chart hides it and locks the chart type; nothing ticked draws nothing.
  await options.getByLabel("Show the chart").uncheck();
  await expect(preview.getByTestId("report-chart-bar")).toHaveCount(0);
  await expect(options.getByLabel("Bar chart")).toBeDisabled();

  await screenshots(page, "builder-no-categories", url);
  const id = new URLSearchParams(pdfUrl.split("?")[1]).get("id")!;
  await screenshots(page, "report-no-categories", `/sessionreport/${id}`);
});
