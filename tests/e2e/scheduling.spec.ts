import { dragByMouse } from "./support/drag";
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { addQuestion } from "~/modules/assessments/questions.server";
import { addSession } from "~/modules/assessments/sessions.server";
import { addCompany } from "~/modules/databases/companies.server";
import { addLocation } from "~/modules/databases/locations.server";
import { addParticipant } from "~/modules/databases/participants.server";
import { demoStaffAccount } from "./support/accounts";
import { staffCtx } from "./support/seed";
import { loginAsStaff } from "./support/login";
import { mailsTo, waitForCode } from "./support/outbox";

// Scheduling through the real screens: plan a session with three participants, assign and adjust
// the order, then a new person signs up with the session's code in a second browser context.

// Every name is unique to this run, so the spec picks only what it created: it passes alone, after
// the other specs, and in any order.
const RUN = randomUUID().replace(/-/g, "").slice(0, 6).toUpperCase();
const EVALS = ["Lifting", "Rigging", "Signals"].map((name) => `${name} E2E ${RUN}`);
const TEMPLATE = `Crane E2E ${RUN}`;
const LOCATION = `Harbour Hall E2E ${RUN}`;
const COMPANY = `Dock Crew E2E ${RUN}`;
const PREFIX = `C${RUN}`;
const REF = `${PREFIX}203005060001`;
const NEWCOMER = `Dana Newcomer ${RUN}`;
const NEWCOMER_EMAIL = `dana-${RUN.toLowerCase()}@newcomer.test`;

/** A session template with three evaluations, a location and three participants in the demo tenant. */
async function seed(): Promise<{ evaluationIds: string[]; people: string[] }> {
  const ctx = await staffCtx();
  const people = ["Ann", "Bob", "Cid"].map((name) => `${name} Sched ${RUN}`);
  const emailOf = (name: string) => `${name.split(" ")[0]!.toLowerCase()}-${RUN.toLowerCase()}@sched.test`;
  // Cid works for Dock Crew E2E: he is added with his company.
  const company = await addCompany(ctx, { name: COMPANY, address: { city: "Ghent" } });
  // The first evaluation has one question: the session overview shows its time and points.
  const question = await addQuestion(ctx, {
    name: "Hook check E2E",
    maxTime: 90,
    steps: [
      {
        key: "hook",
        type: "TEXT",
        question: [{ type: "text", html: "<p>Is the safety latch closed?</p>" }],
        answer: { textValue: "yes" },
        score: 5,
      },
    ],
  });
  const evaluationIds: string[] = [];
  for (const [i, name] of EVALS.entries()) {
    const questions = i === 0 ? [question._id] : [];
    evaluationIds.push((await addEvaluation(ctx, { name, questions, options: { enableTimer: false } }))._id);
  }
  await addSession(ctx, { name: TEMPLATE, evaluations: evaluationIds, passPercentage: 70, referenceFormat: PREFIX });
  await addLocation(ctx, {
    name: LOCATION,
    address: { line1: "Quay 1", city: "Antwerp", postal: "2000", country: "BE" },
  });
  for (const [i, name] of people.entries())
    await addParticipant(ctx, { name, email: emailOf(name), company: i === 2 ? company._id : null });
  return { evaluationIds, people };
}

test("plans a session, orders its participants, and a new person signs up with the code", async ({ page, browser }) => {
  // A long story through many screens: on a shared two-core machine it comes close to the default minute.
  test.setTimeout(120_000);
  const { evaluationIds, people } = await seed();
  await loginAsStaff(page, await demoStaffAccount("scheduler@demo.test", "Sam Scheduler", "ORGANIZATION_WRITER"));

  // Plan: template, date, place, three participants one by one.
  await page.goto("/admin/scheduledsessions");
  await page.getByTestId("plan-new").click();
  await expect(page).toHaveURL(/\/admin\/scheduledsessions\/plan$/);
  const form = page.getByTestId("plan-form");
  // The template is searched and chosen by keyboard; Enter chooses and does not save the form.
  const template = form.getByRole("combobox", { name: "Session *" });
  // Enter while the new search is still loading must not pick from the previous query's options.
  const templates = page.getByRole("listbox", { name: "Session" });
  await template.focus();
  await expect(templates.getByRole("option").first()).toBeVisible();
  await template.fill(TEMPLATE.toLowerCase());
  await template.press("Enter");
  await expect(form.locator('input[name="session"]')).toHaveValue("");
  await expect(template).toHaveValue(TEMPLATE.toLowerCase());
  // The list says when it answers what is typed; then Enter chooses.
  await expect(templates).toHaveAttribute("aria-busy", "false");
  await expect(templates.getByRole("option")).toHaveCount(1);
  await expect(templates.getByRole("option", { name: new RegExp(TEMPLATE) })).toContainText("3 evaluations");
  await template.press("ArrowDown");
  await template.press("Enter");
  await expect(template).toHaveValue(TEMPLATE);
  await expect(form.locator('input[name="session"]')).not.toHaveValue("");
  // Before planning, the session overview shows what the template holds, with times and points.
  await form.getByRole("button", { name: "Session overview" }).click();
  const templateOverview = page.getByRole("dialog", { name: `Overview of ${TEMPLATE}` });
  await expect(templateOverview.getByTestId("template-overview-totals")).toHaveText(
    "3 evaluations · 1 min 30 s · 5 points · pass mark 70%",
  );
  await expect(templateOverview.getByRole("listitem").filter({ hasText: "Lifting E2E" }).first()).toContainText(
    "Hook check E2E",
  );
  await expect(templateOverview.getByRole("listitem").filter({ hasText: "Hook check E2E" }).last()).toContainText(
    "1 min 30 s · 5 points",
  );
  await expect(templateOverview).toContainText("Rigging E2E");
  await templateOverview.getByRole("button", { name: "Close" }).click();
  await expect(templateOverview).toBeHidden();
  await form.locator('input[name="datetime"]').fill("2030-05-06T09:30");
  // The location by mouse, told apart by its address.
  await form.getByRole("combobox", { name: "Location" }).fill(LOCATION.toLowerCase());
  await page.getByRole("option", { name: new RegExp(LOCATION) }).click();
  await expect(form.getByRole("combobox", { name: "Location" })).toHaveValue(LOCATION);
  // Found by searching the organisation's participants on the server: the first by keyboard (Enter
  // adds the highlighted one and does not save the form), the second by mouse.
  const search = page.getByTestId("participant-search");
  await search.fill(people[0]!);
  await expect(
    page.getByTestId("participant-results").getByRole("option", { name: new RegExp(people[0]!) }),
  ).toBeVisible();
  await search.press("Enter");
  await expect(page.getByTestId("chosen-participants")).toContainText(people[0]!);
  await search.fill(people[1]!);
  await page
    .getByTestId("participant-results")
    .getByRole("option", { name: new RegExp(people[1]!) })
    .click();
  await expect(
    page.getByTestId("participant-results").getByRole("option", { name: new RegExp(people[1]!) }),
  ).toHaveAttribute("aria-disabled", "true");
  // The third comes with his company, found by searching the companies.
  await form.getByRole("combobox", { name: "Add everyone of a company" }).fill(COMPANY.toLowerCase());
  await page.getByRole("option", { name: new RegExp(COMPANY) }).click();
  await form.getByRole("button", { name: "Add company" }).click();
  await expect(page.getByTestId("chosen-participants")).toContainText(people[2]!);
  await expect(form.getByRole("combobox", { name: "Add everyone of a company" })).toHaveValue("");
  await expect(page).toHaveURL(/\/admin\/scheduledsessions\/plan$/);
  await expect(page.getByTestId("chosen-participants").locator("li")).toHaveCount(3);
  // Going back before saving asks first.
  await page.getByRole("link", { name: "Back" }).click();
  await page
    .getByRole("alertdialog", { name: "Leave without saving?" })
    .getByRole("button", { name: "Stay and keep editing" })
    .click();
  await expect(page.getByTestId("chosen-participants").locator("li")).toHaveCount(3);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const saved = page.getByTestId("saved");
  await expect(saved).toContainText(`Reference ${REF}`);
  const code = /login code ([23456789A-Z]{6,8})/.exec((await saved.textContent()) ?? "")?.[1];
  expect(code).toBeTruthy();
  // The saved session shows its template and place by name.
  await expect(form.getByRole("combobox", { name: "Session *" })).toHaveValue(TEMPLATE);
  await expect(form.getByRole("combobox", { name: "Location" })).toHaveValue(LOCATION);

  // The list, filtered by the template, shows it; the overview lists its three participants.
  await page.goto("/admin/scheduledsessions");
  await page.getByRole("combobox", { name: "Session" }).fill(TEMPLATE);
  await page.getByRole("option", { name: new RegExp(TEMPLATE) }).click();
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/session=/);
  await expect(page.getByRole("combobox", { name: "Session" })).toHaveValue(TEMPLATE);
  const row = page.getByTestId(`row-${REF}`);
  await expect(row).toContainText(TEMPLATE);
  await expect(row).toContainText(LOCATION);
  await expect(row).toContainText("3");
  await row.getByRole("link", { name: "Open" }).click();
  const overview = page.getByTestId("overview");
  await expect(overview).toBeVisible();
  for (const name of people) await expect(overview).toContainText(name);
  await overview.getByRole("link", { name: "Order" }).click();

  // Order grid: assign automatically (no clash), drag to create a clash, fix it with the keyboard.
  await expect(page.getByTestId("order-grid")).toBeVisible();
  // A clash is explained on the screen, next to the count.
  await expect(page.getByTestId("clash-legend")).toContainText(
    "Clash (red cell): more participants take the same evaluation at the same position than the 1 allowed",
  );
  // Assigning automatically asks first, because it replaces every order.
  await page.getByTestId("auto-assign").click();
  const replace = page.getByRole("alertdialog", { name: "Replace the order?" });
  await expect(replace).toContainText("replaces the order of all 3 participants, including changes made by hand");
  await replace.getByRole("button", { name: "Replace the order" }).click();
  await expect(page.getByText("The order is assigned.")).toBeVisible();
  await expect(page.getByTestId("clash-count")).toHaveText("No clashes");
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-evaluation", evaluationIds[0]!);
  await expect(page.getByTestId("cell-1-0")).toHaveAttribute("data-evaluation", evaluationIds[1]!);

  await dragByMouse(page, page.getByTestId("handle-0-0"), page.getByTestId("cell-0-1"));
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-evaluation", evaluationIds[1]!);
  await expect(page.getByTestId("cell-0-1")).toHaveAttribute("data-evaluation", evaluationIds[0]!);
  await expect(page.getByTestId("clash-count")).toContainText("clashes");
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-clash", "true");
  await expect(page.getByText("The order is saved.")).toBeVisible();

  const moveRight = page.getByRole("button", { name: `Move ${EVALS[1]} later for ${people[0]}` });
  await moveRight.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("clash-count")).toHaveText("No clashes");
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-evaluation", evaluationIds[0]!);

  // The order is stored: after a reload the adjusted grid is still there.
  await dragByMouse(page, page.getByTestId("handle-2-0"), page.getByTestId("cell-2-2"));
  await expect(page.getByTestId("cell-2-0")).toHaveAttribute("data-evaluation", evaluationIds[1]!);
  await expect(page.getByTestId("clash-count")).toContainText("clashes");
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByTestId("cell-2-0")).toHaveAttribute("data-evaluation", evaluationIds[1]!);
  await expect(page.getByTestId("cell-2-2")).toHaveAttribute("data-evaluation", evaluationIds[2]!);
  // Keeping the order when asked changes nothing.
  await page.getByTestId("auto-assign").click();
  await page
    .getByRole("alertdialog", { name: "Replace the order?" })
    .getByRole("button", { name: "Keep the current order" })
    .click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(page.getByTestId("cell-2-0")).toHaveAttribute("data-evaluation", evaluationIds[1]!);

  // A new person signs up in another browser context with a one-time code.
  const context = await browser.newContext({ locale: "en-US" });
  const visitor = await context.newPage();
  await visitor.goto(`/user/signup/${code}?tenant=demo`);
  await expect(visitor.getByTestId("signup-session-name")).toHaveText(TEMPLATE);
  await expect(visitor.getByTestId("signup-session")).toContainText(LOCATION);
  await expect(visitor.getByTestId("signup-session")).toContainText("2030");
  const details = visitor.getByTestId("signup-details");
  await details.getByLabel("Name").fill(NEWCOMER);
  await details.getByLabel("E-mail").fill(NEWCOMER_EMAIL);
  const since = Date.now() - 50;
  await details.getByRole("button", { name: "Send me a code" }).click();
  const otp = await waitForCode(NEWCOMER_EMAIL, since);
  const codeForm = visitor.getByTestId("signup-code");
  await codeForm.getByLabel("One-time code").fill(otp);
  await codeForm.getByRole("button", { name: "Sign up" }).click();
  await expect(visitor).toHaveURL(/\/user(\?|$)/);
  await expect(visitor.getByTestId("participant-welcome")).toContainText(NEWCOMER);
  await expect(visitor.getByTestId("signed-up")).toHaveText("You are signed up. The session is in your list below.");
  const upcoming = visitor.getByTestId("my-upcoming");
  await expect(upcoming).toContainText(TEMPLATE);
  await expect(upcoming).toContainText(LOCATION);
  await expect(upcoming).toContainText(REF);
  // Signed in, the sign-up link without ?tenant= does not ask for the organisation.
  await visitor.goto(`/user/signup/${code}`);
  await expect(visitor.getByTestId("signup-session-name")).toHaveText(TEMPLATE);
  await expect(visitor.getByLabel("Organisation (short name)")).toHaveCount(0);
  await context.close();

  // Staff sees the fourth participant.
  await page.goto("/admin/scheduledsessions");
  await expect(page.getByTestId(`row-${REF}`)).toContainText("4");

  // The admin home lists it among the next sessions, or, when other specs' sessions of today fill
  // its five rows (the demo organisation is shared), leads to all upcoming ones, latest first.
  await page.goto("/admin");
  const nextSessions = page.getByTestId("dashboard-upcoming");
  await expect(nextSessions).toBeVisible();
  if ((await nextSessions.getByText(TEMPLATE).count()) > 0) {
    await expect(nextSessions).toContainText("4 participants");
  } else {
    await nextSessions.getByRole("link", { name: /upcoming sessions/ }).click();
    await expect(page.getByTestId(`row-${REF}`)).toContainText("4");
  }

  // Cancel, then remove: each asked once more; the removal lists the entries that go with it.
  await page.goto("/admin/scheduledsessions");
  await page.getByTestId(`row-${REF}`).getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Cancel session" }).click();
  const cancelDialog = page.getByRole("alertdialog", { name: `Cancel session ${REF}?` });
  await cancelDialog.getByRole("button", { name: "Keep the session" }).click();
  await expect(cancelDialog).toBeHidden();
  const cancelledAt = Date.now() - 50;
  await page.getByRole("button", { name: "Cancel session" }).click();
  await cancelDialog.getByRole("button", { name: "Cancel the session" }).click();
  await expect(page.getByText("The session is canceled.")).toBeVisible();
  await expect(page.getByText("4 participants were told by e-mail.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel session" })).toHaveCount(0);
  // The sign-up page says the session was cancelled.
  const late = await browser.newContext({ locale: "en-US" });
  const latePage = await late.newPage();
  await latePage.goto(`/user/signup/${code}?tenant=demo`);
  await expect(latePage.getByTestId("signup-canceled")).toHaveText(
    `The session ${TEMPLATE} was cancelled: you cannot sign up for it.`,
  );
  await late.close();
  // Each participant got the cancellation with a calendar cancel; the dashboard no longer counts it.
  const [cancellation] = await mailsTo(`ann-${RUN.toLowerCase()}@sched.test`, cancelledAt);
  expect(cancellation?.subject).toMatch(new RegExp(`^Cancelled: ${TEMPLATE} on `));
  expect(cancellation?.attachments).toEqual([`${REF}.ics`]);
  await page.goto("/admin");
  await expect(page.getByTestId("dashboard-upcoming")).not.toContainText(TEMPLATE);
  await page.goto("/admin/scheduledsessions");
  await page.getByTestId(`row-${REF}`).getByRole("link", { name: "Edit" }).click();

  await page.getByRole("button", { name: "Remove session" }).click();
  const removeDialog = page.getByRole("alertdialog", { name: `Remove session ${REF}?` });
  await expect(removeDialog).toContainText("The entries of its 4 participants go with it.");
  await removeDialog.getByRole("button", { name: "Remove session" }).click();
  const references = removeDialog.getByTestId("remove-confirmation");
  for (const name of [...people, NEWCOMER]) await expect(references).toContainText(name);
  await removeDialog.getByRole("button", { name: "Remove all" }).click();
  await expect(page).toHaveURL(/\/admin\/scheduledsessions\?removed=1/);
  await expect(page.getByTestId("removed")).toHaveText("The session is removed.");
  await expect(page.getByTestId(`row-${REF}`)).toHaveCount(0);
});
