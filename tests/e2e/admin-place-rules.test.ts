import { expect, test, type Locator, type Page } from "@playwright/test";
import { writeFile } from "node:fs/promises";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signIn } from "./support/accounts";
import { waitForHydration } from "./support/hydration";

const maui = seedLocations.find(
  (location) => location.state === "Hawaii" && location.city === "Maui" && !location.hidden,
)!;

const locationForm = (page: Page) =>
  page.locator('section[aria-labelledby="location-form-heading"]');

async function place(form: Locator) {
  const value = async (label: RegExp) =>
    (await form.getByLabel(label).count()) ? form.getByLabel(label).inputValue() : null;
  return {
    country: await value(/^Country$/),
    state: await value(/^State$/),
    city: await value(/^(City|Island)$/),
  };
}

// A select changed with the arrow keys fires its events differently from a mouse pick: the rules
// must not depend on how the value changed.
for (const device of ["keyboard", "mouse"] as const) {
  test(`changing the country with the ${device} clears the state and the island`, async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, ACCOUNTS.placeRules, "place rules", baseURL!);
    await page.goto(`/admin?location=${maui.id}`);
    // The handlers' rules; a choice made before the scripts run is before-hydration.test.ts's.
    await waitForHydration(page);
    const form = locationForm(page);
    await expect
      .poll(() => place(form))
      .toEqual({ country: "United States", state: "Hawaii", city: "Maui" });
    const country = form.getByLabel("Country");
    if (device === "keyboard") {
      await country.focus();
      await page.keyboard.press("ArrowDown");
    } else {
      await country.selectOption("US Virgin Islands");
    }
    await expect
      .poll(() => place(form))
      .toEqual({ country: "US Virgin Islands", state: null, city: "" });

    if (device === "keyboard") await page.keyboard.press("ArrowUp");
    else await country.selectOption("United States");
    await expect.poll(() => place(form)).toEqual({ country: "United States", state: "", city: "" });

    // Into Hawaii the city becomes the island select; out of it, a city again, emptied.
    const state = form.getByLabel("State");
    await state.selectOption("Hawaii");
    await form.getByLabel("Island").selectOption("Kauai");
    if (device === "keyboard") {
      await state.focus();
      await page.keyboard.press("ArrowDown");
    } else {
      await state.selectOption("Idaho");
    }
    await expect
      .poll(() => place(form))
      .toEqual({ country: "United States", state: "Idaho", city: "" });
  });
}

test("the checklist on a phone scrolls its table in its own box, and says so", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, ACCOUNTS.checklist, "checklist on a phone", baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/overview");
  await expect(page.getByText("Scroll the table sideways to see every column")).toBeVisible();
  const table = page.getByRole("region", { name: /Locations, hidden ones too/ });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  // The last column is reached by scrolling the table, not the page (which only goes down to it).
  await table.evaluate((box) => box.scrollIntoView({ block: "start" }));
  await table.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect(table.getByRole("link", { name: /^Edit/ }).first()).toBeInViewport();
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});

test("a catalogue file over 4 MB is refused before it is sent, saying the limit", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await signIn(context, ACCOUNTS.checklist, "checklist import limit", baseURL!);
  await page.goto("/admin/overview");
  await waitForHydration(page);
  const file = page.getByLabel("CSV file (at most 4 MB)");
  const large = testInfo.outputPath("catalogue.csv");
  await writeFile(large, Buffer.alloc(4 * 1024 * 1024 + 1, "a"));
  await file.setInputFiles(large);
  await page.getByRole("button", { name: "Import the catalogue" }).click();
  await expect(file).toHaveJSProperty(
    "validationMessage",
    "The file is larger than 4 MB: split it and import each part.",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Checklist" })).toBeVisible();
});

test("without JavaScript, a catalogue file over 4 MB comes back on the page with the limit, not a browser error", async ({
  browser,
  baseURL,
}, testInfo) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    await signIn(context, ACCOUNTS.checklist, "checklist import limit", baseURL!);
    const page = await context.newPage();
    await page.goto("/admin/overview");
    const large = testInfo.outputPath("catalogue.csv");
    await writeFile(large, Buffer.alloc(5.5 * 1024 * 1024, "a"));
    await page.getByLabel("CSV file (at most 4 MB)").setInputFiles(large);
    await page.getByRole("button", { name: "Import the catalogue" }).click();
    await expect(
      page.getByText("The file is larger than 4 MB: split it and import each part."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Checklist" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("on a laptop the checklist's short cells stay whole: 'None' is not broken across lines", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await signIn(context, ACCOUNTS.checklist, "checklist import limit", baseURL!);
  await page.setViewportSize({ width: 1366, height: 768 });
  // A hidden location with no pictures and no room types, from a spreadsheet.
  const stamp = crypto.randomUUID().slice(0, 8);
  const name = `No Pictures ${stamp}`;
  const file = testInfo.outputPath("catalogue.csv");
  await writeFile(file, `slug,name,country,hidden\r\nno-pictures-${stamp},${name},Aruba,yes\r\n`);
  await page.goto("/admin/overview");
  await page.getByLabel("CSV file (at most 4 MB)").setInputFiles(file);
  await page.getByRole("button", { name: "Import the catalogue" }).click();
  await expect(page.getByText("1 location and 0 room types imported")).toBeVisible();

  // On the whole list, beside the long names that take the table's width.
  await page.goto("/admin/overview");
  const row = page.getByRole("row").filter({ hasText: name });
  const none = row.getByText("None");
  await expect(none).toHaveCount(2);
  for (const cell of await none.all()) {
    const { height, lineHeight } = await cell.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
    }));
    expect(height).toBeLessThan(lineHeight * 1.5);
  }
});

test("without JavaScript on a phone, a refused catalogue file comes back with its problems in view", async ({
  browser,
  baseURL,
}, testInfo) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  await signIn(context, ACCOUNTS.checklist, "checklist import refused", baseURL!);
  const page = await context.newPage();
  const file = testInfo.outputPath("refused.csv");
  await writeFile(file, "slug,name,country\r\nBad Slug!,Refused,Aruba\r\n");
  await page.goto("/admin/overview");
  await page.getByLabel("CSV file (at most 4 MB)").setInputFiles(file);
  await page.getByRole("button", { name: "Import the catalogue" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Nothing was imported" });
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport();
  await expect(page.getByText(/^Line 2:/)).toBeInViewport();
  await context.close();
});

test("on a laptop a room's picture cards, two to a row, keep their arrows and Delete inside them", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, ACCOUNTS.checklist, "checklist import limit", baseURL!);
  await page.setViewportSize({ width: 1366, height: 768 });
  const location = seedLocations.find(
    (candidate) => !candidate.hidden && candidate.roomTypes[0]?.images.length,
  )!;
  await page.goto(`/admin?location=${location.id}&roomType=${location.id}-room-1`);
  const region = page.getByRole("region", { name: "Room Images" });
  await expect(region.getByRole("listitem").first()).toBeVisible();
  // Measured in one go in the page: how far each shown button reaches past its card's right edge.
  const reach = await region.evaluate((section) =>
    Array.from(section.querySelectorAll("li[data-image-id]")).flatMap((card) => {
      const right = card.getBoundingClientRect().right;
      return Array.from(card.querySelectorAll("button"))
        .filter((button) => button.checkVisibility())
        .map((button) => button.getBoundingClientRect().right - right);
    }),
  );
  expect(reach.length).toBeGreaterThanOrEqual(3);
  for (const past of reach) expect(past).toBeLessThanOrEqual(-1);
  // The upload's file field has one name, though it has a label for each way the page runs.
  await expect(region.locator('input[type="file"]')).toHaveAccessibleName(
    "Choose images to upload",
  );
});
