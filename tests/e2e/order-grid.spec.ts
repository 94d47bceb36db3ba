import { expect, test, type Page } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { dragByMouse } from "./support/drag";
import { liveFixture, type LiveSetup } from "./support/live";
import { loginAsStaff, waitForHydration } from "./support/login";

// The order grid's drag-and-drop (dnd-kit) through the real screen: an evaluation is dragged onto
// the other position of its row by mouse, and by keyboard (space, arrow, space); each swap is saved.

const orderOf = (page: Page) =>
  [page.getByTestId("cell-0-0"), page.getByTestId("cell-0-1")].map((cell) => cell.getAttribute("data-evaluation"));

test("reorders a participant's evaluations by mouse drag and by keyboard, and keeps the order", async ({
  page,
  baseURL,
}) => {
  const data = liveFixture<LiveSetup>({}, "setup", `${baseURL}/favicon.svg`, `o${Date.now()}`);
  await loginAsStaff(page, await demoStaffAccount("order-grid@demo.test", "Otto Order", "ORGANIZATION_MANAGER"));
  await page.goto(`/admin/scheduledsessions/order/${data.session}`);
  await expect(page.getByTestId("order-grid")).toBeVisible();
  // Dragging needs dnd-kit's listeners, which exist only once React has hydrated the grid.
  await waitForHydration(page);
  const [first, second] = await Promise.all(orderOf(page));
  expect([first, second].sort()).toEqual([...data.evaluations].sort());

  // Mouse: press on the first evaluation's name, move over the second position, release.
  await dragByMouse(page, page.getByTestId("handle-0-0"), page.getByTestId("cell-0-1"));
  await expect(page.getByText("The order is saved.")).toBeVisible();
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-evaluation", second!);
  await expect(page.getByTestId("cell-0-1")).toHaveAttribute("data-evaluation", first!);

  // Stored: a reload shows the swapped order.
  await page.reload();
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-evaluation", second!);
  await waitForHydration(page);

  // Keyboard: focus the name, space picks it up, the right arrow moves it, space drops it.
  // Each key waits for dnd-kit to have taken the previous one (its screen-reader announcements):
  // pressed too fast on a loaded machine, the arrow arrived before the drag had started.
  await page.getByTestId("handle-0-0").focus();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("handle-0-0")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(/is over position 2\./)).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-evaluation", first!);
  await expect(page.getByTestId("cell-0-1")).toHaveAttribute("data-evaluation", second!);
  await expect(page.getByText("The order is saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("cell-0-0")).toHaveAttribute("data-evaluation", first!);
  await expect(page.getByTestId("cell-0-1")).toHaveAttribute("data-evaluation", second!);
});
