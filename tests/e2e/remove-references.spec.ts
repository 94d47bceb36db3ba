import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { demoDatabase, demoStaffAccount } from "./support/accounts";
import { loginAsStaff } from "./support/login";

// A removal refused because something still uses the object names what uses it in the reader's
// language (never the API's type name such as "ScheduledSession") and links to it.

async function seedUsedTemplate(name: string, reference: string): Promise<{ scheduledId: string }> {
  const db = demoDatabase();
  try {
    await db.execute("PRAGMA busy_timeout = 5000");
    const owner = (await db.execute("SELECT id FROM staff_users WHERE email = 'admin@demo.test'")).rows[0]!
      .id as string;
    const ws = (await db.execute("SELECT id FROM workspaces WHERE workspace_type = 'ORGANIZATION'")).rows[0]!
      .id as string;
    const now = Date.now();
    const template = randomUUID();
    const scheduledId = randomUUID();
    await db.batch([
      {
        sql: `INSERT INTO session_templates (id, created_at, updated_at, rev, workspace_id, owner_type, owner_user_id, visibility, name, name_lower, category_ids, evaluation_ids, pass_percentage, reference_format)
              VALUES (?, ?, ?, 1, ?, 'ORGANIZATION', ?, 'ORGANIZATION', ?, ?, '[]', '[]', 70, 'REF')`,
        args: [template, now, now, ws, owner, name, name.toLowerCase()],
      },
      {
        sql: `INSERT INTO scheduled_sessions (id, created_at, updated_at, rev, workspace_id, session_template_id, datetime, reference, status, login_code, options)
              VALUES (?, ?, ?, 1, ?, ?, ?, ?, 'SCHEDULED', ?, '{}')`,
        args: [
          scheduledId,
          now,
          now,
          ws,
          template,
          Date.UTC(2031, 0, 15, 8),
          reference,
          `R${Date.now().toString(36).toUpperCase().slice(-7)}`,
        ],
      },
    ]);
    return { scheduledId };
  } finally {
    db.close();
  }
}

for (const { lng, kind, removeLabel } of [
  { lng: "en-us", kind: "(scheduled session)", removeLabel: "Remove" },
  { lng: "nl-nl", kind: "(geplande sessie)", removeLabel: "Verwijderen" },
]) {
  test(`a refused template removal links to the scheduled session that uses it (${lng})`, async ({ page }) => {
    const run = Date.now().toString(36);
    const name = `Used template ${run}`;
    const reference = `REF2031${run.slice(-6).toUpperCase()}`;
    const { scheduledId } = await seedUsedTemplate(name, reference);
    await loginAsStaff(
      page,
      await demoStaffAccount(`refs-${lng}@demo.test`, "Rita References", "ORGANIZATION_MANAGER"),
    );
    await page.goto(`/admin/assessments/sessions?q=${encodeURIComponent(name)}&lng=${lng}`);
    const item = page.getByRole("listitem").filter({ hasText: name });
    const dialog = page.getByRole("dialog");
    // A click before the page has hydrated opens nothing: click until the dialog is there.
    await expect(async () => {
      await item.getByRole("button", { name: removeLabel }).click();
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await dialog.getByRole("button", { name: removeLabel }).click();
    const references = dialog.getByTestId("references");
    await expect(references).toContainText(`${reference} ${kind}`);
    await expect(references).not.toContainText("ScheduledSession");
    await expect(references.getByRole("link", { name: reference })).toHaveAttribute(
      "href",
      `/admin/scheduledsessions?overview=${scheduledId}`,
    );
  });
}
