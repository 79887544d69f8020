import { type Page } from "@playwright/test";

/** Hydration is done when React has taken over the page's last element (run in the page). */
function hydrated() {
  const footer = document.querySelector("body > footer, footer");
  return Boolean(footer && Object.keys(footer).some((key) => key.startsWith("__reactFiber")));
}

export function isHydrated(page: Page) {
  return page.evaluate(hydrated);
}

export async function waitForHydration(page: Page) {
  await page.waitForFunction(hydrated);
}

/**
 * Holds back the app's entry script on the page's next load until `release` is called: the page
 * stays as served, its other scripts loaded and none run, as a slow phone shows it. `release` lets
 * it run and waits until the page has hydrated.
 *
 * Through the DevTools protocol for that one script, not page.route, which turns the browser's
 * cache off for every request of the page: a layout guard visit took twice as long. The script is
 * answered as uncacheable, so the next load asks for it again and is held too.
 */
export async function holdHydration(page: Page) {
  const session = await page.context().newCDPSession(page);
  const held = Promise.withResolvers<void>();
  session.on(
    "Fetch.requestPaused",
    async ({ requestId, responseStatusCode, responseHeaders = [] }) => {
      await held.promise;
      await session.send("Fetch.continueResponse", {
        requestId,
        responseCode: responseStatusCode,
        responseHeaders: [
          ...responseHeaders.filter(({ name }) => !/^(cache-control|expires)$/i.test(name)),
          { name: "Cache-Control", value: "no-store" },
        ],
      });
    },
  );
  await session.send("Fetch.enable", {
    patterns: [{ urlPattern: "*/assets/entry.client-*.js", requestStage: "Response" }],
  });
  return async function release() {
    held.resolve();
    await waitForHydration(page);
    await session.detach();
  };
}
