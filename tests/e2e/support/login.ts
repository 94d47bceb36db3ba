import { expect, type Page } from "@playwright/test";
import { waitForCode } from "./outbox";

export type Account = { tenant: string; email: string };

export const DEMO_STAFF: Account = { tenant: "demo", email: "admin@demo.test" };
export const DEMO_PARTICIPANT: Account = { tenant: "demo", email: "participant@demo.test" };

/**
 * Fills in step 1 of the one-time-code form of /admin or /user and waits for step 2. Returns the
 * code from the outbox. The page must show the login form.
 */
export async function requestCode(page: Page, area: "admin" | "user", who: Account): Promise<string> {
  const form = page.getByTestId(`${area}-login-form`);
  await form.locator('input[name="tenant"]').fill(who.tenant);
  await form.locator('input[name="identifier"]').fill(who.email);
  // Outbox file times have millisecond precision at best; allow for clock granularity.
  const since = Date.now() - 50;
  await form.locator('button[type="submit"][value="request-code"]').click();
  await expect(page.getByTestId(`${area}-code-form`)).toBeVisible();
  return waitForCode(who.email, since);
}

/** Step 2: types the code and signs in. */
export async function enterCode(page: Page, area: "admin" | "user", code: string) {
  const codeForm = page.getByTestId(`${area}-code-form`);
  await codeForm.locator('input[name="code"]').fill(code);
  await codeForm.locator('button[type="submit"][value="verify-code"]').click();
}

/** Signs a staff member in through /admin and waits for the admin shell. */
export async function loginAsStaff(page: Page, who: Account = DEMO_STAFF) {
  await page.goto("/admin");
  await enterCode(page, "admin", await requestCode(page, "admin", who));
  await expect(page.getByTestId("organization-name")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toBeVisible();
}

/** Signs a participant in through /user and waits for the welcome. */
export async function loginAsParticipant(page: Page, who: Account = DEMO_PARTICIPANT) {
  await page.goto("/user");
  await enterCode(page, "user", await requestCode(page, "user", who));
  await expect(page.getByTestId("participant-welcome")).toBeVisible();
}
