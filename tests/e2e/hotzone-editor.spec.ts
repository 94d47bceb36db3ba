import { expect, test, type Locator, type Page } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { loginAsStaff } from "./support/login";

// The hot-zone editor through the real screens: an image drawn in the draw-and-upload dialog, a
// rectangle drawn on it, then moved by keyboard and by dragging and resized by a handle; the
// preview answers like a participant (inside / outside); the zone is saved where it was left.

const run = Date.now().toString(36);
const NAME = `E2E Hot zone ${run}`;

const zoneOf = async (item: Locator) =>
  JSON.parse((await item.getAttribute("data-zone")) ?? "null") as { x: number; y: number; w: number; h: number };

async function dragOn(page: Page, area: Locator, from: [number, number], to: [number, number]) {
  const box = (await area.boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from[0] + to[0]) / 2), box.y + box.height * ((from[1] + to[1]) / 2), {
    steps: 4,
  });
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 4 });
  await page.mouse.up();
}

test("draws an image, draws a zone, moves and resizes it, and the preview answers inside or outside", async ({
  page,
}) => {
  await loginAsStaff(page, await demoStaffAccount("hotzone@demo.test", "Hana Hotzone", "ORGANIZATION_WRITER"));
  await page.goto("/admin/assessments/questions/create");
  await page.getByLabel("Name", { exact: true }).fill(NAME);
  await page.getByLabel("Time limit (seconds)").fill("60");
  const steps = page.getByRole("region", { name: "Steps" });
  await steps.getByLabel("Type", { exact: true }).selectOption({ label: "Hot zone" });
  await steps.getByRole("button", { name: "Add step" }).click();
  const step = page.getByTestId("step-0");
  const question = step.getByRole("textbox", { name: "Question", exact: true });
  await question.click();
  await question.pressSequentially("Where is the crane's hook?");

  // Draw an image: nothing to upload until something is drawn; undo takes the last stroke back.
  await step.getByRole("button", { name: "Draw an image" }).click();
  const dialog = page.getByRole("dialog", { name: "Draw an image" });
  await expect(dialog.getByRole("button", { name: "Upload the drawing" })).toBeDisabled();
  const canvas = dialog.getByTestId("draw-canvas");
  await dialog.getByRole("radio", { name: "Red" }).click();
  await expect(dialog.getByRole("radio", { name: "Red" })).toHaveAttribute("aria-checked", "true");
  await dragOn(page, canvas, [0.1, 0.1], [0.9, 0.9]);
  await dragOn(page, canvas, [0.9, 0.1], [0.1, 0.9]);
  await dialog.getByRole("button", { name: "Undo" }).click();
  await expect(dialog.getByRole("button", { name: "Upload the drawing" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Upload the drawing" }).click();
  await expect(dialog).toBeHidden();
  const image = step.getByRole("img", { name: "Image" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  // The drawing is stored as a real PNG: the red stroke is in it.
  const red = await image.evaluate((img: HTMLImageElement) => {
    const c = document.createElement("canvas");
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const [r, g, b] = ctx.getImageData(400, 250, 1, 1).data;
    return r! > 180 && g! < 80 && b! < 80;
  });
  expect(red).toBe(true);

  // A rectangle, drawn and selected; moved with the arrow keys.
  const area = step.getByRole("application", { name: /Image with the zones/ });
  await area.scrollIntoViewIfNeeded();
  await dragOn(page, area, [0.2, 0.2], [0.4, 0.4]);
  const zone = step.getByTestId("zone-1");
  await expect(zone).toContainText("Zone 1: Rectangle at 20%, 20%, 20% × 20%");
  await expect(step.getByTestId("zone-handle-se")).toBeVisible();
  await area.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(zone).toContainText("Zone 1: Rectangle at 21%, 25%, 20% × 20%");

  // Resize by the south-east handle, then move by dragging with the select tool.
  const handle = (await step.getByTestId("zone-handle-se").boundingBox())!;
  const box = (await area.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.55, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.61, box.y + box.height * 0.65, { steps: 5 });
  await page.mouse.up();
  await expect(zone).toContainText("Zone 1: Rectangle at 21%, 25%, 40% × 40%");
  await step.getByRole("button", { name: "Select and move" }).click();
  await dragOn(page, area, [0.3, 0.3], [0.5, 0.4]);
  const moved = await zoneOf(zone);
  expect(moved.x).toBeCloseTo(0.41, 2);
  expect(moved.y).toBeCloseTo(0.35, 2);
  expect(moved.w).toBeCloseTo(0.4, 2);
  expect(moved.h).toBeCloseTo(0.4, 2);

  // The preview answers like a participant: inside, then outside the zone.
  await page.getByRole("button", { name: "Preview" }).click();
  const picker = page.getByRole("region", { name: "Preview" }).getByTestId("point-picker");
  await picker.scrollIntoViewIfNeeded();
  const p = (await picker.boundingBox())!;
  await page.mouse.click(p.x + p.width * 0.6, p.y + p.height * 0.55);
  await expect(page.getByTestId("point-verdict")).toHaveText("Inside a correct zone");
  await page.mouse.click(p.x + p.width * 0.1, p.y + p.height * 0.9);
  await expect(page.getByTestId("point-verdict")).toHaveText("Outside the zones");
  // By keyboard: arrows move the crosshair from the last point, Enter places it.
  await picker.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press("Shift+ArrowRight");
  for (let i = 0; i < 7; i++) await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("point-verdict")).toHaveText("Inside a correct zone");
  await page.getByRole("button", { name: "Hide preview" }).click();

  // Leaving with unsaved work asks first; staying keeps everything.
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Scheduled sessions" }).click();
  const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await leave.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/assessments\/questions\/create$/);
  expect(await zoneOf(zone)).toEqual({ shape: "rect", ...moved });

  // Saved where it was left.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/questions$/);
  await page.locator("tr", { hasText: NAME }).getByRole("link", { name: NAME }).click();
  const saved = await zoneOf(page.getByTestId("step-0").getByTestId("zone-1"));
  expect(saved).toEqual({ shape: "rect", ...moved });
  await expect(page.getByTestId("step-0").getByRole("img", { name: "Image" })).toBeVisible();
});

test("a circle drawn on a non-square image is round, and its preview hit test is round too", async ({ page }) => {
  await loginAsStaff(page, await demoStaffAccount("hotzone-circle@demo.test", "Cleo Circle", "ORGANIZATION_WRITER"));
  await page.goto("/admin/assessments/questions/create");
  const steps = page.getByRole("region", { name: "Steps" });
  await steps.getByLabel("Type", { exact: true }).selectOption({ label: "Hot zone" });
  await steps.getByRole("button", { name: "Add step" }).click();
  const step = page.getByTestId("step-0");

  // The drawing dialog makes an 800×500 image: wider than tall.
  await step.getByRole("button", { name: "Draw an image" }).click();
  const dialog = page.getByRole("dialog", { name: "Draw an image" });
  await dragOn(page, dialog.getByTestId("draw-canvas"), [0.1, 0.1], [0.9, 0.9]);
  await dialog.getByRole("button", { name: "Upload the drawing" }).click();
  await expect(dialog).toBeHidden();
  const image = step.getByRole("img", { name: "Image" });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`))
    .toBe("800x500");

  // A circle from the centre to 10% of the width to the right: r = 0.1 (of the width).
  await step.getByRole("button", { name: "Circle" }).click();
  const area = step.getByRole("application", { name: /Image with the zones/ });
  await area.scrollIntoViewIfNeeded();
  await dragOn(page, area, [0.5, 0.5], [0.6, 0.5]);
  const zone = step.getByTestId("zone-1");
  expect(JSON.parse((await zone.getAttribute("data-zone"))!)).toEqual({ shape: "circle", x: 0.5, y: 0.5, r: 0.1 });
  const drawn = (await step.getByTestId("zone-circle").boundingBox())!;
  const shown = (await area.boundingBox())!;
  expect(Math.abs(drawn.width - drawn.height)).toBeLessThan(2);
  // Twice the radius of the shown width (the stroke adds a few pixels).
  expect(Math.abs(drawn.width - shown.width * 0.2)).toBeLessThan(6);

  // The preview: a point 9% of the width below the centre is inside (it would be outside an
  // ellipse squeezed to 10% of the height), 11% of the width below it is outside.
  await page.getByRole("button", { name: "Preview" }).click();
  const picker = page.getByRole("region", { name: "Preview" }).getByTestId("point-picker");
  await picker.scrollIntoViewIfNeeded();
  await expect
    .poll(async () => (await picker.getByTestId("zone-circle").boundingBox())?.height ?? 0)
    .toBeGreaterThan(0);
  const circle = (await picker.getByTestId("zone-circle").boundingBox())!;
  expect(Math.abs(circle.width - circle.height)).toBeLessThan(2);
  const p = (await picker.boundingBox())!;
  await page.mouse.click(p.x + p.width * 0.5, p.y + p.height * 0.5 + p.width * 0.09);
  await expect(page.getByTestId("point-verdict")).toHaveText("Inside a correct zone");
  await page.mouse.click(p.x + p.width * 0.5, p.y + p.height * 0.5 + p.width * 0.11);
  await expect(page.getByTestId("point-verdict")).toHaveText("Outside the zones");
});
