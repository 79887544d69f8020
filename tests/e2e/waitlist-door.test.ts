import { expect, test, type Page } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { waitForHydration } from "./support/hydration";

/**
 * The waitlist's door: a week another member holds stays on the location page and in the month
 * view, marked held, and a member joins its waitlist from there, landing on the booking form with
 * the waitlist chosen. With JavaScript on a phone, then without on a laptop. The rules (who sees
 * the count, which weeks are held, the link's address) are tests/workers/waitlist-door.test.ts's.
 */

// A resort no other browser test books.
const location = seedLocations.filter(
  (candidate) => !candidate.hidden && candidate.roomTypes.length >= 2,
)[7]!;
const roomId = `${location.id}-room-1`;
const availability = (page: Page) =>
  page.locator(`section[aria-labelledby="availability-${roomId}"]`);

test.describe.configure({ mode: "serial" });

/** The held week's check-in, and its line's words ("… for the week of Sat, Mar 6, 2027"). */
let heldCheckIn = "";
let heldWeekName = "";

/** Fills the booking form's details for one adult and sends it. */
async function sendBooking(page: Page, firstName: string) {
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Door");
  await page.getByLabel("Phone").fill("+1 555 0177");
  await page.getByLabel("Adults").selectOption("1");
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByRole("heading", { name: "Request Received" })).toBeVisible();
}

test("a member holds the room's first open week", async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.doorHolder, "holds a week", {
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto(`/locations/${location.slug}`);
  const first = availability(page)
    .getByRole("link", { name: /^Request the week of/ })
    .first();
  heldCheckIn = new URL((await first.getAttribute("href"))!, baseURL).searchParams.get("week")!;
  heldWeekName = (await first.getAttribute("aria-label"))!.replace(/^Request /, "");
  await first.click();
  await sendBooking(page, "Hold");
  await context.close();
});

test("on a phone with JavaScript, a member sees the week held and joins its waitlist from the location page", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.doorWaiter,
    "joins from the location page",
    { viewport: { width: 390, height: 844 } },
  );
  const page = await context.newPage();
  await page.goto(`/locations/${location.slug}`);
  await waitForHydration(page);
  const held = availability(page).getByRole("listitem").filter({ hasText: "Held" });
  await expect(held).toHaveCount(1);
  // Nobody waits yet.
  const join = held.getByRole("link", { name: `Join the waitlist for ${heldWeekName}` });
  await expect(join).toHaveAttribute(
    "href",
    `/book?location=${location.slug}&roomType=${roomId}&week=${heldCheckIn}&waitlist=yes`,
  );
  await join.click();

  await expect(page.getByRole("heading", { name: "Book Your Stay" })).toBeVisible();
  await expect(page.getByLabel("Put me on the waitlist for this week")).toBeChecked();
  await sendBooking(page, "Wait");
  await expect(page.getByText("You are on the waitlist")).toBeVisible();
  await context.close();
});

test("without JavaScript, another member finds it held in the month view, one waiting, and joins too", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.doorSecond,
    "joins from the month view",
    { javaScriptEnabled: false, viewport: { width: 1366, height: 768 } },
  );
  const page = await context.newPage();
  await page.goto(
    `/locations/${location.slug}/weeks?room=${roomId}&month=${heldCheckIn.slice(0, 7)}`,
  );
  const heldDay = page.getByRole("cell", { name: /check-in of a held week/ });
  await expect(heldDay).toHaveCount(1);
  await expect(heldDay).toContainText(String(Number(heldCheckIn.slice(8))));
  await page
    .getByRole("link", { name: `Join the waitlist (1 waiting) for ${heldWeekName}` })
    .click();

  await expect(page.getByLabel("Put me on the waitlist for this week")).toBeChecked();
  await sendBooking(page, "Second");
  await expect(page.getByText("You are on the waitlist")).toBeVisible();

  // Back on the location page, the member sees their own place, not the door again.
  await page.goto(`/locations/${location.slug}`);
  await expect(
    availability(page).getByRole("link", { name: `See your request for ${heldWeekName}` }),
  ).toBeVisible();
  await context.close();

  // A visitor sees only that the week is held.
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/locations/${location.slug}`);
  const held = availability(visitorPage).getByRole("listitem").filter({ hasText: "Held" });
  await expect(held).toHaveCount(1);
  await expect(held.getByRole("link")).toHaveCount(0);
  await visitor.close();
});
