import { expect, test } from "@playwright/test";
import {
  answerOn,
  expectAllSaved,
  liveFixture,
  saveIndicator,
  watchConsole,
  type LiveSetup,
  type SavedAnswer,
} from "./support/live";
import { loginAsParticipant } from "./support/login";

// Time up on a short question: the screen hands in what it has and says the time is up; an
// answer that could only reach the server after the deadline is still stored (flagged late) and
// the participant is told so.

test("at time up the answers are handed in, a late save is kept and flagged, and the participant sees it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const data = liveFixture<LiveSetup>({}, "setup", `${baseURL}/favicon.svg`, `t${Date.now()}`, "12");
  liveFixture({}, "start", data.session);
  await loginAsParticipant(page, { tenant: "demo", email: data.email });
  await page.goto(`/user/session/${data.session}`);
  await expect(page.getByTestId("live-question")).toBeVisible();
  await page.getByTestId("step-2").getByLabel("Your answer").fill("in time");
  await expectAllSaved(page);

  // The network drops the saves: this change can only arrive after the deadline (and its grace).
  await page.route("**/api/user/live/**/answer", (route) => route.abort("connectionfailed"));
  await page.getByTestId("step-1").getByLabel("Your answer").fill("42");
  await expect(page.getByTestId("live-time-up")).toBeVisible({ timeout: 30_000 });
  await expect(saveIndicator(page)).not.toHaveAttribute("data-waiting", "0");
  await expect(page.getByTestId("time-up-continue")).toBeDisabled();
  // What the server acknowledged, with its time: the answer given in time, not the one still on the device.
  const acknowledged = page.getByTestId("acknowledged").getByTestId("acknowledged-answer");
  await expect(acknowledged).toHaveCount(1);
  await expect(acknowledged).toContainText("step 3");
  await expect(acknowledged).toContainText(/saved \d{1,2}:\d\d:\d\d/);
  // Past the server's grace for a save sent at time up.
  await page.waitForTimeout(6_000);
  await page.unroute("**/api/user/live/**/answer");
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expectAllSaved(page);
  await expect(page.getByTestId("save-late")).toBeVisible();
  // Once it got through, it is listed too, marked late.
  await expect(acknowledged).toHaveCount(2);
  await expect(acknowledged.filter({ hasText: "step 2" })).toContainText("late");
  await page.getByTestId("live-time-up").screenshot({ path: "tests/.tmp/incidents-audit/time-up-en-us.png" });

  const saved = liveFixture<SavedAnswer[]>({}, "answers", data.session, data.participant);
  expect(answerOn(saved, data.questions[0]!, 2)).toEqual({ textValue: "in time" });
  expect(saved.find((s) => s.stepIndex === 2)!.late).toBe(false);
  expect(answerOn(saved, data.questions[0]!, 1)).toEqual({ numericValue: 42 });
  expect(saved.find((s) => s.stepIndex === 1)!.late).toBe(true);

  // Continue: the next question opens.
  await page.getByTestId("time-up-continue").click();
  await expect(page.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[1]!);
  expect(errors).toEqual([]);
});
