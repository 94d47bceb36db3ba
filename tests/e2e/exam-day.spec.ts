import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { dashboardWithTwoCandidates } from "./support/live";
import { SCREENSHOT_LOCALES } from "./support/screenshots";

// What an examiner and a candidate tripped over on the exam day, through the real screens:
// "Finish this evaluation" asks first (and says what has no answer), "Sign out" during a session
// asks first and is not beside the session's actions on a phone, extra time out of range is refused
// next to its field (on the screen and by the action), the station list says "not marked yet" and
// numbers its rotation 1 to n, the dashboard says what its count counts, and a candidate whose
// session staff ended is told so. EXAM_DAY_SCREENSHOTS=1 writes what was looked at to
// tests/.tmp/exam-day-screens/<locale>/<width>-<name>.png.

const WIDTHS = [1280, 820, 390];

/** Every language at desktop, tablet and phone width; `prepare` opens what the shot is about (a dialog). */
async function shoot(page: Page, name: string, prepare?: () => Promise<void>) {
  if (!process.env.EXAM_DAY_SCREENSHOTS) return;
  const url = new URL(page.url());
  const size = page.viewportSize();
  for (const { locale } of SCREENSHOT_LOCALES) {
    url.searchParams.set("lng", locale);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 820 ? 800 : width === 820 ? 1180 : 844 });
      await page.goto(url.toString());
      await page.waitForLoadState("networkidle");
      if (prepare) await prepare();
      await page.screenshot({
        path: path.resolve("tests/.tmp/exam-day-screens", locale, `${width}-${name}.png`),
        fullPage: !prepare,
      });
      if (prepare) await page.keyboard.press("Escape");
    }
  }
  url.searchParams.set("lng", "en-us");
  if (size) await page.setViewportSize(size);
  await page.goto(url.toString());
  await page.waitForLoadState("networkidle");
}

test("exam day: finish and sign-out ask first, extra time is refused out of range, the station list and the end read right", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const tag = `day${Date.now()}`;
  const { data, candidates } = await dashboardWithTwoCandidates(page, browser, baseURL, tag, {
    email: `exam-day-${tag}@demo.test`,
    name: "Erin Examiner",
  });
  const [lea, noor] = candidates;
  const rows = page.getByTestId("live-row");
  await page.getByTestId("start-session").click();
  await page.getByTestId("start-session-confirm").click();
  await expect(page.getByTestId("session-status")).toHaveText("Ongoing");
  for (const candidate of candidates)
    await expect(candidate.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[0]!, {
      timeout: 15_000,
    });

  // Sign out during the session asks first, says the answers are kept and that one can sign in
  // again; "stay signed in" keeps the candidate where they were.
  await lea.locator("[data-testid=sign-out]:visible").click();
  const signOut = lea.getByTestId("sign-out-dialog");
  await expect(signOut).toBeVisible();
  await expect(signOut).toContainText("Your saved answers are kept");
  await expect(signOut).toContainText("You can sign in again");
  await lea.getByTestId("sign-out-cancel").click();
  await expect(signOut).toBeHidden();
  await expect(lea.getByTestId("live-question")).toBeVisible();
  // On a phone it is not in the header beside the clock and "Ask for help": it is at the page's foot, and still asks.
  await lea.setViewportSize({ width: 390, height: 844 });
  const visibleSignOut = lea.locator("[data-testid=sign-out]:visible");
  await expect(visibleSignOut).toHaveCount(1);
  expect(await visibleSignOut.evaluate((el) => !!el.closest("footer"))).toBe(true);
  await visibleSignOut.click();
  await expect(signOut).toBeVisible();
  await lea.getByTestId("sign-out-cancel").click();
  await shoot(lea, "session-phone-sign-out", async () => {
    await lea.locator("[data-testid=sign-out]:visible").click();
    await lea.getByTestId("sign-out-dialog").waitFor();
  });
  await lea.setViewportSize({ width: 1280, height: 800 });

  // Lea: the next question, then "Finish this evaluation" asks, with what has no answer; cancel keeps it open.
  await lea.getByTestId("finish-section").click();
  await expect(lea.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[1]!);
  await lea.getByTestId("finish-section").click();
  await expect(lea.getByRole("alertdialog")).toContainText("you can no longer change your answers");
  await expect(lea.getByTestId("finish-unanswered")).toHaveText("2 questions have no answer yet.");
  await lea.getByTestId("finish-cancel").click();
  await expect(lea.getByRole("alertdialog")).toBeHidden();
  await expect(lea.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[1]!);
  await expect(rows.filter({ hasText: "Lea Live" })).toHaveAttribute("data-status", "started");
  await shoot(lea, "finish-confirm", async () => {
    await lea.getByTestId("finish-section").click();
    await lea.getByTestId("finish-dialog").waitFor();
  });
  await lea.getByTestId("finish-section").click();
  await lea.getByTestId("finish-confirm").click();
  await expect(lea.getByTestId("live-waiting")).toBeVisible();

  // The dashboard says what its count counts.
  const leaRow = rows.filter({ hasText: "Lea Live" });
  const noorRow = rows.filter({ hasText: "Noor Live" });
  await expect(leaRow.getByTestId("evaluations-done")).toHaveText("Evaluations done: 1 of 2");
  await expect(noorRow.getByTestId("evaluations-done")).toHaveText("Evaluations done: 0 of 2");

  // Extra time: the range is stated; −10, 0 and 99999 are refused next to the field, 99999 shown whole.
  const minutes = noorRow.getByTestId("extend-minutes");
  await expect(noorRow.getByTestId("extend-range")).toHaveText("1 to 120 min");
  for (const typed of ["-10", "0", "99999"]) {
    await minutes.fill(typed);
    await noorRow.getByTestId("extend").click();
    await expect(noorRow.getByTestId("extend-error")).toHaveText("Type a whole number of minutes from 1 to 120.");
    await expect(minutes).toHaveValue(typed);
    await expect(minutes).toHaveAttribute("aria-invalid", "true");
    expect(await minutes.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await expect(page.getByText("Some fields need your attention")).toHaveCount(0);
  // On a phone too (larger text there), 99999 shows whole.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await minutes.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "dashboard-extend-refused", async () => {
    const row = page.getByTestId("live-row").filter({ hasText: "Noor Live" });
    await row.getByTestId("extend-minutes").fill("99999");
    await row.getByTestId("extend").click();
    await row.getByTestId("extend-error").waitFor();
    await row.scrollIntoViewIfNeeded();
  });
  // The action refuses it too (a post that skips the screen's check), with the same message.
  const posted = await page.request.post(`/admin/scheduledsessions/dashboard/${data.session}.data`, {
    form: { intent: "extend", participant: (await noorRow.getAttribute("data-participant"))!, minutes: "99999" },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(await posted.text()).toContain("Type a whole number of minutes from 1 to 120.");
  // Nothing was added: the question's 15 minutes at most.
  await page.reload();
  await expect(noorRow.getByTestId("time-left")).toHaveText(/^(1[0-5]|[0-9]):\d\d$/);

  // The station list: "not marked yet", not "passed"; the rotation numbered 1, 2 (both take Station A first).
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}/stations/${data.evaluations[0]}`);
  const list = page.getByTestId("station-participant");
  await expect(list).toHaveCount(2);
  await expect(list.nth(0)).toContainText(/^1\.\s*Lea Live/);
  await expect(list.nth(1)).toContainText(/^2\.\s*Noor Live/);
  await expect(list.nth(0).getByTestId("station-state")).toHaveText("not marked yet");
  await expect(list.nth(1).getByTestId("station-state")).toHaveText("here now");
  await expect(page.getByTestId("station-participants")).not.toContainText("passed");
  await shoot(page, "station");
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}`);
  await shoot(page, "dashboard");

  // Staff end the session: the candidate is told staff ended it and that the saved answers are kept.
  await page.getByTestId("complete-session").click();
  await page.getByTestId("complete-session-confirm").click();
  await expect(page.getByTestId("session-status")).toHaveText("Completed");
  for (const candidate of candidates) {
    await expect(candidate.getByTestId("live-ended")).toBeVisible({ timeout: 15_000 });
    await expect(candidate.getByTestId("live-ended")).toContainText("The session was ended by the staff");
    await expect(candidate.getByTestId("live-ended")).toContainText("The answers you saved are kept");
    await expect(candidate.getByTestId("live-finished")).toHaveCount(0);
  }
  await shoot(noor, "ended-by-staff");
  for (const candidate of candidates) await candidate.context().close();
});
