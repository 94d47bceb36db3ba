import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { loginAsStaff } from "./support/login";

// Assessment authoring through the real screens: a question with all five step types (hot zone on an
// uploaded image, practical checklist with its live weight check), a copy of it, an evaluation and a
// session template with both, the lists' filter and sort, and the steps editor by keyboard.

// A real 40x30 RGB PNG (blue with a red rectangle in the middle).
const PNG_40x30 =
  "iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAOElEQVR42mOQi1owIIhh1OJRi0ctppPFJ2w0yEajFo9aPGrxqMWjFo9aTBuLRxsCoxaPWjwELAYAlvk2rEGJlUgAAAAASUVORK5CYII=";
const WEIGHT_ERROR = "The weights must add up to at least 100 (negative weights count as 0).";

const author = () => demoStaffAccount("author@demo.test", "Alex Author", "ORGANIZATION_WRITER");

const run = Date.now().toString(36);
const ORIGINAL = `E2E Forklift ${run}`;
const COPY = `E2E Forklift ${run} night shift`;
const EVALUATION = `E2E Forklift evaluation ${run}`;
const SESSION = `E2E Forklift session ${run}`;

function pngFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-assessments-")), "zone.png");
  fs.writeFileSync(file, Buffer.from(PNG_40x30, "base64"));
  return file;
}

/** Adds a step of the given type (its translated label) and returns it. */
async function addStep(page: Page, typeLabel: string, index: number): Promise<Locator> {
  const steps = page.getByRole("region", { name: "Steps" });
  await steps.getByLabel("Type", { exact: true }).selectOption({ label: typeLabel });
  await steps.getByRole("button", { name: "Add step" }).click();
  const step = page.getByTestId(`step-${index}`);
  await expect(step).toContainText(typeLabel);
  return step;
}

async function writeQuestionText(step: Locator, text: string) {
  const box = step.getByRole("textbox", { name: "Question", exact: true });
  await box.click();
  await box.pressSequentially(text);
}

async function filterList(page: Page, values: { q?: string; sort?: string; dir?: string }) {
  const search = page.getByRole("search");
  if (values.q !== undefined) await search.getByLabel("Search by name").fill(values.q);
  if (values.sort)
    await search.getByRole("combobox", { name: "Sort by", exact: true }).selectOption({ label: values.sort });
  if (values.dir)
    await search.getByRole("combobox", { name: "Order", exact: true }).selectOption({ label: values.dir });
  await search.getByRole("button", { name: "Filter" }).click();
}

test("authors a question with all five step types, copies it and builds an evaluation and a session", async ({
  page,
}) => {
  // The longest walk of the suite: on the shared 2-core machine it can pass a minute.
  test.setTimeout(120_000);
  await loginAsStaff(page, await author());
  await page.goto("/admin/assessments/questions");
  await page.getByRole("link", { name: "New question" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/questions\/create$/);
  await expect(page.getByRole("heading", { name: "New question" })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill(ORIGINAL);
  await page.getByLabel("Time limit (seconds)").fill("240");

  // MULTIPLE_CHOICE: three options, only the second one is correct.
  const mc = await addStep(page, "Multiple choice", 0);
  await writeQuestionText(mc, "Which fork height is safe while driving?");
  await mc.getByLabel("Option 1", { exact: true }).fill("As high as possible");
  await mc.getByLabel("Option 2", { exact: true }).fill("Just above the floor");
  await mc.getByRole("button", { name: "Add option" }).click();
  await mc.getByLabel("Option 3", { exact: true }).fill("At eye level");
  await mc.getByRole("checkbox", { name: "Option 1 is correct" }).uncheck();
  await mc.getByRole("checkbox", { name: "Option 2 is correct" }).check();
  await expect(mc.getByRole("checkbox", { name: "Option 3 is correct" })).not.toBeChecked();

  // NUMERIC: value and tolerance.
  const numeric = await addStep(page, "Numeric", 1);
  await writeQuestionText(numeric, "Maximum load in kg?");
  await numeric.getByLabel("Correct value").fill("1500");
  await numeric.getByLabel("Tolerance (optional)").fill("50");
  await numeric.getByLabel("Score").fill("2");

  // TEXT: a model answer.
  const text = await addStep(page, "Text", 2);
  await writeQuestionText(text, "What do you check before driving?");
  await text.getByLabel("Model answer").fill("Brakes, horn, forks and tyres");

  // HOTZONE: upload an image and drag a rectangle on it.
  const hotzone = await addStep(page, "Hot zone", 3);
  await writeQuestionText(hotzone, "Click the danger zone.");
  await hotzone.getByLabel("Upload an image").setInputFiles(pngFile());
  const canvas = hotzone.getByTestId("hotzone-canvas");
  const image = hotzone.getByRole("img", { name: "Image" });
  await expect(image).toBeVisible();
  await expect(image).toHaveJSProperty("complete", true);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  await canvas.scrollIntoViewIfNeeded();
  await expect(hotzone.getByRole("button", { name: "Rectangle" })).toHaveAttribute("aria-pressed", "true");
  const box = (await canvas.boundingBox())!;
  expect(box.width).toBeGreaterThan(0);
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.7, { steps: 5 });
  await page.mouse.up();
  await expect(hotzone.getByText("Zones: 1")).toBeVisible();
  await expect(canvas.locator("rect")).toHaveCount(1);
  await expect(hotzone.getByRole("button", { name: /Remove zone 1 \(Rectangle\)/ })).toBeVisible();

  // PRACTICAL: the weight check is live; a negative weight counts as 0.
  const practical = await addStep(page, "Practical", 4);
  await writeQuestionText(practical, "Drive the course.");
  await expect(practical.getByText(WEIGHT_ERROR)).toBeHidden(); // the default single criterion weighs 100
  await practical.getByLabel("Criterion 1", { exact: true }).fill("Checks the mirrors");
  await practical.getByLabel("Weight 1", { exact: true }).fill("50");
  await expect(practical.getByText(WEIGHT_ERROR)).toBeVisible();
  await practical.getByRole("button", { name: "Add criterion" }).click();
  await practical.getByLabel("Criterion 2", { exact: true }).fill("Drives too fast");
  await practical.getByLabel("Weight 2", { exact: true }).fill("-30");
  await practical.getByRole("button", { name: "Add criterion" }).click();
  await practical.getByLabel("Criterion 3", { exact: true }).fill("Parks with the forks down");
  await practical.getByLabel("Weight 3", { exact: true }).fill("40");
  await expect(practical.getByTestId("practical-total")).toHaveText("Total weight: 90 / 100");
  await expect(practical.getByText(WEIGHT_ERROR)).toBeVisible();
  await practical.getByLabel("Weight 3", { exact: true }).fill("50");
  await expect(practical.getByTestId("practical-total")).toHaveText("Total weight: 100 / 100");
  await expect(practical.getByText(WEIGHT_ERROR)).toBeHidden();

  // The preview shows every step with its correct answer.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("Just above the floor");
  await expect(preview).toContainText("= 1500 ± 50");
  await expect(preview).toContainText("Brakes, horn, forks and tyres");
  await expect(preview).toContainText("Parks with the forks down");
  await page.getByRole("button", { name: "Hide preview" }).click();

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/questions$/);
  const row = page.locator("tr", { hasText: ORIGINAL });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Multiple choice, Numeric, Text, Hot zone, Practical");

  // Edit shows what was saved, zone and weights included.
  await row.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(ORIGINAL);
  await expect(page.getByTestId("step-3")).toContainText("Zones: 1");
  await expect(page.getByTestId("step-4").getByLabel("Weight 2", { exact: true })).toHaveValue("-30");
  await expect(page.getByTestId("step-0").getByRole("checkbox", { name: "Option 2 is correct" })).toBeChecked();

  // Copy through /admin/assessments/questions/create/{id} and save it under another name.
  const id = /\/edit\/([^/?#]+)/.exec(page.url())![1];
  await page.goto(`/admin/assessments/questions/create/${id}`);
  await expect(page.getByRole("heading", { name: "Copy of a question" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`${ORIGINAL} (copy)`);
  await expect(page.getByTestId("step-4")).toContainText("Practical");
  await page.getByLabel("Name", { exact: true }).fill(COPY);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/questions$/);
  await expect(page.locator("tr", { hasText: COPY })).toBeVisible();

  // Filter by name and sort by name in both directions.
  await filterList(page, { q: `forklift ${run}`, sort: "Name", dir: "Descending" });
  await expect(page).toHaveURL(/sort=NAME/);
  const names = page.locator("tbody tr td:first-child a");
  await expect(names).toHaveText([COPY, ORIGINAL]);
  await filterList(page, { dir: "Ascending" });
  await expect(names).toHaveText([ORIGINAL, COPY]);
  await filterList(page, { q: `${run} night shift` });
  await expect(names).toHaveText([COPY]);

  // An evaluation with both questions.
  await page.goto("/admin/assessments/evaluations");
  await page.getByRole("link", { name: "New evaluation" }).click();
  await page.getByLabel("Name", { exact: true }).fill(EVALUATION);
  await page.getByLabel("Description").fill("Day and night shift checks.");
  const picker = page.getByRole("group", { name: "Questions" });
  // The bank is searched on the server: by name, then narrowed by step type.
  await picker.getByLabel("Search the bank").fill(`Forklift ${run}`);
  const bank = picker.getByRole("listbox", { name: "Available" });
  await expect(bank.getByRole("option")).toHaveCount(2);
  await picker.getByLabel("Type").selectOption({ label: "Hot zone" });
  await expect(picker.getByText("2 found")).toBeVisible();
  for (const name of [ORIGINAL, COPY]) await bank.getByRole("option", { name, exact: true }).click();
  await expect(bank.getByRole("option", { name: ORIGINAL, exact: true })).toHaveAttribute("aria-disabled", "true");
  await expect(picker.getByTestId("chosen-questions").getByRole("listitem")).toHaveText([
    new RegExp(`1\\.\\s*${ORIGINAL}`),
    new RegExp(`2\\.\\s*${COPY}`),
  ]);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/evaluations$/);
  await filterList(page, { q: `evaluation ${run}`, sort: "Name", dir: "Ascending" });
  const evaluation = page.getByRole("listitem").filter({ hasText: EVALUATION });
  await expect(evaluation).toContainText("Questions (2)");
  await evaluation.getByRole("button", { name: "Overview" }).click();
  const evaluationDialog = page.getByRole("dialog", { name: EVALUATION });
  await expect(evaluationDialog.getByRole("listitem")).toHaveCount(2);
  await expect(evaluationDialog).toContainText(COPY);
  await expect(evaluationDialog.getByTestId("evaluation-totals")).toHaveText(/^Total: [\d.,]+ points · \d/);
  await evaluationDialog.getByRole("button", { name: "Close" }).click();
  await expect(evaluationDialog).toBeHidden();

  // A session template with that evaluation.
  await page.goto("/admin/assessments/sessions");
  await page.getByRole("link", { name: "New session" }).click();
  await page.getByLabel("Name", { exact: true }).fill(SESSION);
  await page.getByLabel("Pass mark (%)").fill("75");
  await page.getByLabel("Reference prefix").fill("FLT");
  const evaluationsPicker = page.getByRole("group", { name: "Evaluations" });
  await evaluationsPicker.getByLabel("Search the bank").fill(EVALUATION);
  await evaluationsPicker.getByRole("option", { name: EVALUATION, exact: true }).click();
  await expect(evaluationsPicker.getByTestId("chosen-evaluations")).toContainText(EVALUATION);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/sessions$/);
  await filterList(page, { q: `session ${run}` });
  const session = page.getByRole("listitem").filter({ hasText: SESSION });
  await expect(session).toContainText("Evaluations (1)");
  await expect(session).toContainText("Pass mark: 75%");
  await session.getByRole("button", { name: "Overview" }).click();
  const sessionDialog = page.getByRole("dialog", { name: SESSION });
  await expect(sessionDialog).toContainText("Reference prefix: FLT");
  await expect(sessionDialog).toContainText(`${EVALUATION} (2 questions)`);
  await page.keyboard.press("Escape");
  await expect(sessionDialog).toBeHidden();

  // A filter that matches nothing says so.
  await filterList(page, { q: `no such session ${run}` });
  await expect(page.getByText("Nothing here yet.")).toBeVisible();
});

test("the steps editor adds and moves steps by keyboard", async ({ page }) => {
  await loginAsStaff(page, await author());
  await page.goto("/admin/assessments/questions/create");
  const steps = page.getByRole("region", { name: "Steps" });
  const type = steps.getByLabel("Type", { exact: true });
  const add = steps.getByRole("button", { name: "Add step" });

  // Add a text step with Enter, then a numeric one with Space.
  await type.focus();
  await type.selectOption("TEXT");
  await page.keyboard.press("Tab");
  await expect(add).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-0")).toContainText("Text");
  await expect(add).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(type).toBeFocused();
  await type.selectOption("NUMERIC");
  await page.keyboard.press("Tab");
  await page.keyboard.press(" ");
  await expect(page.getByTestId("step-1")).toContainText("Numeric");
  await page.getByTestId("step-1").getByLabel("Score").fill("2.5");

  // From step 2's score, Tab reaches "Move step 2 up"; Enter moves it and keeps the focus on the moved step.
  await page.getByTestId("step-1").getByLabel("Score").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Move step 2 up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-0")).toContainText("Numeric");
  await expect(page.getByTestId("step-1")).toContainText("Text");
  // It is first now, so "up" is disabled: the focus goes to "Move step 1 down".
  await expect(page.getByRole("button", { name: "Move step 1 down" })).toBeFocused();
  await page.keyboard.press(" ");
  await expect(page.getByTestId("step-0")).toContainText("Text");
  await expect(page.getByTestId("step-1")).toContainText("Numeric");
  await expect(page.getByRole("button", { name: "Move step 2 up" })).toBeFocused();

  // Duplicating puts a copy (same type and score) below, with the focus on its heading.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Duplicate step 2" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-2")).toContainText("Numeric");
  await expect(page.getByTestId("step-2").getByLabel("Score")).toHaveValue("2.5");
  await expect(page.getByRole("heading", { name: "Step 3" })).toBeFocused();

  // Removing a step by keyboard leaves the focus in the editor.
  await page.getByRole("button", { name: "Remove step 3" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-2")).toHaveCount(0);
  await page.getByRole("button", { name: "Remove step 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-1")).toHaveCount(0);
  await expect(page.getByTestId("step-0")).toContainText("Text");
  await expect(steps.locator(":focus")).toHaveCount(1);
});

test("a question not yet saved survives a closed tab: the next visit offers it back", async ({ page }) => {
  await loginAsStaff(page, await author());
  await page.goto("/admin/assessments/questions/create");
  await page.getByLabel("Name", { exact: true }).fill("Kept in the browser E2E");
  const steps = page.getByRole("region", { name: "Steps" });
  await steps.getByLabel("Type", { exact: true }).selectOption("TEXT");
  await steps.getByRole("button", { name: "Add step" }).click();
  const step = page.getByTestId("step-0");
  await step.getByLabel("Score").fill("4");
  await step.getByRole("textbox", { name: "Question" }).fill("Why check the mirrors?");
  await step.getByRole("textbox", { name: "Model answer" }).fill("To see who is behind.");
  await page.waitForTimeout(600); // the copy is written shortly after the last change

  // The tab is gone (closed without saving); a new one opens the editor again.
  const again = await page.context().newPage();
  await page.close();
  await again.goto("/admin/assessments/questions/create");
  await expect(again.getByTestId("draft-notice")).toContainText("Changes you had not saved");
  // Looking without deciding keeps the copy: another tab is offered it too.
  const peek = await again.context().newPage();
  await peek.goto("/admin/assessments/questions/create");
  await expect(peek.getByTestId("draft-notice")).toBeVisible();
  await peek.close();
  await again.getByRole("button", { name: "Restore them" }).click();
  await expect(again.getByLabel("Name", { exact: true })).toHaveValue("Kept in the browser E2E");
  await expect(again.getByTestId("step-0").getByLabel("Score")).toHaveValue("4");
  await expect(again.getByTestId("step-0").getByRole("textbox", { name: "Question" })).toHaveText(
    "Why check the mirrors?",
  );
  await expect(again.getByTestId("step-0").getByRole("textbox", { name: "Model answer" })).toHaveValue(
    "To see who is behind.",
  );
  await expect(again.getByTestId("draft-notice")).toHaveCount(0);

  // Saved: the copy is dropped, so the next new question starts empty with no offer.
  await again.getByRole("button", { name: "Save" }).click();
  await expect(again).toHaveURL(/\/admin\/assessments\/questions$/);
  await again.goto("/admin/assessments/questions/create");
  await expect(again.getByLabel("Name", { exact: true })).toHaveValue("");
  await again.waitForTimeout(600);
  await expect(again.getByTestId("draft-notice")).toHaveCount(0);
});

test("a new question's empty steps say what is missing, field by field, and never ask for a key", async ({ page }) => {
  await loginAsStaff(page, await author());
  await page.goto("/admin/assessments/questions/create");
  await page.getByLabel("Name", { exact: true }).fill(`E2E empty steps ${run}`);
  await page.getByLabel("Time limit (seconds)").fill("60");
  const first = await addStep(page, "Text", 0);
  const second = await addStep(page, "Text", 1);
  const numeric = await addStep(page, "Numeric", 2);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/questions\/create$/);
  await expect(page.getByText("Each step needs its own key")).toHaveCount(0);
  for (const step of [first, second, numeric])
    await expect(step.getByText("This field is required.").first()).toBeVisible();
  await expect(numeric.getByText("This value is not valid.")).toHaveCount(0);
  // Fixing step 1 leaves step 2's own messages in place.
  await writeQuestionText(first, "What does the sign mean?");
  await first.getByRole("textbox", { name: "Model answer" }).fill("Stop");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(second.getByText("This field is required.").first()).toBeVisible();
  await expect(page.getByText("Each step needs its own key")).toHaveCount(0);
});
