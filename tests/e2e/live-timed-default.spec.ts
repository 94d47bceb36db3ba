import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { addParticipant } from "~/modules/databases/participants.server";
import { demoDatabase, demoStaffAccount } from "./support/accounts";
import { staffCtx } from "./support/seed";
import { loginAsParticipant, loginAsStaff } from "./support/login";

// ADR 0031 through the screens: a session set up as the README's walk says (a question with a time
// limit, an evaluation and a session template made without touching any option, a plan) runs its
// time limits: the candidate sees a countdown, the dashboard a time left. Unticking "Time limits
// apply" while it runs reaches the candidate's open screen without a reload, and the dashboard
// then says there is no time limit instead of offering extra time that would do nothing.

const RUN = randomUUID().replace(/-/g, "").slice(0, 6);
const QUESTION = `Gas test ${RUN}`;
const EVALUATION = `Confined space ${RUN}`;
const TEMPLATE = `Entry permit ${RUN}`;
const CANDIDATE = `Tess Timed ${RUN}`;
const CANDIDATE_EMAIL = `tess-${RUN}@timed.test`;
const SHOTS = path.resolve("tests/.tmp/timed-screens");
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1280, height: 800 },
];
const LOCALES = ["en-us", "nl-nl", "fr-fr"] as const;

async function addCandidate(): Promise<void> {
  await addParticipant(await staffCtx(), { name: CANDIDATE, email: CANDIDATE_EMAIL });
}

async function idOf(sql: string, arg: string): Promise<string> {
  const db = await demoDatabase();
  const id = (await db.execute({ sql, args: [arg] })).rows[0]?.id as string | undefined;
  db.close();
  if (!id) throw new Error(`nothing found for ${arg}`);
  return id;
}

/** The evaluation's edit screen: sets "Time limits apply" and saves. */
async function setTimeLimits(page: Page, evaluationId: string, on: boolean) {
  await page.goto(`/admin/assessments/evaluations/edit/${evaluationId}`);
  const box = page.getByLabel("Time limits apply");
  await expect(box).toBeChecked({ checked: !on });
  await box.setChecked(on);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/evaluations$/);
}

async function setLocale(page: Page, locale: string) {
  const url = new URL(page.url());
  await page
    .context()
    .addCookies([
      { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: url.origin },
    ]);
}

async function shoot(page: Page, locale: string, name: string, target?: () => Promise<unknown>) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    if (target) await target();
    await page.waitForLoadState("networkidle");
    fs.mkdirSync(path.join(SHOTS, locale), { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, locale, `${viewport.width}-${name}.png`), fullPage: true });
  }
}

test("a session set up as the README says has a countdown and a time left; unticking the time limits reaches the open screen without a reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await addCandidate();
  await loginAsStaff(page, await demoStaffAccount(`timed-${RUN}@demo.test`, "Tim Timekeeper", "ORGANIZATION_WRITER"));

  // 2. A question with a time limit (10 minutes) and a step, saved through its screen's action.
  const text = (html: string) => [{ type: "text", html: `<p>${html}</p>` }];
  const saved = await page.request.post("/admin/assessments/questions/create", {
    form: {
      payload: JSON.stringify({
        name: QUESTION,
        maxTime: 600,
        categories: [],
        supplies: [],
        preparationInfo: [],
        visibility: "ORGANIZATION",
        objectOwnerType: "ORGANIZATION",
        steps: [
          {
            key: "t",
            type: "TEXT",
            score: 1,
            question: text("Which gas do you test for first?"),
            answer: { textValue: "oxygen" },
          },
        ],
      }),
    },
  });
  expect(saved.ok()).toBe(true);

  // The evaluation with that question, its options left as they come: time limits apply.
  await page.goto("/admin/assessments/evaluations/create");
  await page.getByLabel("Name", { exact: true }).fill(EVALUATION);
  await expect(page.getByLabel("Time limits apply")).toBeChecked();
  const picker = page.getByRole("group", { name: "Questions" });
  await picker.getByLabel("Search the bank").fill(QUESTION);
  await picker.getByRole("listbox", { name: "Available" }).getByRole("option", { name: QUESTION, exact: true }).click();
  await expect(picker.getByTestId("chosen-questions")).toContainText(QUESTION);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/evaluations$/);
  const evaluationId = await idOf("SELECT id FROM evaluations WHERE name = ?", EVALUATION);

  // The session template with that evaluation.
  await page.goto("/admin/assessments/sessions/create");
  await page.getByLabel("Name", { exact: true }).fill(TEMPLATE);
  const evaluations = page.getByRole("group", { name: "Evaluations" });
  await evaluations.getByLabel("Search the bank").fill(EVALUATION);
  await evaluations.getByRole("option", { name: EVALUATION, exact: true }).click();
  await expect(evaluations.getByTestId("chosen-evaluations")).toContainText(EVALUATION);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/sessions$/);

  // 3. Plan: the template (its overview shows the time limit and no warning), a date, the candidate.
  await page.goto("/admin/scheduledsessions/plan");
  const form = page.getByTestId("plan-form");
  const template = form.getByRole("combobox", { name: "Session *" });
  await template.fill(TEMPLATE);
  await page
    .getByRole("listbox", { name: "Session" })
    .getByRole("option", { name: new RegExp(TEMPLATE) })
    .click();
  await expect(template).toHaveValue(TEMPLATE);
  await form.getByRole("button", { name: "Session overview" }).click();
  const overview = page.getByRole("dialog", { name: `Overview of ${TEMPLATE}` });
  await expect(overview.getByTestId("template-overview-totals")).toContainText("10 min");
  await expect(overview.getByTestId("template-overview-untimed-notice")).toHaveCount(0);
  await overview.getByRole("button", { name: "Close" }).click();
  await form.locator('input[name="datetime"]').fill("2031-03-04T09:00");
  await page.getByTestId("participant-search").fill(CANDIDATE);
  await page
    .getByTestId("participant-results")
    .getByRole("option", { name: new RegExp(CANDIDATE) })
    .click();
  await expect(page.getByTestId("chosen-participants")).toContainText(CANDIDATE);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const reference = /Reference (\S+?)[ ,.]/.exec((await page.getByTestId("saved").textContent()) ?? "")?.[1];
  expect(reference).toBeTruthy();
  const sessionId = await idOf("SELECT id FROM scheduled_sessions WHERE reference = ?", reference!);

  // 4. The candidate opens the session on their own device: it waits for the start.
  const candidate = await (await browser.newContext({ locale: "en-US" })).newPage();
  await loginAsParticipant(candidate, { tenant: "demo", email: CANDIDATE_EMAIL });
  await candidate.waitForLoadState("networkidle");
  await candidate.goto(`/user/session/${sessionId}`);
  await expect(candidate.getByTestId("live-before-start")).toBeVisible();

  // 5. Staff start from the dashboard: a countdown on the candidate's screen, a time left on the dashboard.
  await page.goto(`/admin/scheduledsessions/dashboard/${sessionId}`);
  await expect(page.getByTestId("untimed-notice")).toHaveCount(0);
  await page.getByTestId("start-session").click();
  await page.getByTestId("start-session-confirm").click();
  await expect(page.getByTestId("session-status")).toHaveText("Ongoing");
  const countdown = candidate.getByTestId("countdown");
  await expect(countdown).toBeVisible({ timeout: 15_000 });
  expect(Number(await countdown.getAttribute("data-remaining"))).toBeGreaterThan(550);
  await expect(countdown).toHaveText(/^(10:00|9:\d\d)$/);
  const row = page.getByTestId("live-row").filter({ hasText: CANDIDATE });
  await expect(row.getByTestId("time-left")).toHaveText(/^(10:00|9:\d\d)$/);
  await expect(row.getByTestId("extend")).toBeEnabled();

  // Unticked while the session runs: the open screen drops its countdown without a reload.
  await candidate.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
  await setTimeLimits(page, evaluationId, false);
  await expect(countdown).toHaveCount(0, { timeout: 10_000 });
  await expect(candidate.getByTestId("live-question")).toBeVisible();
  expect(await candidate.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(
    true,
  );
  // The dashboard says so in words, and extra time is not offered as if it did something.
  await page.goto(`/admin/scheduledsessions/dashboard/${sessionId}`);
  await expect(page.getByTestId("untimed-notice")).toContainText("No time limit");
  await expect(row.getByTestId("time-left")).toHaveText("No time limit");
  await expect(row.getByTestId("extend")).toBeDisabled();
  await expect(row.getByTestId("extend-untimed")).toContainText("No deadline to extend");

  // What staff see now, in every language and size (looked at by hand; not compared).
  for (const locale of LOCALES) {
    await setLocale(page, locale);
    await page.goto(`/admin/scheduledsessions/dashboard/${sessionId}`);
    await shoot(page, locale, "dashboard-untimed");
    await page.goto(`/admin/assessments/evaluations/edit/${evaluationId}`);
    await shoot(page, locale, "evaluation-form");
    await page.goto("/admin/scheduledsessions/plan");
    const planForm = page.getByTestId("plan-form");
    await planForm.getByRole("combobox").first().fill(TEMPLATE);
    await page
      .getByRole("option", { name: new RegExp(TEMPLATE) })
      .first()
      .click();
    await page.getByTestId("template-overview-open").click();
    await expect(page.getByTestId("template-overview-untimed-notice")).toBeVisible();
    await shoot(page, locale, "plan-overview-untimed");
    await page.keyboard.press("Escape");
  }
  await setLocale(page, "en-us");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ticked again: the countdown comes back on the same open screen, counted from the question's start.
  await setTimeLimits(page, evaluationId, true);
  await expect(countdown).toBeVisible({ timeout: 10_000 });
  expect(Number(await countdown.getAttribute("data-remaining"))).toBeGreaterThan(300);
  expect(await candidate.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(
    true,
  );
});
