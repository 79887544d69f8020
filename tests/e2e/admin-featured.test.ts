import { expect, test, type Browser, type Page } from "@playwright/test";
import { featuredLocations } from "../../app/catalogue/locations";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { pickUpWithKeyboard } from "./support/keyboard-drag";

const SAVED = "Featured locations order updated successfully!";

test.describe.configure({ mode: "serial" });

const seeded = featuredLocations(seedLocations.filter((location) => !location.hidden));
const seedOrder = seeded.map((location) => location.id);

// Leave the featured order as the other test files expect it (the seed's).
test.afterAll(async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.featured, "featured");
  try {
    const page = await context.newPage();
    await page.goto("/admin/featured");
    const response = await page.request.post("/admin/featured", {
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: new URL(page.url()).origin,
      },
      data: new URLSearchParams([
        ["intent", "save"],
        ...seedOrder.map((id): [string, string] => ["ids", id]),
      ]).toString(),
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  } finally {
    await context.close();
  }
});

async function openAs(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await signedInContext(browser, baseURL, ACCOUNTS.featured, "featured", {
    javaScriptEnabled,
  });
  return { context, page: await context.newPage() };
}

/** The checklist at a desktop width, scrolled down to a row near its end: that row and where it is. */
async function checklistScrolledDown(page: Page) {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto("/admin/overview");
  const rows = page.locator("tbody tr");
  const row = rows.nth((await rows.count()) - 3);
  await row.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  return { row, scrolledTo: await page.evaluate(() => window.scrollY) };
}

/** The admin bar's Checklist tab opens the checklist where the admin left it. */
async function expectChecklistTabReturnsTo(page: Page, scrolledTo: number) {
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Checklist" })
    .click();
  await expect(page).toHaveURL("/admin/overview");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo - 50);
}

const rowsOf = (page: Page) => page.locator('ol[aria-label="Featured locations in order"] > li');
const namesOf = (page: Page) => rowsOf(page).locator("[data-featured-name]").allTextContents();

async function homeFeaturedNames(page: Page) {
  await page.goto("/");
  return page.locator('[aria-labelledby="featured-heading"] li h3').allTextContents();
}

test("with JavaScript: reorder by keyboard, see 'Unsaved Changes', save, and the home page follows", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openAs(browser, baseURL!, true);
  try {
    await page.goto("/admin/featured");
    await expect(page.getByRole("heading", { level: 1, name: "Featured Order" })).toBeVisible();
    const before = await namesOf(page);
    expect(before).toEqual(seeded.map((location) => location.name));
    await expect(rowsOf(page).first()).toContainText("Rank 1");
    await expect(page.getByText("Unsaved Changes")).toHaveCount(0);

    // The drag handle is there once the page runs JavaScript.
    const handle = page.getByRole("button", { name: `Drag to reorder ${before[0]}` });
    await expect(handle).toBeVisible();
    await handle.focus();
    await pickUpWithKeyboard(page);
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await expect(
      page.getByText(`Picked up ${before[0]}. It is in position 1 of ${before.length}.`),
    ).toBeAttached();
    await page.keyboard.press("ArrowDown");
    await expect(
      page.getByText(`${before[0]} was moved into position 2 of ${before.length}.`),
    ).toBeAttached();
    await page.keyboard.press("Space");

    const wanted = [before[1], before[0], ...before.slice(2)];
    await expect.poll(() => namesOf(page)).toEqual(wanted);
    await expect(page.getByRole("heading", { name: "Unsaved Changes" })).toBeVisible();
    await expect(handle).toBeFocused();

    expect(await axeViolations(page, { within: "#main" })).toEqual([]);

    await page.getByRole("button", { name: "Save Order" }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Unsaved Changes" })).toHaveCount(0);
    await expect.poll(() => namesOf(page)).toEqual(wanted);

    expect(await homeFeaturedNames(page)).toEqual(wanted);
  } finally {
    await context.close();
  }
});

test("without JavaScript: 'Move down' on the first row saves at once, and the home page follows", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openAs(browser, baseURL!, false);
  try {
    await page.goto("/admin/featured");
    await expect(page.locator("script[src]")).toHaveCount(0);
    // Its instructions are for the page as it is: no handle to drag, no Save to wait for.
    await expect(page.getByText("Drag a location by its handle")).toBeHidden();
    // Said once, under the heading.
    await expect(
      page.getByText("Move up and Move down save at once.").filter({ visible: true }),
    ).toHaveCount(1);
    const before = await namesOf(page);
    expect(before.length).toBeGreaterThan(2);
    await expect(
      rowsOf(page)
        .first()
        .getByRole("button", { name: /^Move up/ }),
    ).toBeDisabled();

    await rowsOf(page)
      .first()
      .getByRole("button", { name: /^Move down/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: SAVED })).toBeVisible();
    const wanted = [before[1], before[0], ...before.slice(2)];
    await expect.poll(() => namesOf(page)).toEqual(wanted);
    expect(await homeFeaturedNames(page)).toEqual(wanted);
  } finally {
    await context.close();
  }
});

test("the rate-limit page shows this admin's counts and cleans them up", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openAs(browser, baseURL!, true);
  try {
    await page.goto("/admin/rate-limits");
    await expect(page.getByRole("heading", { level: 1, name: "Rate limits" })).toBeVisible();
    const row = (operation: string) => page.locator(`tr[data-operation="${operation}"]`);
    await expect(row("/admin/rate-limits")).not.toContainText(" 0 / 50");
    expect(await axeViolations(page, { within: "#main" })).toEqual([]);

    await page.getByRole("button", { name: "Clean up rate limit data" }).click();
    await expect(page.getByText("Rate limit data cleaned up")).toBeVisible();
    await expect(row("/admin/featured")).toContainText("0 / 50");
  } finally {
    await context.close();
  }
});

test("the checklist brings the admin back to where they were after an Edit click", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openAs(browser, baseURL!, true);
  try {
    const { row, scrolledTo: before } = await checklistScrolledDown(page);
    await expect(page.getByRole("heading", { level: 1, name: "Checklist" })).toBeVisible();
    expect(await axeViolations(page, { within: "#main" })).toEqual([]);
    await expect(row).toBeInViewport();
    const id = await row.getAttribute("data-location-id");

    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(page).toHaveURL(`/admin?location=${id}`, { timeout: 15_000 });
    // Back with the browser's back button…
    await page.goBack();
    await expect(page).toHaveURL("/admin/overview");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);

    // …or with the Checklist tab.
    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(page).toHaveURL(`/admin?location=${id}`, { timeout: 15_000 });
    await expectChecklistTabReturnsTo(page, before);
  } finally {
    await context.close();
  }
});

test("an Edit click made as the checklist comes back still brings the admin back there from the Checklist tab", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openAs(browser, baseURL!, true);
  try {
    const { row, scrolledTo: before } = await checklistScrolledDown(page);
    const id = (await row.getAttribute("data-location-id"))!;
    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(page).toHaveURL(`/admin?location=${id}`, { timeout: 15_000 });

    // Back, and Edit again the moment the checklist's rows are back: before React has finished
    // running the effects of showing it, as a quick hand on a slow phone does.
    await page.evaluate((id) => {
      new MutationObserver((_, observer) => {
        const edit = document.querySelector<HTMLAnchorElement>(
          `tr[data-location-id="${id}"] a[href^="/admin?location="]`,
        );
        if (location.pathname !== "/admin/overview" || !edit) return;
        observer.disconnect();
        edit.click();
      }).observe(document.body, { childList: true, subtree: true });
      history.back();
    }, id);
    await expect(page).toHaveURL(`/admin?location=${id}`, { timeout: 15_000 });
    await expectChecklistTabReturnsTo(page, before);
  } finally {
    await context.close();
  }
});

test("a click on the edit page while React is still leaving the checklist does not change where the Checklist tab returns to", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openAs(browser, baseURL!, true);
  try {
    const { row, scrolledTo: before } = await checklistScrolledDown(page);

    // The moment the edit page is on screen, before React has run the checklist's clean-up, the
    // admin is at the top of it and clicks there, as a quick hand does on a busy phone.
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        if (location.pathname !== "/admin") return;
        observer.disconnect();
        window.scrollTo(0, 0);
        document.body.click();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(page).toHaveURL(/\/admin\?location=/, { timeout: 15_000 });
    await expectChecklistTabReturnsTo(page, before);
  } finally {
    await context.close();
  }
});

test("the checklist finds locations by part of their name, in either order, and a count opens what it counts", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openAs(browser, baseURL!, true);
  try {
    await page.goto("/admin/overview");
    await page.getByLabel("Name", { exact: true }).fill("beach");
    await page.getByLabel("Order").selectOption({ label: "Name Z–A" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL("/admin/overview?q=beach&sort=name-desc");
    const expected = seedLocations
      .map((location) => location.name)
      .filter((name) => /beach/i.test(name))
      .sort((a, b) => b.localeCompare(a, "en", { sensitivity: "base" }));
    // The address changes before the new rows render: wait for them.
    await expect(page.locator("tbody th > span:first-child")).toHaveText(expected);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("beach");

    await page.getByRole("link", { name: /hidden: show them/ }).click();
    await expect(page).toHaveURL("/admin/overview?q=beach&status=hidden&sort=name-desc");
    await expect(page.getByLabel("Status")).toHaveValue("hidden");
    for (const row of await page.locator("tbody tr").all())
      await expect(row.getByText("Hidden", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Show all locations" }).first().click();
    await expect(page).toHaveURL("/admin/overview?sort=name-desc");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  } finally {
    await context.close();
  }
});
