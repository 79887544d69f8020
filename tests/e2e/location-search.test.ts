import { expect, test, type Page } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signIn } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";

/**
 * Search and fit filters on /locations as a browser works them, with JavaScript (results as you
 * type, Back, the keyboard) and without. What each filter finds, its messages for bad input and
 * the prices a visitor never sees are tests/workers/location-search.test.ts's.
 */

const visible = seedLocations.filter((location) => !location.hidden);
const names = (locations: typeof visible) => locations.map((location) => location.name).sort();
const maui = visible.filter((location) => location.city === "Maui");
const forEight = visible.filter((location) => location.roomTypes.some((r) => r.maxGuests >= 8));
const upTo3000 = visible.filter((location) =>
  location.roomTypes.some((room) => room.price > 0 && room.price <= 3000),
);

const results = (page: Page) => page.locator("section").last().locator("li");

async function resultNames(page: Page) {
  const rows = results(page).locator("a > span.min-w-0 > span:first-child");
  return (await rows.allTextContents()).sort();
}

// The comparisons below with these sets would pass on an empty page if a set were empty.
test("the seed gives every search here something to find", () => {
  expect(maui.length).toBeGreaterThan(0);
  expect(forEight.length).toBeGreaterThan(0);
  expect(upTo3000.length).toBeGreaterThan(0);
});

test.describe("with JavaScript", () => {
  test("a visitor finds the Maui resorts by typing 'maui', marked, and Back leaves the search", async ({
    page,
  }) => {
    await page.goto("/locations");
    // Typing before the scripts run is tests/e2e/before-hydration.test.ts's case.
    await waitForHydration(page);
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.pressSequentially("maui", { delay: 40 });
    await expect(page).toHaveURL(/\/locations\?q=maui$/);
    await expect(page.getByText(`${maui.length} locations found`)).toBeVisible();
    await expect.poll(() => resultNames(page)).toEqual(names(maui));
    await expect(results(page).first().locator("mark").first()).toHaveText(/maui/i);
    // Typing went on in the box the whole time: it kept its text and its focus.
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("maui");

    await page.goBack();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(search).toHaveValue("");
    await expect(page.getByRole("heading", { name: "Featured" })).toBeVisible();
  });

  test("on a slow phone, a search typed in bursts still leaves with one Back", async ({ page }) => {
    await page.goto("/locations");
    await waitForHydration(page);
    // A phone many times slower than this machine: each result list renders while typing goes on.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
    const search = page.getByRole("searchbox", { name: "Search" });
    for (const letter of "maui") {
      await search.press(letter);
      await page.waitForTimeout(350);
    }
    await expect(page).toHaveURL(/\/locations\?q=maui$/);
    await expect(page.getByText(`${maui.length} locations found`)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/locations$/);
  });

  test("countries skimmed with the arrow keys show each one, and one Back leaves the country filter", async ({
    page,
  }) => {
    await page.goto("/locations");
    await waitForHydration(page);
    const country = page.getByLabel("Country", { exact: true });
    const countries = await country
      .locator("option")
      .evaluateAll((options) => options.map((option) => option.getAttribute("value") ?? ""));
    await country.focus();
    // A closed dropdown changes with each arrow key, as it does on a desktop browser.
    for (const value of countries.slice(1, 4)) {
      await page.keyboard.press("ArrowDown");
      await expect(page).toHaveURL(`/locations?country=${value}`);
      await expect(country).toHaveValue(value);
      await expect(country).toBeFocused();
    }
    await page.goBack();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(country).toHaveValue("");
  });

  test("an empty result says so and 'View all locations' clears the search box", async ({
    page,
  }) => {
    await page.goto("/locations");
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill("zzzqqq");
    await expect(page.getByText("No locations found with the selected filters.")).toBeVisible();
    await page.getByRole("link", { name: "View all locations" }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(search).toHaveValue("");
    await expect(results(page)).not.toHaveCount(0);
  });

  test("a member limits the weekly price as they type", async ({ page, context, baseURL }) => {
    await signIn(context, ACCOUNTS.member, "searches by price", baseURL!);
    await page.goto("/locations");
    const price = page.getByRole("group", { name: "Weekly price up to" });
    await expect(price.getByLabel("Currency")).toHaveValue("USD");
    await price.getByLabel("Amount").fill("3000");
    await expect(page).toHaveURL(/\/locations\?maxPrice=3000&currency=USD$/);
    await expect(page.getByText(`${upTo3000.length} locations found`)).toBeVisible();
    await expect.poll(() => resultNames(page)).toEqual(names(upTo3000));
  });

  test("the results and their messages pass axe on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/locations?q=beach", "/locations?guests=abc&q=zzzz"]) {
      await page.goto(path);
      await page.waitForLoadState("load");
      expect((await axeViolations(page)).map((violation) => `${path}: ${violation}`)).toEqual([]);
    }
  });

  test("a row's excerpt takes at most two lines on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/locations?q=beach");
    const excerpts = results(page).locator("a > span.min-w-0 > span:nth-child(3)");
    expect(await excerpts.count()).toBeGreaterThan(0);
    for (const excerpt of await excerpts.all()) {
      const { height, lineHeight } = await excerpt.evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      }));
      expect(height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    }
  });

  test("a row's excerpt on a phone shows the word it was found by, within its two lines", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const word of ["marina", "beach", "pool"]) {
      await page.goto(`/locations?q=${word}`);
      const excerpts = results(page).locator("a > span.min-w-0 > span:nth-child(3)");
      await expect(excerpts.first()).toBeVisible();
      const hidden = await excerpts.evaluateAll((elements) =>
        elements.flatMap((excerpt) => {
          const box = excerpt.getBoundingClientRect();
          const marks = Array.from(excerpt.querySelectorAll("mark"));
          const shown = marks.some((mark) => mark.getBoundingClientRect().bottom <= box.bottom + 1);
          return marks.length > 0 && !shown ? [excerpt.textContent] : [];
        }),
      );
      expect(hidden, `searching '${word}'`).toEqual([]);
    }
  });

  test("on a phone every name shows whole and the filters sit in columns of one width", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/locations");
    const names = page.locator("main li a > span.min-w-0 > span:first-child");
    expect(await names.count()).toBeGreaterThan(10);
    const cut = await names.evaluateAll((spans) =>
      spans
        .filter((span) => span.scrollWidth > span.clientWidth + 1)
        .map((span) => span.textContent),
    );
    expect(cut, "names cut short").toEqual([]);

    const widths = await Promise.all(
      ["Country", "Guests", "Bedrooms"].map(async (label) =>
        Math.round((await page.getByLabel(label, { exact: true }).boundingBox())!.width),
      ),
    );
    expect(new Set(widths).size, `widths ${widths.join(", ")}`).toBe(1);
  });

  test("a row's picture sits at the row's edge, with no gap before it", async ({ page }) => {
    await page.goto("/locations?q=maui");
    const row = results(page).first().locator("a");
    const picture = row.locator("img");
    const [rowBox, pictureBox] = [await row.boundingBox(), await picture.boundingBox()];
    // The row's padding (16 px) and nothing else: hidden <source>s once added a flex gap each.
    expect(pictureBox!.x - rowBox!.x).toBeCloseTo(16, 0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor searches with the form, and the fit filters apply", async ({ page }) => {
    await page.goto("/locations");
    await page.getByRole("searchbox", { name: "Search" }).fill("mau");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/locations\?q=mau$/);
    await expect.poll(() => resultNames(page)).toEqual(names(maui));
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("mau");

    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await page.getByLabel("Guests").selectOption("8");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/locations\?guests=8$/);
    await expect.poll(() => resultNames(page)).toEqual(names(forEight));
  });
});
