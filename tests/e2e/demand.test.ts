import { expect, test, type Page } from "@playwright/test";
import { todayUtc } from "../../app/weeks/calendar";
import { searchMonths } from "../../app/weeks/month";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { testNow } from "./support/clock";
import { waitForHydration } from "./support/hydration";

/**
 * Demand (/admin/demand) as staff read it: a member's month search that found nothing is counted,
 * on a phone without JavaScript, the month chart scrolling sideways in its own box; on a desktop,
 * reached from the admin's tabs, with its spreadsheet downloaded; axe at both widths. What each figure counts is the
 * workerd tests' (tests/workers/demand.test.ts).
 */

/** A month the list offers, and its label ("June 2027"). */
const { value: MONTH, label: MONTH_LABEL } = searchMonths(todayUtc(testNow()))[3]!;

/** The number in the by-month table's row for MONTH under `column`. */
async function monthFigure(page: Page, column: string) {
  const table = page.getByRole("table", { name: "Demand by check-in month" });
  const headers = await table.locator("thead th").allTextContents();
  const row = table.getByRole("row", { name: new RegExp(`^${MONTH_LABEL}\\b`) });
  // The row's first cell is its header: the numbers are the others.
  const cells = await row.locator("td").allTextContents();
  return Number(cells[headers.indexOf(column) - 1]!.replaceAll(",", ""));
}

test.describe.configure({ mode: "serial" });

const noPageScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test("a member's search that finds nothing is counted, and staff read it on a phone without JavaScript", async ({
  browser,
  baseURL,
}) => {
  const staff = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.demandStaff,
    "reads demand on a phone",
    { viewport: { width: 390, height: 844 }, javaScriptEnabled: false },
  );
  const page = await staff.newPage();
  await page.goto("/admin/demand");
  await expect(page.getByRole("heading", { name: "Demand", level: 1 })).toBeVisible();
  const before = (await page.getByRole("table", { name: "Demand by check-in month" }).count())
    ? await monthFigure(page, "Searches with no result")
    : 0;

  const member = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.demandSearcher,
    "searches a month for a crowd",
  );
  const searching = await member.newPage();
  // No room in the catalogue takes fifty guests.
  await searching.goto(`/locations?month=${MONTH}&guests=50`);
  await expect(searching.getByText("No locations found with the selected filters.")).toBeVisible();
  await member.close();

  // Counted after the member's page was sent: staff see it at their next load.
  await expect
    .poll(async () => {
      await page.reload();
      return monthFigure(page, "Searches with no result");
    })
    .toBe(before + 1);
  await expect(page.getByRole("img", { name: /by check-in month/ })).toBeVisible();
  // The month chart is wider than a phone: it scrolls in its own box, and the page does not.
  const chartBox = page.getByRole("region", { name: /Chart by month/ });
  expect(await chartBox.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  expect(await noPageScroll(page)).toBe(true);
  await expect(page.getByRole("link", { name: "Download as a spreadsheet (CSV)" })).toBeVisible();
  await staff.close();
});

test("with JavaScript, staff reach Demand from the admin's tabs and download its spreadsheet; axe at 1366 and 390 px", async ({
  browser,
  baseURL,
}) => {
  const staff = await signedInContext(browser, baseURL!, ACCOUNTS.demandStaff, "reads demand", {
    viewport: { width: 1366, height: 900 },
  });
  const page = await staff.newPage();
  await page.goto("/admin/requests");
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Demand" })
    .click();
  await expect(page).toHaveURL(/\/admin\/demand$/);
  await expect(page.getByRole("heading", { name: "Demand", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How these are counted" })).toBeVisible();
  // Wide enough for the month chart: it does not scroll.
  const chartBox = page.getByRole("region", { name: /Chart by month/ });
  expect(await chartBox.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
  expect(await noPageScroll(page)).toBe(true);
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as a spreadsheet (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^demand-\d{4}-\d{2}-\d{2}\.csv$/);
  const stream = await download.createReadStream();
  let text = "";
  for await (const chunk of stream) text += chunk;
  expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
    "month,country,state,city,resort,resort_slug,party_size,requests,waitlist_places,alerts,empty_searches,asked,served,not_served",
  );
  // The member's search of the month, by its party size (other tests' searches may share it).
  expect(text).toMatch(new RegExp(`^${MONTH},,,,,,50,0,0,0,\\d+,`, "m"));

  // On a phone too: axe finds nothing serious, and the chart scrolls in its own box.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await chartBox.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  expect(await noPageScroll(page)).toBe(true);
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
  await staff.close();
});
