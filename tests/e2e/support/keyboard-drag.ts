import { type Page } from "@playwright/test";

/**
 * Presses Space on the focused drag handle, and lets the page run the timer in which dnd-kit's
 * keyboard sensor starts listening for arrow keys. It announces the pick-up first, in the same
 * task: an arrow pressed as soon as the announcement shows (no person is that quick) was lost once,
 * and the item never moved. Timers of equal delay run in order, so one of the page's own, set
 * after the sensor's, has run after it.
 */
export async function pickUpWithKeyboard(page: Page) {
  await page.keyboard.press("Space");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}
