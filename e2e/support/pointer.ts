import type { Locator, Page } from 'playwright-core';

export type Point = { x: number; y: number };

/** The element's box on the page; fails when it is not visible. */
export async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element is not visible');
  return found;
}

/** A pointer drag in small steps, as a hand does it. */
export async function drag(page: Page, from: Point, to: Point): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}
