import { expect, test } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { liveFixture, type LiveSetup } from "./support/live";
import { loginAsStaff } from "./support/login";

// Corrections through the screens after candidates answered in a running session (their answers go
// through the real answer store): staff open a participant from the live dashboard, auto-score
// through the dialog, tick a practical checklist, score a text step by hand with a comment; at a
// station, an examiner marks two participants, one tick made while the tablet is offline.

// Offline on purpose: the browser logs the failed requests. (One pattern, not a two-element array.)
test.use({
  expectedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|WebSocket/],
});

type Correction = {
  scored: number;
  total: number;
  evaluations: Array<{
    globalRating: string | null;
    markedAt: string | null;
    markComment: string | null;
    questions: Array<{ steps: Array<{ ticks: boolean[] | null; score: number | null; comment: string | null }> }>;
  }>;
};
const fixture = <T = unknown>(...args: string[]) => liveFixture<T>({}, ...args);

function setUp(baseURL: string | undefined) {
  const tag = `corr${Date.now()}`;
  const data = fixture<LiveSetup>("setup", `${baseURL}/favicon.svg`, tag);
  const second = fixture<{ participant: string; email: string }>("add-candidate", data.session, `${tag}b`);
  fixture("start", data.session);
  const [evalA] = data.evaluations;
  const [q1, q2] = data.questions;
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
  return { tag, data, second, q1: q1!, q2: q2! };
}

test("staff correct a participant: auto-score through the dialog, a practical checklist, a text step by hand", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { tag, data } = setUp(baseURL);
  await loginAsStaff(page, await demoStaffAccount(`corrector-${tag}@demo.test`, "Cor Rector", "ORGANIZATION_WRITER"));
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}`);
  await page.getByTestId("live-row").filter({ hasText: "Lea Live" }).getByTestId("correction-link").click();
  await expect(page.getByTestId("participant-correction")).toBeVisible({ timeout: 30_000 }); // a shared machine can be slow
  await expect(page.getByTestId("correction-progress")).toHaveText("0 of 6 steps scored");

  // The dialog lists what the rules will score (choice and number right, the unanswered hotzone 0), then saves it.
  await page.getByTestId("auto-score-open").click();
  const dialog = page.getByTestId("auto-score-dialog");
  await expect(dialog.getByTestId("auto-score-line")).toHaveCount(3);
  await expect(dialog).toContainText("2 / 2");
  await dialog.getByTestId("auto-score-confirm").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("correction-progress")).toHaveText("3 of 6 steps scored");

  // The text step is not the model answer: an assessor scores it with a comment.
  const text = page.getByTestId("correction-step").filter({ hasText: "Name the gas you test for first." });
  await expect(text.getByTestId("step-answer")).toHaveText("I test the oxygen level");
  await expect(text.getByTestId("step-correct")).toHaveText("oxygen");
  await text.getByTestId("score-input").fill("1.5");
  await text.getByTestId("comment-input").fill("Right gas, say it plainly");
  await text.getByTestId("save-score").click();
  await expect(text.getByTestId("step-score")).toHaveText("1.5 / 2");

  // A score above the step's maximum is refused with a clear message and changes nothing.
  await text.getByTestId("score-input").fill("5");
  await text.getByTestId("save-score").click();
  await expect(text.getByText("Give a score from 0 to 2.")).toBeVisible();
  await expect(text.getByTestId("step-score")).toHaveText("1.5 / 2");

  // The practical checklist: one tick, saved at once; the step scores by its weight.
  const practical = page.getByTestId("correction-step").filter({ hasText: "Put on the harness." });
  await practical.getByTestId("tick-0").check();
  await expect(page.getByTestId("tick-status")).toHaveAttribute("data-waiting", "0");
  await expect(practical.getByTestId("step-score")).toHaveText("2 / 2");
  await expect(page.getByTestId("correction-progress")).toHaveText("5 of 6 steps scored");

  const saved = fixture<Correction>("correction", data.session, data.participant);
  const steps = saved.evaluations[0]!.questions.flatMap((q) => q.steps);
  expect(steps.map((s) => s.score)).toEqual([2, 2, 1.5, 0, 2]);
  expect(steps[2]!.comment).toBe("Right gas, say it plainly");
  expect(steps[4]!.ticks).toEqual([true]);
  await expect(page.getByTestId("report-builder-slot")).toBeAttached();
});

test("an examiner marks two participants at a station; a tick made offline reaches the server once back online", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { tag, data, second } = setUp(baseURL);
  await loginAsStaff(
    page,
    await demoStaffAccount(`examiner-${tag}@demo.test`, "Eva Examiner", "ORGANIZATION_REALTIME_USER"),
  );
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}`);
  await page.getByTestId("stations-link").click();
  await page
    .getByTestId("station-link")
    .filter({ hasText: `Station A ${tag}` })
    .click();
  await expect(page.getByTestId("station-participants").getByTestId("station-participant")).toHaveCount(2);
  await expect(page.getByTestId("station-progress")).toHaveText("0 of 2 marked");

  // The first participant: a tick, a global rating, a comment, then on to the next.
  const panel = page.getByTestId("mark-panel");
  await expect(panel).toContainText("Lea Live");
  await panel.getByTestId("tick-0").check();
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "0");
  await panel.getByText("Clear pass").click();
  await panel.getByTestId("station-comment").fill("Calm and safe");
  await panel.getByTestId("mark-done").click();
  await expect(panel).toContainText("Noor Live");
  await expect(page.getByTestId("station-participant").filter({ hasText: "Lea Live" })).toHaveAttribute(
    "data-marked",
    "true",
  );

  // The tablet loses its network: the tick is kept on the device and sent once it is back.
  await page.context().setOffline(true);
  await panel.getByTestId("tick-0").check();
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "1");
  await expect(panel.getByTestId("tick-status")).toContainText("Offline");
  await page.context().setOffline(false);
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "0", { timeout: 20_000 });
  const noor = fixture<Correction>("correction", data.session, second.participant);
  expect(noor.evaluations[0]!.questions[1]!.steps[1]).toMatchObject({ ticks: [true], score: 2 });

  await panel.getByText("Borderline").click();
  await panel.getByTestId("mark-done").click();
  await expect(page.getByTestId("station-progress")).toHaveText("2 of 2 marked");
  await expect(page.getByTestId("station-participant").filter({ hasText: "Noor Live" })).toHaveAttribute(
    "data-marked",
    "true",
  );
  const lea = fixture<Correction>("correction", data.session, data.participant);
  expect(lea.evaluations[0]).toMatchObject({ globalRating: "CLEAR_PASS", markComment: "Calm and safe" });
  expect(fixture<Correction>("correction", data.session, second.participant).evaluations[0]!.globalRating).toBe(
    "BORDERLINE",
  );

  // Staff running the session see the progress per station.
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}`);
  await expect(
    page
      .getByTestId("station-link")
      .filter({ hasText: `Station A ${tag}` })
      .getByTestId("station-count"),
  ).toHaveText("2 of 2 marked");
});
