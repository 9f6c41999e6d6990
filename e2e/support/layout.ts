import { expect, type Locator, type Page } from '@playwright/test';

/** The page is no wider than the window: nothing to scroll sideways to (body clips it, so scrollWidth tells). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page is wider than the window').toBeLessThanOrEqual(innerWidth);
}

/** The element is drawn wholly inside the window's width, so it can be read and reached without scrolling sideways. */
export async function expectWithinWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'the element is drawn').not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** `beside` starts to the right of where `first` ends, and their tops are near: two columns, not one under the other. */
export async function expectSideBySide(first: Locator, beside: Locator) {
  const [a, b] = [await first.boundingBox(), await beside.boundingBox()];
  expect(a && b, 'both are drawn').toBeTruthy();
  expect(b!.x, 'the second starts after the first ends').toBeGreaterThanOrEqual(a!.x + a!.width);
  expect(b!.y, 'the second is not under the first').toBeLessThan(a!.y + a!.height);
}

/**
 * A screenshot for a person to look at (never compared): taken when `E2E_SHOTS` is set, into the test's output
 * folder or where the path says. Encoding full pages at two widths and two themes was CPU the runs spent on files
 * nobody opened (ADR 082); `E2E_SHOTS=1 npx playwright test …` takes them.
 */
export async function lookAt(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}) {
  if (!process.env.E2E_SHOTS) return;
  await target.screenshot({ path, ...('goto' in target ? options : {}) });
}
