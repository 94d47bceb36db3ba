import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { demoDatabase, demoStaffAccount } from "./support/accounts";
import { loginAsStaff } from "./support/login";
import { mailsTo, waitForCode } from "./support/outbox";

// Scheduling through the real screens: plan a session with three participants, assign and adjust
// the order, then a new person signs up with the session's code in a second browser context.

const EVALS = ["Lifting E2E", "Rigging E2E", "Signals E2E"];

/** A session template with three evaluations, a location and three participants in the demo tenant. */
async function seed(): Promise<{ evaluationIds: string[]; people: string[] }> {
  const db = demoDatabase();
  await db.execute("PRAGMA busy_timeout = 5000");
  const owner = (await db.execute("SELECT id FROM staff_users WHERE email = 'admin@demo.test'")).rows[0]!.id as string;
  const ws = (await db.execute("SELECT id FROM workspaces WHERE workspace_type = 'ORGANIZATION'")).rows[0]!.id as string;
  const now = Date.now();
  const evaluationIds = EVALS.map(() => randomUUID());
  const people = ["Ann Sched", "Bob Sched", "Cid Sched"];
  const company = randomUUID();
  const question = randomUUID();
  await db.batch([
    {
      // Cid works for Dock Crew E2E: he is added with his company.
      sql: `INSERT INTO companies (id, created_at, updated_at, rev, workspace_id, name, name_lower, address_city) VALUES (?, ?, ?, 1, ?, 'Dock Crew E2E', 'dock crew e2e', 'Ghent')`,
      args: [company, now, now, ws],
    },
    {
      // The first evaluation has one question: the session overview shows its time and points.
      sql: `INSERT INTO questions (id, created_at, updated_at, rev, workspace_id, owner_type, owner_user_id, visibility, name, name_lower, max_time, category_ids, supply_ids, preparation_info, steps, total_score)
            VALUES (?, ?, ?, 1, ?, 'ORGANIZATION', ?, 'ORGANIZATION', 'Hook check E2E', 'hook check e2e', 90, '[]', '[]', '[]', '[]', 5)`,
      args: [question, now, now, ws, owner],
    },
    ...EVALS.map((name, i) => ({
      sql: `INSERT INTO evaluations (id, created_at, updated_at, rev, workspace_id, owner_type, owner_user_id, visibility, name, name_lower, category_ids, question_ids, enable_timer)
            VALUES (?, ?, ?, 1, ?, 'ORGANIZATION', ?, 'ORGANIZATION', ?, ?, '[]', ?, 0)`,
      args: [evaluationIds[i]!, now, now, ws, owner, name, name.toLowerCase(), i === 0 ? JSON.stringify([question]) : "[]"],
    })),
    {
      sql: `INSERT INTO session_templates (id, created_at, updated_at, rev, workspace_id, owner_type, owner_user_id, visibility, name, name_lower, category_ids, evaluation_ids, pass_percentage, reference_format)
            VALUES (?, ?, ?, 1, ?, 'ORGANIZATION', ?, 'ORGANIZATION', 'Crane E2E', 'crane e2e', '[]', ?, 70, 'CRN')`,
      args: [randomUUID(), now, now, ws, owner, JSON.stringify(evaluationIds)],
    },
    {
      sql: `INSERT INTO locations (id, created_at, updated_at, rev, workspace_id, name, name_lower, address_line1, address_city, address_postal, address_country)
            VALUES (?, ?, ?, 1, ?, 'Harbour Hall E2E', 'harbour hall e2e', 'Quay 1', 'Antwerp', '2000', 'BE')`,
      args: [randomUUID(), now, now, ws],
    },
    ...people.map((name, i) => ({
      sql: `INSERT INTO participants (id, created_at, updated_at, rev, workspace_id, name, email, name_lower, email_lower, company_id) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
      args: [randomUUID(), now, now, ws, name, `${name.split(" ")[0]!.toLowerCase()}@sched.test`, name.toLowerCase(), `${name.split(" ")[0]!.toLowerCase()}@sched.test`, i === 2 ? company : null],
    })),
  ]);
  db.close();
  return { evaluationIds, people };
}

test("plans a session, orders its participants, and a new person signs up with the code", async ({ page, browser }) => {
  const { evaluationIds, people } = await seed();
  await loginAsStaff(page, await demoStaffAccount("scheduler@demo.test", "Sam Scheduler", "ORGANIZATION_WRITER"));

  // Plan: template, date, place, three participants one by one.
  await page.goto("/admin/scheduledsessions");
  await page.getByTestId("plan-new").click();
  await expect(page).toHaveURL(/\/admin\/scheduledsessions\/plan$/);
  const form = page.getByTestId("plan-form");
  // The template is searched and chosen by keyboard; Enter chooses and does not save the form.
  const template = form.getByRole("combobox", { name: "Session *" });
  await template.fill("crane e2");
  await expect(page.getByRole("option", { name: /Crane E2E/ })).toContainText("3 evaluations");
  await template.press("ArrowDown");
  await template.press("Enter");
  await expect(template).toHaveValue("Crane E2E");
  await expect(form.locator('input[name="session"]')).not.toHaveValue("");
  // Before planning, the session overview shows what the template holds, with times and points.
  await form.getByRole("button", { name: "Session overview" }).click();
  const templateOverview = page.getByRole("dialog", { name: "Overview of Crane E2E" });
  await expect(templateOverview.getByTestId("template-overview-totals")).toHaveText("3 evaluations · 1 min 30 s · 5 points · pass mark 70%");
  await expect(templateOverview.getByRole("listitem").filter({ hasText: "Lifting E2E" }).first()).toContainText("Hook check E2E");
  await expect(templateOverview.getByRole("listitem").filter({ hasText: "Hook check E2E" }).last()).toContainText("1 min 30 s · 5 points");
  await expect(templateOverview).toContainText("Rigging E2E");
  await templateOverview.getByRole("button", { name: "Close" }).click();
  await expect(templateOverview).toBeHidden();
  await form.locator('input[name="datetime"]').fill("2030-05-06T09:30");
  // The location by mouse, told apart by its address.
  await form.getByRole("combobox", { name: "Location" }).fill("harbour");
  await page.getByRole("option", { name: /Harbour Hall E2E/ }).click();
  await expect(form.getByRole("combobox", { name: "Location" })).toHaveValue("Harbour Hall E2E");
  // Found by searching the organisation's participants on the server; Enter must not save the form.
  for (const name of people.slice(0, 2)) {
    await page.getByTestId("participant-search").fill(name);
    await page.getByTestId("participant-search").press("Enter");
    await page.getByTestId("participant-results").getByRole("button", { name: `Add ${name}` }).click();
  }
  await expect(page.getByTestId("participant-results").getByRole("button", { name: `${people[1]} is in the session` })).toBeDisabled();
  // The third comes with his company, found by searching the companies.
  await form.getByRole("combobox", { name: "Add everyone of a company" }).fill("dock");
  await page.getByRole("option", { name: /Dock Crew E2E/ }).click();
  await form.getByRole("button", { name: "Add company" }).click();
  await expect(page.getByTestId("chosen-participants")).toContainText(people[2]!);
  await expect(form.getByRole("combobox", { name: "Add everyone of a company" })).toHaveValue("");
  await expect(page).toHaveURL(/\/admin\/scheduledsessions\/plan$/);
  await expect(page.getByTestId("chosen-participants").locator("li")).toHaveCount(3);
  // Going back before saving asks first.
  await page.getByRole("link", { name: "Back" }).click();
  await page.getByRole("alertdialog", { name: "Leave without saving?" }).getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(page.getByTestId("chosen-participants").locator("li")).toHaveCount(3);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const saved = page.getByTestId("saved");
  await expect(saved).toContainText("Reference CRN203005060001");
  const code = /login code ([23456789A-Z]{6,8})/.exec((await saved.textContent()) ?? "")?.[1];
  expect(code).toBeTruthy();
  // The saved session shows its template and place by name.
  await expect(form.getByRole("combobox", { name: "Session *" })).toHaveValue("Crane E2E");
  await expect(form.getByRole("combobox", { name: "Location" })).toHaveValue("Harbour Hall E2E");

  // The list, filtered by the template, shows it; the overview lists its three participants.
  await page.goto("/admin/scheduledsessions");
  await page.getByRole("combobox", { name: "Session" }).fill("Crane E2E");
  await page.getByRole("option", { name: /Crane E2E/ }).click();
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/session=/);
  await expect(page.getByRole("combobox", { name: "Session" })).toHaveValue("Crane E2E");
  const row = page.getByTestId("row-CRN203005060001");
  await expect(row).toContainText("Crane E2E");
  await expect(row).toContainText("Harbour Hall E2E");
  await expect(row).toContainText("3");
  await row.getByRole("link", { name: "Open" }).click();
  const overview = page.getByTestId("overview");
  await expect(overview).toBeVisible();
  for (const name of people) await expect(overview).toContainText(name);
  await overview.getByRole("link", { name: "Order" }).click();

  // Order grid: assign automatically (no clash), drag to create a clash, fix it with the keyboard.
  await expect(page.getByTestId("order-grid")).toBeVisible();
  // A clash is explained on the screen, next to the count.
  await expect(page.getByTestId("clash-legend")).toContainText("Clash (red cell): more participants take the same evaluation at the same position than the 1 allowed");
  // Assigning automatically asks first, because it replaces every order.
  await page.getByTestId("auto-assign").click();
  const replace = page.getByRole("alertdialog", { name: "Replace the order?" });
  await expect(replace).toContainText("replaces the order of all 3 participants, including changes made by hand");
  await replace.getByRole("button", { name: "Replace the order" }).click();
  await expect(page.getByText("The order is assigned.")).toBeVisible();
  await expect(page.getByTestId("clash-count")).toHaveText("No clashes");
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-evaluation", evaluationIds[0]!);
  await expect(page.getByTestId("cell-1-0")).toHaveAttribute("data-evaluation", evaluationIds[1]!);

  await page.getByTestId("cell-0-0").dragTo(page.getByTestId("cell-0-1"));
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-evaluation", evaluationIds[1]!);
  await expect(page.getByTestId("cell-0-1")).toHaveAttribute("data-evaluation", evaluationIds[0]!);
  await expect(page.getByTestId("clash-count")).toContainText("clashes");
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-clash", "true");
  await expect(page.getByText("The order is saved.")).toBeVisible();

  const moveRight = page.getByRole("button", { name: "Move Rigging E2E later for Ann Sched" });
  await moveRight.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("clash-count")).toHaveText("No clashes");
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-evaluation", evaluationIds[0]!);

  // The order is stored: after a reload the adjusted grid is still there.
  await page.getByTestId("cell-2-0").dragTo(page.getByTestId("cell-2-2"));
  await expect(page.getByTestId("cell-2-0")).toHaveAttribute("data-evaluation", evaluationIds[1]!);
  await expect(page.getByTestId("clash-count")).toContainText("clashes");
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.getByTestId("cell-2-0")).toHaveAttribute("data-evaluation", evaluationIds[1]!);
  await expect(page.getByTestId("cell-2-2")).toHaveAttribute("data-evaluation", evaluationIds[2]!);
  // Keeping the order when asked changes nothing.
  await page.getByTestId("auto-assign").click();
  await page.getByRole("alertdialog", { name: "Replace the order?" }).getByRole("button", { name: "Keep the current order" }).click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(page.getByTestId("cell-2-0")).toHaveAttribute("data-evaluation", evaluationIds[1]!);

  // A new person signs up in another browser context with a one-time code.
  const context = await browser.newContext({ locale: "en-US" });
  const visitor = await context.newPage();
  await visitor.goto(`/user/signup/${code}?tenant=demo`);
  await expect(visitor.getByTestId("signup-session-name")).toHaveText("Crane E2E");
  await expect(visitor.getByTestId("signup-session")).toContainText("Harbour Hall E2E");
  await expect(visitor.getByTestId("signup-session")).toContainText("2030");
  const details = visitor.getByTestId("signup-details");
  await details.getByLabel("Name").fill("Dana Newcomer");
  await details.getByLabel("E-mail").fill("dana@newcomer.test");
  const since = Date.now() - 50;
  await details.getByRole("button", { name: "Send me a code" }).click();
  const otp = await waitForCode("dana@newcomer.test", since);
  const codeForm = visitor.getByTestId("signup-code");
  await codeForm.getByLabel("One-time code").fill(otp);
  await codeForm.getByRole("button", { name: "Sign up" }).click();
  await expect(visitor).toHaveURL(/\/user(\?|$)/);
  await expect(visitor.getByTestId("participant-welcome")).toContainText("Dana Newcomer");
  await expect(visitor.getByTestId("signed-up")).toHaveText("You are signed up. The session is in your list below.");
  const upcoming = visitor.getByTestId("my-upcoming");
  await expect(upcoming).toContainText("Crane E2E");
  await expect(upcoming).toContainText("Harbour Hall E2E");
  await expect(upcoming).toContainText("CRN203005060001");
  // Signed in, the sign-up link without ?tenant= does not ask for the organisation.
  await visitor.goto(`/user/signup/${code}`);
  await expect(visitor.getByTestId("signup-session-name")).toHaveText("Crane E2E");
  await expect(visitor.getByLabel("Organisation (short name)")).toHaveCount(0);
  await context.close();

  // Staff sees the fourth participant.
  await page.goto("/admin/scheduledsessions");
  await expect(page.getByTestId("row-CRN203005060001")).toContainText("4");

  // The admin home lists it among the next sessions.
  await page.goto("/admin");
  await expect(page.getByTestId("dashboard-upcoming")).toContainText("Crane E2E");
  await expect(page.getByTestId("dashboard-upcoming")).toContainText("4 participants");

  // Cancel, then remove: each asked once more; the removal lists the entries that go with it.
  await page.goto("/admin/scheduledsessions");
  await page.getByTestId("row-CRN203005060001").getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Cancel session" }).click();
  const cancelDialog = page.getByRole("alertdialog", { name: "Cancel session CRN203005060001?" });
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
  await expect(latePage.getByTestId("signup-canceled")).toHaveText("The session Crane E2E was cancelled: you cannot sign up for it.");
  await late.close();
  // Each participant got the cancellation with a calendar cancel; the dashboard no longer counts it.
  const [cancellation] = await mailsTo("ann@sched.test", cancelledAt);
  expect(cancellation?.subject).toMatch(/^Cancelled: Crane E2E on /);
  expect(cancellation?.attachments).toEqual(["CRN203005060001.ics"]);
  await page.goto("/admin");
  await expect(page.getByTestId("dashboard-upcoming")).not.toContainText("Crane E2E");
  await page.goto("/admin/scheduledsessions");
  await page.getByTestId("row-CRN203005060001").getByRole("link", { name: "Edit" }).click();

  await page.getByRole("button", { name: "Remove session" }).click();
  const removeDialog = page.getByRole("alertdialog", { name: "Remove session CRN203005060001?" });
  await expect(removeDialog).toContainText("The entries of its 4 participants go with it.");
  await removeDialog.getByRole("button", { name: "Remove session" }).click();
  const references = removeDialog.getByTestId("remove-confirmation");
  for (const name of [...people, "Dana Newcomer"]) await expect(references).toContainText(name);
  await removeDialog.getByRole("button", { name: "Remove all" }).click();
  await expect(page).toHaveURL(/\/admin\/scheduledsessions\?removed=1/);
  await expect(page.getByTestId("removed")).toHaveText("The session is removed.");
  await expect(page.getByTestId("row-CRN203005060001")).toHaveCount(0);
});
