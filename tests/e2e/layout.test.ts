import { type RouteConfigEntry } from "@react-router/dev/routes";
import { expect, test, type Page } from "@playwright/test";
import routes from "../../app/routes";
import { axeViolations } from "./support/axe";
import { expectScriptNonce, recordCspViolations } from "./support/csp";
import { manyPhotos } from "./support/hard-cases";
import { holdHydration, isHydrated } from "./support/hydration";
import {
  expectedLanding,
  LAYOUT_ACCOUNTS,
  LAYOUT_PAGES,
  layoutAccount,
  layoutPaths,
  layoutSessionName,
  type LayoutRole,
} from "./support/layout-pages";
import { sessionCookie } from "./support/session";

/**
 * The layout guard: every page of app/routes.ts, as visitor, member and admin (where the page
 * differs for them: tests/e2e/support/layout-pages.ts), at three widths, with JavaScript and
 * without, on the seed plus the hard cases (tests/e2e/support/hard-cases.ts).
 * After the page has hydrated and been scrolled through (so lazy images load):
 * - it never scrolls sideways, and no price is broken across two lines;
 * - it is at most 15,000 px tall, and hydrating changes its height by at most 25 %;
 * - every image in view has loaded (a failed one is replaced by its designed fallback);
 * - nothing was logged as an error (uncaught exceptions and hydration mismatches included);
 * - it came with a Content-Security-Policy whose scripts need the request's nonce, and nothing on
 *   it broke that policy;
 * - with JavaScript, no control moves (by more than 2 px either way) from where it was as served, before
 *   the scripts ran;
 * - with JavaScript, axe finds no serious or critical violation at 390 px (once a page: what it
 *   checks, names, roles, contrast and labels, hardly changes with the width), and every form
 *   still has a submit button (a keyboard or switch user sends a form with it);
 * - every description list holds either term and value pairs or groups of them, not both (what
 *   the HTML checker refuses, and screen readers may pair wrongly).
 * A screenshot of a page at a width that fails is kept in test-results/layout/; with
 * LAYOUT_SCREENSHOTS=1, one of every page and width, for a person to look at.
 */

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
] as const;
const MAX_HEIGHT = 15_000;
const MAX_HYDRATION_CHANGE = 0.25;
/**
 * Pages held to a tighter rule: a room type with 12 photos leaves the location page about as tall
 * hydrated as without JavaScript (a carousel sized by its slides once made it millions of pixels
 * tall). Without JavaScript a line saying how to see the photos stands in for the thumbnails:
 * 60 to 80 px shorter, within 3 %.
 */
const HYDRATION_CHANGE: Record<string, number> = { [`/locations/${manyPhotos.slug}`]: 0.03 };

function routeFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);
}

test("the guard visits every page route of app/routes.ts", () => {
  // Resource routes (no component) are the .ts modules; every .tsx module is a page.
  const pageRoutes = routeFiles(routes).filter((file) => file.endsWith(".tsx"));
  expect(Object.keys(LAYOUT_PAGES).sort()).toEqual(pageRoutes.sort());
});

interface Measure {
  height: number;
  scrollWidth: number;
  overflowing: string[];
  brokenImages: string[];
  splitAmounts: string[];
}

/** How far hydrating may move a control: a tap aimed at it as the scripts take over still lands. */
const MAX_CONTROL_SHIFT = 2;

/**
 * Where each control of the page's main part is (left and top), in the content of the page and of
 * its scrolling boxes (a box scrolled is not a move), named by its tag and name (or label, or text)
 * and numbered among those named alike.
 */
function controlPlaces(page: Page) {
  return page.evaluate(() => {
    const places: Record<string, [number, number]> = {};
    for (const control of document.querySelectorAll(
      "main :is(input:not([type=hidden]), select, textarea, button, a[href])",
    )) {
      if (!control.checkVisibility()) continue;
      const name =
        control.getAttribute("name") ??
        control.getAttribute("aria-label") ??
        control.textContent?.trim().replace(/\s+/g, " ").slice(0, 40);
      const like = `${control.tagName.toLowerCase()} ${name}`;
      let key = like;
      for (let n = 2; key in places; n++) key = `${like} #${n}`;
      const box = control.getBoundingClientRect();
      let [left, top] = [box.left + window.scrollX, box.top + window.scrollY];
      for (
        let outer = control.parentElement;
        outer && outer !== document.body;
        outer = outer.parentElement
      ) {
        left += outer.scrollLeft;
        top += outer.scrollTop;
      }
      places[key] = [Math.round(left), Math.round(top)];
    }
    return places;
  });
}

/**
 * Opens `path` with the app's entry script held back, so the page stays as served (its other
 * scripts loaded, none run): what a person on a slow phone sees and taps until it hydrates.
 * Returns where its controls are at each width, once it has hydrated.
 */
async function openBeforeHydration(page: Page, path: string) {
  const release = await holdHydration(page);
  const response = await page.goto(path, { waitUntil: "commit" });
  // Parsed to its end, its typefaces in: text has its final size.
  await page.locator("body > footer, footer").last().waitFor({ state: "attached" });
  await page.evaluate(() => document.fonts.ready);
  expect(await isHydrated(page), `${path} hydrated before its script was let through`).toBe(false);
  const served: Array<Record<string, [number, number]>> = [];
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    served.push(await controlPlaces(page));
  }
  await page.setViewportSize(WIDTHS[0]);
  await release();
  return { response, served };
}

/**
 * Brings the first lazy image that has not started loading into view, as a person scrolling to it
 * would. On a busy machine the scroll-through can pass an image without a frame (its steps go on
 * after 100 ms without one), and the browser only starts a lazy image's load in a frame that finds
 * it near the screen: one at 2,800 px once waited at the top of the page until the guard gave up.
 */
function scrollToWaitingLazyImage(page: Page) {
  return page.evaluate(() => {
    const waiting = Array.from(document.images).find(
      (image) => image.loading === "lazy" && !image.currentSrc && image.checkVisibility(),
    );
    waiting?.scrollIntoView({ block: "center" });
  });
}

/**
 * With JavaScript, scrolls through the page a screen at a time (`scrollThrough`) so lazy images
 * start loading, then back to the top, or else lets two frames pass for the page to follow its new
 * width (without JavaScript, Chromium loads every image at once). Waits for the
 * images in view to finish (with JavaScript, bringing each lazy one still waiting into view), then
 * measures. An image is in view when it is rendered, not transparent and not clipped away (a
 * carousel's other slides).
 */
async function scrollAndMeasure(
  page: Page,
  javaScript: boolean,
  scrollThrough: boolean,
): Promise<Measure> {
  if (javaScript) {
    await page.evaluate(
      async ({ maxHeight, scrollThrough }) => {
        // A frame, or 100 ms when the browser skips frames for a page it is not painting (a busy
        // machine): a stalled requestAnimationFrame once hung a test until its timeout.
        const frame = () =>
          Promise.race([
            new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 16))),
            new Promise((resolve) => setTimeout(resolve, 100)),
          ]);
        if (!scrollThrough) {
          // The page follows a new width in the frames after it: a carousel sizes its slides then.
          await frame();
          await frame();
          return;
        }
        const end = Math.min(document.documentElement.scrollHeight, maxHeight);
        for (let top = 0; top < end; top += window.innerHeight) {
          window.scrollTo(0, top);
          await frame();
        }
        window.scrollTo(0, 0);
      },
      { maxHeight: MAX_HEIGHT, scrollThrough },
    );
  }
  const measure = () =>
    page.evaluate((maxHeight) => {
      const width = window.innerWidth;
      const shown = (image: HTMLImageElement) => {
        if (!image.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
          return false;
        let { left, right, top, bottom } = image.getBoundingClientRect();
        // Below what the guard scrolled through (a page already too tall): never in view.
        if (top + window.scrollY >= maxHeight) return false;
        left = Math.max(left, 0);
        right = Math.min(right, width);
        for (
          let node = image.parentElement;
          node && node !== document.body;
          node = node.parentElement
        ) {
          const style = getComputedStyle(node);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          const clip = node.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
          top = Math.max(top, clip.top);
          bottom = Math.min(bottom, clip.bottom);
        }
        return right - left > 1 && bottom - top > 1;
      };
      const images = Array.from(document.images).filter(shown);
      const scrollWidth = document.documentElement.scrollWidth;
      // Clipped by a scrolling or clipping box (an absolutely positioned element escapes one that
      // is not positioned, so it is not counted as clipped).
      const clipped = (element: Element) => {
        if (["absolute", "fixed"].includes(getComputedStyle(element).position)) return false;
        for (
          let node = element.parentElement;
          node && node !== document.body;
          node = node.parentElement
        ) {
          if (getComputedStyle(node).overflowX !== "visible") return true;
        }
        return false;
      };
      const beyond = (element: Element | null) =>
        Boolean(element && element.getBoundingClientRect().right > width + 1);
      const describe = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
          typeof element.className === "string" && element.className
            ? `.${element.className.trim().split(/\s+/).slice(0, 4).join(".")}`
            : ""
        }`;
      return {
        pending: images
          .filter((image) => !image.complete)
          .map((image) => image.currentSrc || image.src),
        brokenImages: images
          .filter((image) => image.complete && image.naturalWidth === 0)
          .map((image) => image.currentSrc || image.src),
        height: document.documentElement.scrollHeight,
        scrollWidth,
        // The outermost elements that reach past the right edge unclipped: the culprits.
        overflowing:
          scrollWidth > width
            ? Array.from(document.body.querySelectorAll("*"))
                .filter(
                  (element) =>
                    beyond(element) && !beyond(element.parentElement) && !clipped(element),
                )
                .slice(0, 5)
                .map(describe)
            : [],
        // A price read across two lines ("$18 /" then "night") reads as two things.
        splitAmounts: Array.from(document.querySelectorAll("main :is(dd, dt, td, p, span)"))
          .filter((element) => /^\$[\d,.]+( \/ \w+)?$/.test(element.textContent?.trim() ?? ""))
          .filter((element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            const lines = new Set(
              Array.from(range.getClientRects())
                .filter((line) => line.width > 0)
                .map((line) => Math.round(line.bottom)),
            );
            return lines.size > 1;
          })
          .map((element) => element.textContent!.trim()),
      };
    }, MAX_HEIGHT);
  let result = await measure();
  if (result.pending.length > 0) {
    // Generous: a busy machine serves the footer's badges slowly, and only a stuck image fails.
    // Every 100 ms, not the poll's default 1 s steps: each poll brings one waiting image into view,
    // and a page with 11 of them waited 11 s.
    await expect
      .poll(
        async () => {
          if (javaScript) await scrollToWaitingLazyImage(page);
          return (result = await measure()).pending;
        },
        { timeout: 20_000, intervals: [100] },
      )
      .toEqual([]);
    if (javaScript) await page.evaluate(() => window.scrollTo(0, 0));
  }
  const { pending: _pending, ...measured } = result;
  return measured;
}

/** Console errors, uncaught exceptions and hydration warnings. A page's own 4xx status is not one. */
function watchForErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() !== "error" && !/hydrat/i.test(text)) return;
    const documentStatus =
      /^Failed to load resource: the server responded with a status of 4\d\d/.test(text);
    if (documentStatus && new URL(message.location().url).pathname === new URL(page.url()).pathname)
      return;
    errors.push(`${message.type()}: ${text}`);
  });
  return errors;
}

function screenshotPath(role: LayoutRole, path: string, width: number, javaScript: boolean) {
  const name =
    path === "/"
      ? "home"
      : path
          .replace(/^\//, "")
          .replace(/[^a-z0-9]+/gi, "-")
          .slice(0, 80)
          .replace(/-+$/, "");
  return `test-results/layout/${role}/${name}-${width}${javaScript ? "" : "-nojs"}.jpeg`;
}

/** Screenshots of every page and width when asked for (LAYOUT_SCREENSHOTS=1); else only of a failure. */
const SCREENSHOTS = Boolean(process.env.LAYOUT_SCREENSHOTS);

function looksBroken(measure: Measure, width: number) {
  return (
    measure.scrollWidth > width || measure.height > MAX_HEIGHT || measure.brokenImages.length > 0
  );
}

/** The page's forms that have no submit button of their own (theirs by `form=` included). */
function formsWithoutSubmitButton(page: Page) {
  return page.evaluate(() =>
    Array.from(document.forms)
      .filter(
        (form) =>
          !Array.from(form.elements).some(
            (element) =>
              (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) &&
              element.type === "submit",
          ),
      )
      .map(
        (form) =>
          `form${form.id ? `#${form.id}` : ""}${form.getAttribute("role") ? `[role=${form.getAttribute("role")}]` : ""} → ${form.getAttribute("action") ?? ""}`,
      ),
  );
}

/** The description lists that mix bare terms and values with groups of them. */
function mixedDescriptionLists(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("dl"))
      .filter((list) => {
        const kinds = new Set(
          Array.from(list.children).map((child) => (child.tagName === "DIV" ? "group" : "pair")),
        );
        return kinds.size > 1;
      })
      .map((list) => list.textContent?.trim().replace(/\s+/g, " ").slice(0, 60) ?? ""),
  );
}

/** A worker's browser tab, with JavaScript or without, and what it records. */
interface Tab {
  page: Page;
  baseURL: string;
  violations: string[];
  errors: string[];
}

/**
 * Each worker keeps one tab with JavaScript and one without for all its visits: a new browser
 * context starts a renderer process and cold caches, a fifth of each visit's time. A visit starts
 * clean all the same: its own session cookie, no storage left by the one before, errors and policy
 * violations counted afresh.
 */
const tabTest = test.extend<object, { tabs: Record<"withScript" | "withoutScript", Tab> }>({
  tabs: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const open = async (javaScript: boolean): Promise<Tab> => {
        const context = await browser.newContext({
          baseURL,
          javaScriptEnabled: javaScript,
          viewport: WIDTHS[0],
        });
        const violations = await recordCspViolations(context);
        const page = await context.newPage();
        return { page, baseURL, violations, errors: watchForErrors(page) };
      };
      const tabs = { withoutScript: await open(false), withScript: await open(true) };
      await use(tabs);
      await Promise.all(Object.values(tabs).map(({ page }) => page.context().close()));
    },
    { scope: "worker" },
  ],
});

/**
 * One load of `path` at the phone's width, then the same page widened to each other width, as a
 * turned tablet or a resized window shows it (without JavaScript, resizing shows what a load at
 * that width would; with it, the page must follow the new width). With JavaScript, axe checks the
 * phone's, and the page is scrolled through at the phone's width only: its lazy images have
 * started by then, and one that only a wider page shows is brought into view while waiting for
 * images (the scroll-through at every width was a fifth of the guard's time).
 */
async function visit(tab: Tab, role: LayoutRole, path: string, javaScript: boolean) {
  const { page } = tab;
  const context = page.context();
  // What the visit before left: its session, its remembered selections and scroll positions.
  await context.clearCookies();
  if (javaScript && page.url().startsWith("http"))
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  tab.violations.length = 0;
  tab.errors.length = 0;
  const account = layoutAccount(role, path);
  if (account)
    await context.addCookies([
      await sessionCookie(account, layoutSessionName(path, javaScript), tab.baseURL),
    ]);
  await page.setViewportSize(WIDTHS[0]);
  const { response, served } = javaScript
    ? await openBeforeHydration(page, path)
    : { response: await page.goto(path), served: [] };
  expectScriptNonce(response, `${role} ${path}`);
  const landed = new URL(page.url());
  expect(
    decodeURIComponent(`${landed.pathname}${landed.search}`),
    `${role} ${path} landed elsewhere`,
  ).toBe(decodeURIComponent(expectedLanding(role, path)));
  const unsendable = javaScript ? await formsWithoutSubmitButton(page) : [];
  const mixedLists = await mixedDescriptionLists(page);
  const measures: Measure[] = [];
  const inaccessible: string[] = [];
  const moved: string[] = [];
  for (const [index, viewport] of WIDTHS.entries()) {
    await page.setViewportSize(viewport);
    const measure = await scrollAndMeasure(page, javaScript, index === 0);
    measures.push(measure);
    if (javaScript) {
      // A control the scripts move as they take over would take a tap meant for another.
      const hydrated = await controlPlaces(page);
      for (const [key, [left, top]] of Object.entries(served[index]!)) {
        const now = hydrated[key];
        if (now && Math.max(Math.abs(now[0] - left), Math.abs(now[1] - top)) > MAX_CONTROL_SHIFT)
          moved.push(`${viewport.width} px: ${key}: (${left}, ${top}) → (${now.join(", ")})`);
      }
    }
    if (javaScript && index === 0) {
      inaccessible.push(
        ...(await axeViolations(page, { seriousOnly: true })).map(
          (violation) => `${viewport.width} px: ${violation}`,
        ),
      );
    }
    if (SCREENSHOTS || looksBroken(measure, viewport.width)) {
      await page.screenshot({
        path: screenshotPath(role, path, viewport.width, javaScript),
        fullPage: measure.height <= MAX_HEIGHT,
        type: "jpeg",
        quality: 70,
      });
    }
  }
  return {
    measures,
    errors: [...tab.errors],
    violations: [...tab.violations],
    inaccessible,
    unsendable,
    mixedLists,
    moved,
  };
}

test.describe.configure({ mode: "parallel" });

for (const role of Object.keys(LAYOUT_ACCOUNTS) as LayoutRole[]) {
  for (const path of layoutPaths(role)) {
    tabTest(`${role} ${path}`, async ({ tabs }) => {
      const withoutScript = await visit(tabs.withoutScript, role, path, false);
      const withScript = await visit(tabs.withScript, role, path, true);
      WIDTHS.forEach(({ width }, index) => {
        const plain = withoutScript.measures[index]!;
        const hydrated = withScript.measures[index]!;
        for (const [mode, measure] of [
          ["without JavaScript", plain],
          ["with JavaScript", hydrated],
        ] as const) {
          const at = `${path} at ${width} px ${mode}`;
          expect
            .soft(measure.scrollWidth, `${at} scrolls sideways: ${measure.overflowing.join(", ")}`)
            .toBeLessThanOrEqual(width);
          expect.soft(measure.height, `${at} is too tall`).toBeLessThanOrEqual(MAX_HEIGHT);
          expect.soft(measure.brokenImages, `${at} shows broken images`).toEqual([]);
          expect.soft(measure.splitAmounts, `${at} breaks prices across lines`).toEqual([]);
        }
        expect
          .soft(
            Math.abs(hydrated.height - plain.height),
            `${path} at ${width} px: ${plain.height} px without JavaScript, ${hydrated.height} px hydrated`,
          )
          .toBeLessThanOrEqual(plain.height * (HYDRATION_CHANGE[path] ?? MAX_HYDRATION_CHANGE));
      });
      expect.soft(withoutScript.errors, `${path} without JavaScript logs errors`).toEqual([]);
      expect.soft(withScript.errors, `${path} with JavaScript logs errors`).toEqual([]);
      expect.soft(withScript.violations, `${path} breaks its Content-Security-Policy`).toEqual([]);
      expect
        .soft(withScript.inaccessible, `${path} has serious or critical axe violations`)
        .toEqual([]);
      expect.soft(withScript.unsendable, `${path} has forms without a submit button`).toEqual([]);
      expect.soft(withScript.moved, `${path}: hydrating moves controls`).toEqual([]);
      for (const { mixedLists } of [withoutScript, withScript]) {
        expect.soft(mixedLists, `${path} has description lists of pairs and groups`).toEqual([]);
      }
    });
  }
}
