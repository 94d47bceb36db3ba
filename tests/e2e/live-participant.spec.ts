import { expect, test, type Page } from "@playwright/test";
import {
  liveFixture,
  expectAllSaved,
  saveIndicator,
  watchConsole,
  type LiveSetup as Setup,
  type SavedAnswer as Saved,
} from "./support/live";
import { loginAsParticipant } from "./support/login";

// The participant's side of a live session, through the real screens. Staff actions (start,
// pause, unlock...) go through the live module in a helper process (the dashboard is another screen).

const fixture = <T = unknown>(...args: string[]) => liveFixture<T>({}, ...args);
const indicator = saveIndicator;
const allSaved = (page: Page) => expectAllSaved(page);

test("a participant takes a live session: every step type, offline, reload, help, pause, waiting for unlock", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const data = fixture<Setup>("setup", `${baseURL}/favicon.svg`, `p${Date.now()}`);

  // Before the start: ready on /user, then the waiting page.
  await loginAsParticipant(page, { tenant: "demo", email: data.email });
  const item = page
    .getByTestId("my-upcoming")
    .locator("li")
    .filter({ has: page.getByTestId("session-ready") });
  await item.getByTestId("ready-toggle").click();
  await expect(item.getByTestId("ready-state")).toBeVisible();
  await page.goto(`/user/session/${data.session}`);
  await expect(page.getByTestId("live-before-start")).toBeVisible();
  await expect(page.getByTestId("ready-state")).toBeVisible();

  // Staff start: the room tells the page, which opens the first question by itself.
  fixture("start", data.session);
  await expect(page.getByTestId("live-question")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[0]!);
  await expect(page.getByTestId("countdown")).toBeVisible();
  expect(Number(await page.getByTestId("countdown").getAttribute("data-remaining"))).toBeGreaterThan(800);

  await expect(page.getByTestId("finish-section")).toHaveText("Next question");

  // Multiple choice is always checkboxes (no hint how many are right), numeric, text.
  const mc = page.getByTestId("step-0");
  await expect(mc.locator('input[type="radio"]')).toHaveCount(0);
  await mc.getByLabel("S3 boots").check();
  await mc.getByLabel("S1P shoes").check();
  await page.getByTestId("step-1").getByLabel("Your answer").fill("2,5");
  await page.getByTestId("step-2").getByLabel("Your answer").fill("oxygen");
  await allSaved(page);
  await expect(indicator(page)).toHaveText("All answers saved");

  // Offline: answers are kept and counted, the participant cannot move on, back online they are sent.
  await context.setOffline(true);
  await page.getByTestId("step-2").getByLabel("Your answer").fill("oxygen level");
  await page.getByTestId("step-1").getByLabel("Your answer").fill("3");
  await expect(indicator(page)).toContainText("Offline");
  await expect(indicator(page)).not.toHaveAttribute("data-waiting", "0");
  await page.getByTestId("finish-section").click();
  await expect(page.getByTestId("finish-offline")).toBeVisible();
  await expect(page.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[0]!);
  await context.setOffline(false);
  await allSaved(page);
  let saved = fixture<Saved[]>("answers", data.session, data.participant);
  const on = (q: string, i: number) => saved.find((s) => s.question === q && s.stepIndex === i)?.answer;
  expect(on(data.questions[0]!, 0)).toEqual({ textlistValue: ["S3 boots", "S1P shoes"] });
  expect(on(data.questions[0]!, 1)).toEqual({ numericValue: 3 });
  expect(on(data.questions[0]!, 2)).toEqual({ textValue: "oxygen level" });

  // A reload while a change has not reached the server: the browser's copy wins and is sent after.
  await page.route("**/api/user/live/**/answer", (route) => route.abort("connectionfailed"));
  await page.getByTestId("step-2").getByLabel("Your answer").fill("oxygen level first");
  await expect(indicator(page)).not.toHaveAttribute("data-waiting", "0");
  // Online but the save cannot get through: moving on waits for it.
  await page.getByTestId("finish-section").click();
  await expect(page.getByTestId("finish-blocked")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("step-2").getByLabel("Your answer")).toHaveValue("oxygen level first");
  await expect(page.getByTestId("step-0").getByLabel("S3 boots")).toBeChecked();
  await expect(page.getByTestId("step-1").getByLabel("Your answer")).toHaveValue("3");
  // Nothing secret in the page or its data: no option validity, no model answers.
  expect(await page.content()).not.toMatch(/optionlistValue|"valid"|numericValue":2[,}]/);
  await page.unroute("**/api/user/live/**/answer");
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await allSaved(page);
  saved = fixture<Saved[]>("answers", data.session, data.participant);
  expect(on(data.questions[0]!, 2)).toEqual({ textValue: "oxygen level first" });

  // Help: the request is confirmed, and with auto-pause the clock stops until staff resolve it.
  await page.getByTestId("help-button").click();
  await expect(page.getByTestId("pause-overlay")).toBeVisible();
  await expect(page.getByTestId("pause-overlay")).toContainText("until a staff member has helped you");
  fixture("resolve-help", data.session, data.participant);
  await expect(page.getByTestId("pause-overlay")).toBeHidden();
  await expect(page.getByTestId("help-button")).toBeEnabled();

  // Staff pause everyone: the overlay covers the question and the clock stands still. The room
  // event carries the new clock, so the screen does not reload its state for a pause or a resume.
  const stateReloads: string[] = [];
  const countReload = (request: { url(): string }) =>
    void (request.url().includes("/api/user/live-state/") && stateReloads.push(request.url()));
  page.on("request", countReload);
  fixture("pause", data.session);
  await expect(page.getByTestId("pause-overlay")).toBeVisible();
  const frozen = await page.getByTestId("countdown").getAttribute("data-remaining");
  await page.waitForTimeout(2_000);
  expect(await page.getByTestId("countdown").getAttribute("data-remaining")).toBe(frozen);
  fixture("resume", data.session);
  await expect(page.getByTestId("pause-overlay")).toBeHidden();
  await expect(page.getByTestId("countdown")).not.toHaveAttribute("data-remaining", frozen!);
  page.off("request", countReload);
  expect(stateReloads).toEqual([]);

  // Next question: a point on the picture and the practical task (never its checklist).
  await page.getByTestId("finish-section").click();
  await expect(page.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[1]!);
  await page.reload();
  // The practical checklist and the hotzone's zones never reach the browser.
  expect(await page.content()).not.toMatch(/SECRET-CRITERION|blocklistValue|numericlistValue/);
  const picker = page.getByTestId("point-picker");
  const box = (await picker.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
  await expect(page.getByTestId("point-marker")).toBeVisible();
  await page.getByTestId("step-1").getByLabel("I have done this task").check();
  await expect(page.getByTestId("finish-section")).toHaveText("Finish this evaluation");
  await allSaved(page);

  // The last question of the evaluation: finishing it asks first (it cannot be undone) and says
  // what has no answer; "no" keeps the evaluation open, "yes" finishes it.
  await page.getByTestId("finish-section").click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Finish this evaluation?");
  await expect(dialog).toContainText("you can no longer change your answers");
  await expect(page.getByTestId("finish-unanswered")).toHaveText("Every question has an answer.");
  await page.getByTestId("finish-cancel").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[1]!);
  await page.getByTestId("step-1").getByLabel("I have done this task").uncheck();
  await allSaved(page);
  await page.getByTestId("finish-section").click();
  await expect(page.getByTestId("finish-unanswered")).toHaveText("1 question has no answer yet.");
  await page.getByTestId("finish-cancel").click();
  await page.getByTestId("step-1").getByLabel("I have done this task").check();
  await allSaved(page);
  await page.getByTestId("finish-section").click();
  await page.getByTestId("finish-confirm").click();
  await expect(page.getByTestId("live-waiting")).toBeVisible();
  fixture("unlock", data.session, data.participant);
  await expect(page.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[2]!, {
    timeout: 15_000,
  });
  await page.getByTestId("step-0").getByLabel("Your answer").fill("A hot work permit");
  await allSaved(page);
  await page.getByTestId("finish-section").click();
  await page.getByTestId("finish-confirm").click();
  await expect(page.getByTestId("live-finished")).toBeVisible();

  saved = fixture<Saved[]>("answers", data.session, data.participant);
  const hotzone = on(data.questions[1]!, 0) as { numericlistValue: number[] };
  expect(hotzone.numericlistValue[0]).toBeCloseTo(0.25, 1);
  expect(hotzone.numericlistValue[1]).toBeCloseTo(0.75, 1);
  expect(on(data.questions[1]!, 1)).toEqual({ booleanValue: true });
  expect(on(data.questions[2]!, 0)).toEqual({ textValue: "A hot work permit" });
  expect(saved.every((s) => !s.late)).toBe(true);
  expect(errors).toEqual([]);
});
