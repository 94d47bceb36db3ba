import { expect, test } from "./support/fixtures";
import { addSession } from "~/modules/assessments/sessions.server";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { demoStaffAccount } from "./support/accounts";
import { staffCtx } from "./support/seed";
import { loginAsStaff } from "./support/login";

// A removal refused because something still uses the object names what uses it in the reader's
// language (never the API's type name such as "ScheduledSession") and links to it.

/** A session template and a scheduled session of it; the session's reference is the product's own. */
async function seedUsedTemplate(name: string): Promise<{ scheduledId: string; reference: string }> {
  const ctx = await staffCtx();
  const template = await addSession(ctx, { name, passPercentage: 70, referenceFormat: "REF" });
  const scheduled = await addScheduledSession(ctx, {
    session: template._id,
    datetime: new Date(Date.UTC(2031, 0, 15, 8)),
  });
  return { scheduledId: scheduled._id, reference: scheduled.reference };
}

for (const { lng, kind, removeLabel } of [
  { lng: "en-us", kind: "(scheduled session)", removeLabel: "Remove" },
  { lng: "nl-nl", kind: "(geplande sessie)", removeLabel: "Verwijderen" },
]) {
  test(`a refused template removal links to the scheduled session that uses it (${lng})`, async ({ page }) => {
    const run = Date.now().toString(36);
    const name = `Used template ${run}`;
    const { scheduledId, reference } = await seedUsedTemplate(name);
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
