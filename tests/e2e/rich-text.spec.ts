import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { loginAsStaff } from "./support/login";

// The rich text field (TipTap) through the question editor: keyboard formatting, a link from the
// toolbar, an image from the asset store, and hostile HTML pasted in, cleaned in the browser and
// again by the server.

// A real 40x30 RGB PNG.
const PNG_40x30 =
  "iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAOElEQVR42mOQi1owIIhh1OJRi0ctppPFJ2w0yEajFo9aPGrxqMWjFo9aTBuLRxsCoxaPWjwELAYAlvk2rEGJlUgAAAAASUVORK5CYII=";

const HOSTILE_HTML =
  '<p style="color:red" onclick="alert(1)">Pasted <b>bold</b> text<script>window.__pwned = true</script>' +
  '<img src="x" onerror="window.__pwned = true"><a href="javascript:window.__pwned=true">bad link</a>' +
  '<iframe src="https://example.com"></iframe><span class="x">end</span></p>';

// Chromium reports the CSP refusing the hostile HTML's inline handlers as soon as it parses that
// HTML, even in the inert documents the sanitiser and the editor parse it in; the handler never
// runs (the test checks that no script did). Only that report is expected here.
test.use({
  expectedConsoleErrors: [/^Executing inline event handler violates the following Content Security Policy directive/],
});

/** Pastes HTML into the focused editor the way a browser does (a paste event with clipboard data). */
async function pasteHtml(box: Locator, html: string) {
  await box.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/html", pasted);
    data.setData("text/plain", "fallback");
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/** Lets the page run two frames: selectionchange and the editor's reaction to it come first. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

test("the rich text field formats by keyboard, links and images by toolbar, and cleans pasted HTML", async ({
  page,
}) => {
  const run = Date.now().toString(36);
  await loginAsStaff(page, await demoStaffAccount(`rich-${run}@demo.test`, "Rita Rich", "ORGANIZATION_WRITER"));
  await page.goto("/admin/assessments/questions/create");
  await page.getByLabel("Name", { exact: true }).fill(`E2E rich text ${run}`);
  await page.getByLabel("Time limit (seconds)").fill("60");

  const info = page.getByRole("group", { name: "Preparation info" });
  await info.getByRole("button", { name: "Add text" }).click();
  const box = page.getByRole("textbox", { name: "Preparation info" });
  await expect(box).toBeVisible();

  // Typing with Ctrl+B around a word makes it bold.
  await box.click();
  await box.pressSequentially("Check the ");
  await page.keyboard.press("Control+b");
  await box.pressSequentially("brakes");
  await page.keyboard.press("Control+b");
  await box.pressSequentially(" and read the manual");
  await expect(box.locator("strong")).toHaveText("brakes");
  await expect(page.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "false");

  // Select "manual" by keyboard and make it a link from the toolbar; a javascript: address is refused.
  for (let i = 0; i < "manual".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await page.getByRole("button", { name: "Link", exact: true }).click();
  const address = page.getByLabel("Web address of the link (https://…)");
  await address.fill("javascript:alert(1)");
  await expect(page.getByRole("button", { name: "Apply" })).toBeDisabled();
  await address.fill("https://example.com/manual");
  await address.press("Enter");
  await expect(box.locator('a[href="https://example.com/manual"]')).toHaveText("manual");
  await expect(box).toBeFocused();

  // A list by keyboard shortcut.
  await box.press("End");
  // The browser moves the caret for End; the editor learns of it from a later selectionchange. An
  // Enter sent before that would replace "manual", still selected in the editor's state.
  await nextFrames(page);
  await box.press("Enter");
  await page.keyboard.press("Control+Shift+8");
  await box.pressSequentially("tyres");
  await expect(box.locator("ul li")).toHaveText("tyres");

  // An image uploaded to the asset store, inserted where the cursor is.
  await page.getByRole("button", { name: "Image", exact: true }).click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-rich-")), "photo.png");
  fs.writeFileSync(file, Buffer.from(PNG_40x30, "base64"));
  await page.locator('input[type="file"][accept^="image/"]').first().setInputFiles(file);
  await expect(box.locator('img[src^="/api/assets/"]')).toHaveCount(1);
  await expect(box).toBeFocused();

  // Hostile HTML pasted in: the text and the bold survive; scripts, handlers, styles and bad links do not.
  await box.press("Control+End");
  await nextFrames(page); // as above: the image was selected
  await box.press("Enter");
  await box.press("Enter");
  await pasteHtml(box, HOSTILE_HTML);
  await expect(box).toContainText("Pasted bold text");
  await expect(box.locator("strong", { hasText: "bold" })).toHaveCount(1);
  const pastedHtml = await box.innerHTML();
  for (const bad of ["onclick", "onerror", "<script", "javascript:", "style=", "<iframe", 'src="x"'])
    expect(pastedHtml).not.toContain(bad);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();

  // Saved and loaded again: the server kept the same clean content.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/questions(\?|$)/);
  await page.getByRole("link", { name: `E2E rich text ${run}` }).click();
  const saved = page.getByRole("textbox", { name: "Preparation info" });
  await expect(saved.locator("strong", { hasText: "brakes" })).toHaveCount(1);
  await expect(saved.locator('a[href="https://example.com/manual"]')).toHaveAttribute("rel", "noopener noreferrer");
  await expect(saved.locator('img[src^="/api/assets/"]')).toHaveCount(1);
  await expect(saved).toContainText("Pasted bold text");
  const savedHtml = await saved.innerHTML();
  for (const bad of ["onclick", "onerror", "<script", "javascript:", "style="]) expect(savedHtml).not.toContain(bad);
});
