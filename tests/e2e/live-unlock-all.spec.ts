import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { dashboardWithTwoCandidates } from "./support/live";

// A room where several candidates finish an evaluation and wait: staff unlock them all at once
// from the dashboard, and every waiting screen opens its next evaluation by itself, from the state
// the unlock's room event carries, without asking the app again (ADR 0048).

/** Every named action of every row ends inside the grid's frame (nothing hidden past its edge). */
async function expectActionsInView(page: Page, actions: string[], label: string) {
  const rows = page.getByTestId("live-row");
  const edge = await rows.first().evaluate((row) => row.closest("table")!.parentElement!.getBoundingClientRect().right);
  for (const row of await rows.all()) {
    for (const action of actions) {
      const box = await row.getByTestId(action).boundingBox();
      expect(box!.x + box!.width, `${label} ${action}`).toBeLessThanOrEqual(edge);
    }
  }
}

test("staff unlock every waiting candidate at once, and each screen opens its next evaluation", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = `unlockall${Date.now()}`;
  const { data, candidates } = await dashboardWithTwoCandidates(page, browser, baseURL, tag, {
    email: `unlock-all-${tag}@demo.test`,
    name: "Una Unlocker",
  });
  // Nobody waits yet: no mass unlock on offer.
  await page.getByTestId("start-session").click();
  await page.getByTestId("start-session-confirm").click();
  await expect(page.getByTestId("session-status")).toHaveText("Ongoing");
  await expect(page.getByTestId("unlock-all")).toHaveCount(0);
  // On a 1,024 px laptop a running row's actions are in view too, in every language (the longest
  // labels are Dutch and French).
  await page.setViewportSize({ width: 1024, height: 768 });
  for (const lng of ["nl-nl", "fr-fr", "en-us"]) {
    await page.goto(`${page.url().split("?")[0]}?lng=${lng}`);
    await expectActionsInView(page, ["pause", "extend", "open-evaluation-choice", "open-evaluation"], lng);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Both finish Station A (two questions) and wait for staff.
  for (const candidate of candidates) {
    await expect(candidate.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[0]!, {
      timeout: 15_000,
    });
    await candidate.getByTestId("finish-section").click();
    await expect(candidate.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[1]!);
    await candidate.getByTestId("finish-section").click();
    await candidate.getByTestId("finish-confirm").click();
    await expect(candidate.getByTestId("live-waiting")).toBeVisible();
  }
  const unlockAll = page.getByTestId("unlock-all");
  await expect(unlockAll).toHaveText("Unlock all 2 waiting", { timeout: 10_000 });

  // Finding people in a big room: by what needs staff, and by name.
  const rows = page.getByTestId("live-row");
  await expect(page.getByTestId("grid-show-waiting")).toHaveText("Waiting (2)");
  await page.getByTestId("grid-show-help").click();
  await expect(page.getByTestId("grid-show-help")).toHaveAttribute("aria-pressed", "true");
  await expect(rows).toHaveCount(0);
  await expect(page.getByTestId("grid-no-match")).toContainText("No participant matches.");
  await page.getByTestId("grid-show-waiting").click();
  await expect(rows).toHaveCount(2);
  await page.getByTestId("grid-find").fill("NOOR");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Noor Live");
  await page.getByTestId("grid-find").fill("nobody here");
  await expect(rows).toHaveCount(0);
  await page.getByTestId("grid-no-match").getByRole("button", { name: "Show everyone" }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("grid-find")).toHaveValue("");
  await expect(page.getByTestId("grid-show-all")).toHaveAttribute("aria-pressed", "true");

  // On a 1,024 px laptop, beside the sidebar, every row's actions stay in view: nothing scrolls sideways.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectActionsInView(page, ["unlock", "open-evaluation-choice", "open-evaluation"], "waiting");
  const sideways = await page
    .getByTestId("live-row")
    .first()
    .evaluate((row) => {
      const scroller = row.closest("table")!.parentElement!;
      return scroller.scrollWidth - scroller.clientWidth;
    });
  expect(sideways).toBeLessThanOrEqual(0);

  // Every state read a screen makes from here: an unlock's event carries the new state, so none.
  const stateReads = candidates.map(() => 0);
  candidates.forEach((candidate, i) =>
    candidate.on("request", (request) => {
      if (request.url().includes("/api/user/live-state/")) stateReads[i]!++;
    }),
  );
  await unlockAll.click();
  await expect(page.getByRole("status").filter({ hasText: "2 participants unlocked" })).toBeVisible();
  for (const candidate of candidates) {
    await expect(candidate.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[2]!, {
      timeout: 15_000,
    });
  }
  expect(stateReads).toEqual([0, 0]);
  await expect(unlockAll).toHaveCount(0);
  for (const row of await page.getByTestId("live-row").all())
    await expect(row).not.toHaveAttribute("data-status", "waiting");

  // A refused action is explained on its own row only: Station A is done, nothing of it is left to open.
  const [first, second] = await page.getByTestId("live-row").all();
  await first!.getByTestId("open-evaluation-choice").selectOption({ label: `Station A ${tag}` });
  await first!.getByTestId("open-evaluation").click();
  await expect(first!.getByRole("alert")).toHaveText("There is no evaluation left to open for this participant.");
  await expect(second!.getByRole("alert")).toHaveCount(0);
});
