import { expect, test, type Page } from "./support/fixtures";
import { liveFixture, type LiveSetup } from "./support/live";
import { loginAsParticipant } from "./support/login";
import { staffCtx } from "./support/seed";
import { addSession } from "~/modules/assessments/index.server";
import {
  addCategory,
  addCompany,
  addContext,
  addLocation,
  addParticipant,
  addSupplyObject,
} from "~/modules/databases/index.server";
import { addScheduledSession } from "~/modules/scheduling/index.server";

// Issue 34, item 11: on a phone no admin list page scrolls sideways, whatever the organisation's
// names are. A filter's select is as wide as its longest option unless it may shrink, so every
// filter here has a long option, and every list a long name; what is wide (a table) scrolls inside
// its own frame, never the page.

const WIDTHS = [390, 320];
const LOCALES = ["en-us", "nl-nl", "fr-fr"];
const LIST_PAGES = [
  "/admin",
  "/admin/assessments",
  "/admin/assessments/questions",
  "/admin/assessments/evaluations",
  "/admin/assessments/sessions",
  "/admin/databases",
  "/admin/databases/categories",
  "/admin/databases/participants",
  "/admin/databases/companies",
  "/admin/databases/contexts",
  "/admin/databases/locations",
  "/admin/databases/supplies",
  "/admin/scheduledsessions",
  "/admin/scheduledsessions?view=week",
  "/admin/scheduledsessions?view=month",
  "/admin/reports",
  "/admin/reports/sessionreports",
  "/admin/reports/completedsessions",
  "/admin/exams",
  "/admin/usermanagement",
  // The editors with a bank to pick from: its rows' details are cut short, never widening the page.
  "/admin/assessments/evaluations/create",
  "/admin/assessments/sessions/create",
];

/** A name with words, far wider than a phone: what an organisation may well type. */
const long = (what: string, tag: string) =>
  `${what} ${tag} for the north-western regional training centre and its practical assessment hall`;

/** The page's width, and what sticks out past the window's right edge: the innermost elements, or text. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const edge = window.innerWidth + 1;
    const out = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > edge)
      .filter((el) => ![...el.children].some((child) => child.getBoundingClientRect().right > edge))
      .map((el) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 40)}"`);
    // Text wider than its box sticks out without its element doing so.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      range.selectNodeContents(node);
      if (range.getBoundingClientRect().right > edge)
        out.push(`text "${(node.textContent ?? "").trim().slice(0, 40)}"`);
    }
    return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, out: out.slice(0, 6) };
  });
}

test("no admin list page (nor a bank picker) scrolls sideways on a phone, with long names in its lists and filters", async ({
  page,
  login,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const tag = `phone${Date.now()}`;
  const data = liveFixture<LiveSetup>({}, "setup", `${baseURL}/favicon.svg`, tag);
  const ctx = await staffCtx();
  await addCategory(ctx, { name: long("Category", tag) });
  await addCompany(ctx, { name: long("Company", tag) });
  await addContext(ctx, { name: long("Context", tag) });
  await addLocation(ctx, {
    name: long("Location", tag),
    address: { line1: "1 Long Road", city: "Rotterdam", country: "Netherlands" },
  });
  await addSupplyObject(ctx, { name: long("Supply", tag) });
  await addParticipant(ctx, { name: long("Participant", tag), email: `${tag}@phone.test` });
  const template = await addSession(ctx, {
    name: long("Template", tag),
    evaluations: data.evaluations,
    passPercentage: 70,
    referenceFormat: "PHONE",
  });
  await addScheduledSession(ctx, {
    session: template._id,
    datetime: new Date(Date.now() + 24 * 3600_000).toISOString(),
    participants: [data.participant],
  });

  await login({ name: long("Manager", tag), role: "ORGANIZATION_MANAGER" });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    for (const locale of LOCALES)
      for (const path of LIST_PAGES) {
        const url = `${path}${path.includes("?") ? "&" : "?"}lng=${locale}`;
        await page.goto(url);
        await expect(page.locator("main")).toBeVisible();
        // The bank's rows come after the page: measured once they are there.
        if (path.endsWith("/create"))
          await expect(page.locator('[role="listbox"] [role="option"]').first()).toBeVisible();
        const { scroll, inner, out } = await sidewaysOverflow(page);
        expect
          .soft(scroll, `${url} is ${scroll}px wide in a ${inner}px window: ${out.join(", ")}`)
          .toBeLessThanOrEqual(inner);
      }
  }
});

test("the candidate's home on a phone: the organisation's name whole, nothing scrolls sideways", async ({
  page,
  baseURL,
}) => {
  const tag = `home${Date.now()}`;
  const data = liveFixture<LiveSetup>({}, "setup", `${baseURL}/favicon.svg`, tag);
  await loginAsParticipant(page, { tenant: "demo", email: data.email });
  for (const width of WIDTHS)
    for (const locale of LOCALES) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/user?lng=${locale}`);
      const name = page.getByTestId("organization-name");
      await expect(name).toHaveText("Demo Organisation");
      expect(
        await name.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1),
        `organisation name whole at ${width}px in ${locale}`,
      ).toBe(true);
      const { scroll, inner, out } = await sidewaysOverflow(page);
      expect
        .soft(scroll, `/user is ${scroll}px wide in a ${inner}px window: ${out.join(", ")}`)
        .toBeLessThanOrEqual(inner);
    }
});
