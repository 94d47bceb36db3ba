import type { Locator, Page } from "@playwright/test";

/**
 * Drags `from` onto `to` with the mouse as a person does: press, a small move (dnd-kit starts a
 * drag only after a few pixels, so clicks stay clicks), a gradual move to the target, release.
 */
export async function dragByMouse(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
  await page.mouse.up();
}
