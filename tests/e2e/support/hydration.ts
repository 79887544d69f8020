import { type Page } from "@playwright/test";

/** Hydration is done when React has taken over the page's last element. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const footer = document.querySelector("body > footer, footer");
    return Boolean(footer && Object.keys(footer).some((key) => key.startsWith("__reactFiber")));
  });
}
