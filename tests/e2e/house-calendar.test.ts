import { expect, test, type Page } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { seededWeekAhead } from "./support/clock";

/**
 * Staff act on the house calendar's cells: with JavaScript on a wide screen, and without it on a
 * phone; a screen left open in a second tab is refused with its reason.
 */

// A resort no other browser test books or edits.
const location = seedLocations.filter(
  (candidate) => !candidate.hidden && candidate.roomTypes.length >= 2,
)[10]!;
const roomName = location.roomTypes[0]!.name;

test.describe.configure({ mode: "serial" });

/** The calendar of this resort for the month of its week `days` ahead. */
function calendarOf(days: number) {
  const checkIn = seededWeekAhead(location, days);
  return {
    path: `/admin/calendar?from=${checkIn.slice(0, 7)}&q=${encodeURIComponent(location.name)}`,
    cell: (page: Page) =>
      page.getByRole("link", {
        name: new RegExp(`^${roomName}, week of [A-Z][a-z]{2}, ${monthDayOf(checkIn)}, \\d{4}: `),
      }),
  };
}

const monthDayOf = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

test("with JavaScript: staff close a week from its cell, and the cell says so", async ({
  browser,
  baseURL,
}) => {
  const staff = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.calendarStaff,
    "calendar with JavaScript",
    { viewport: { width: 1366, height: 900 } },
  );
  const page = await staff.newPage();
  const { path, cell } = calendarOf(35);
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  expect(await axeViolations(page, { within: "#main" })).toEqual([]);
  await expect(cell(page)).toHaveAccessibleName(/: Open, /);
  await cell(page).click();
  await expect(page.getByRole("heading", { name: /^Week of / })).toBeVisible();
  expect(await axeViolations(page, { within: "#main" })).toEqual([]);
  await page.getByRole("button", { name: "Close the week" }).click();
  await expect(page.getByText("The week is closed").first()).toBeVisible();
  await expect(cell(page)).toHaveAccessibleName(/: Closed, /);
  await page.getByRole("button", { name: "Open the week" }).click();
  await expect(page.getByText("The week is open").first()).toBeVisible();
  await expect(cell(page)).toHaveAccessibleName(/: Open, /);
  await staff.close();
});

test("without JavaScript on a phone: staff set a week's rate; a screen left open in another tab is refused with its reason", async ({
  browser,
  baseURL,
}) => {
  const options = { javaScriptEnabled: false, viewport: { width: 390, height: 844 } };
  const staff = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.calendarStaff,
    "calendar without JavaScript",
    options,
  );
  const other = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.calendarStaff,
    "calendar second tab",
    options,
  );
  const page = await staff.newPage();
  const stale = await other.newPage();
  const { path, cell } = calendarOf(49);
  await page.goto(path);
  await cell(page).click();
  await expect(page.getByRole("heading", { name: /^Week of / })).toBeVisible();
  // The second tab opens the same week, then the first changes it.
  await stale.goto(page.url());
  await page.getByLabel(/^Rate/).fill("4321");
  await page.getByRole("button", { name: "Set the rate" }).click();
  await expect(page.getByText("The week's rate is set").first()).toBeVisible();
  await expect(cell(page)).toHaveAccessibleName(/: Open, US\$4,321$/);

  await stale.getByRole("button", { name: "Close the week" }).click();
  await expect(
    stale.getByText("This week changed since your screen showed it (it is now open)."),
  ).toBeVisible();
  await expect(cell(stale)).toHaveAccessibleName(/: Open, US\$4,321$/);
  await staff.close();
  await other.close();
});
