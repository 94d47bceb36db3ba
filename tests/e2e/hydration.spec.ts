import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { questions } from "~db/tenant/schema";
import { addQuestion } from "~/modules/assessments/questions.server";
import { expect, test } from "./support/fixtures";
import { staffCtx } from "./support/seed";

// Dates and numbers are formatted in the organisation's time zone (Europe/Brussels for the demo
// tenant) and the app's language on the server AND in the browser, so a browser in another zone
// and language hydrates without mismatches. The fixture fails the test on any console error or
// hydration warning; these pages used to produce dozens (React #418/#423/#425).

test.use({ timezoneId: "Europe/Brussels", locale: "nl-BE" });

async function seedQuestion(name: string) {
  const ctx = await staffCtx();
  const { _id } = await addQuestion(ctx, { name, maxTime: 60 });
  // 23:30 UTC: already the next day in Brussels, so a date read in the wrong zone shows. No product
  // function writes a past date, so the new question's dates are moved back.
  const at = new Date(Date.UTC(2026, 2, 14, 23, 30));
  await ctx.tdb.write((tx) => tx.update(questions).set({ createdAt: at, updatedAt: at }).where(eq(questions.id, _id)));
}

test("admin pages hydrate without errors in a Brussels nl-BE browser, and 404s keep the admin shell", async ({
  page,
  browser,
  login,
}) => {
  const name = `Hydration ${Date.now().toString(36)}`;
  await seedQuestion(name);
  await login({ role: "ORGANIZATION_WRITER", name: "Hana Hydration" });

  // The app speaks Dutch to an nl-BE browser: Dutch (nl-nl) dates in the organisation's time,
  // written the same way by the server and the browser.
  await page.goto(`/admin/assessments/questions?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("15 mrt 2026, 00:30");

  for (const url of [
    "/admin/scheduledsessions?view=week&date=2030-05-06",
    "/admin/scheduledsessions?view=month&date=2030-05-06",
    "/admin/scheduledsessions",
    "/admin",
  ]) {
    await page.goto(url);
    await expect(page.locator("main h1").first()).toBeVisible();
  }
  await page.goto("/admin/scheduledsessions?view=week&date=2030-05-06");
  await expect(page.getByTestId("calendar-period")).toHaveText("6–12 mei 2030");

  // An unknown admin address: 404 inside the admin shell (its navigation and user menu stay).
  const response = await page.goto("/admin/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-title")).toHaveText("Deze pagina kon niet worden gevonden");
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toBeVisible();
  const unknownQuestion = await page.goto(`/admin/assessments/questions/edit/${randomUUID()}`);
  expect(unknownQuestion?.status()).toBe(404);
  await expect(page.getByTestId("user-menu")).toBeVisible();

  // The participant area's 404 keeps its header too; in Dutch when the app is Dutch.
  const visitor = await browser.newContext({ timezoneId: "Europe/Brussels", locale: "nl-BE" });
  const other = await visitor.newPage();
  await other.goto("/user/no-such-page?lng=nl-nl");
  await expect(other.getByTestId("organization-name")).toBeVisible();
  await expect(other.getByTestId("error-title")).toBeVisible();
  await visitor.close();
});

test("a key pressed before the page has hydrated leaves it working, without React error #345", async ({
  page,
  context,
}) => {
  // React's scheduler posts a message to run the hydration it was just asked for. A key press
  // before that task makes React 18 hydrate at once, synchronously; Remix's first render then
  // waited for the page's data to be decoded, and a synchronous render that waits ends in React
  // error #345. entry.client.tsx now has the data decoded before hydrating.
  await context.addInitScript(() => {
    const post = MessagePort.prototype.postMessage;
    let armed = true;
    MessagePort.prototype.postMessage = function (this: MessagePort, ...args: Parameters<MessagePort["postMessage"]>) {
      if (armed && document.readyState !== "loading") {
        armed = false;
        queueMicrotask(() =>
          document.querySelector("input")?.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, key: "a" })),
        );
      }
      return post.apply(this, args);
    } as MessagePort["postMessage"];
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const area of ["user", "admin"] as const) {
    await page.goto(`/${area}`);
    // The page works after it: its login form takes what is typed.
    const identifier = page.getByTestId(`${area}-login-form`).locator('input[name="identifier"]');
    await identifier.fill("someone@example.test");
    await expect(identifier).toHaveValue("someone@example.test");
  }
  expect(errors).toEqual([]);
});
