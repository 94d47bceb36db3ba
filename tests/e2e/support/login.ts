import { expect, type Page } from "@playwright/test";
import { waitForCode } from "./outbox";
import { signIn, type Account } from "./session";

export type { Account };

export const DEMO_STAFF: Account = { tenant: "demo", email: "admin@demo.test" };
export const DEMO_PARTICIPANT: Account = { tenant: "demo", email: "participant@demo.test" };

// Two ways in. `loginAsStaff`/`loginAsParticipant` open a server-side session directly
// (session.ts) and load the area: what every spec that is not about login uses. The one-time-code
// screens (`signInThroughScreens`, `requestCode`, `enterCode`) are for the specs that test login.

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

/** Signs in through the login screens with the mailed code, and waits for the area's first screen. */
export async function signInThroughScreens(page: Page, area: "admin" | "user", who: Account) {
  await page.goto(`/${area}`);
  await enterCode(page, area, await requestCode(page, area, who));
  await expectSignedIn(page, area);
}

/**
 * Waits until React has hydrated the page: it marks every node it hydrated with its fiber, and the
 * document commits in one piece. Before that the server's HTML shows but a click submits the plain
 * form (or does nothing).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")));
}

async function expectSignedIn(page: Page, area: "admin" | "user") {
  if (area === "admin") {
    await expect(page.getByTestId("organization-name")).toBeVisible();
    await expect(page.getByTestId("user-menu")).toBeVisible();
  } else {
    await expect(page.getByTestId("participant-welcome")).toBeVisible();
  }
  await waitForHydration(page);
}

/** Signs a staff member in (a server-side session, no login screens) and waits for the admin shell. */
export async function loginAsStaff(page: Page, who: Account = DEMO_STAFF) {
  await signIn(page.context(), "admin", who);
  await page.goto("/admin");
  await expectSignedIn(page, "admin");
}

/** Signs a participant in (a server-side session, no login screens) and waits for the welcome. */
export async function loginAsParticipant(page: Page, who: Account = DEMO_PARTICIPANT) {
  await signIn(page.context(), "user", who);
  await page.goto("/user");
  await expectSignedIn(page, "user");
}
