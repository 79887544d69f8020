import { expect, test, type Page } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { waitForHydration } from "./support/hydration";
import { WEEK_MESSAGES } from "../../app/weeks/week";

const WEEK_TAKEN = "This week is no longer available.";
const BOOKER = { firstName: "Wendy", lastName: "Week", phone: "+1 555 0142" };
const RIVAL = { firstName: "Rita", lastName: "Rival", phone: "+1 555 0143" };

/** A week's request form filled in for one adult, the bot check ticked. */
async function fillWeekRequest(page: Page, who: typeof BOOKER) {
  await page.getByLabel("First name").fill(who.firstName);
  await page.getByLabel("Last name").fill(who.lastName);
  await page.getByLabel("Phone").fill(who.phone);
  await page.getByLabel("Adults").selectOption("1");
  await page.getByLabel("I'm not a robot").check();
}
// A resort no other browser test books.
const location = seedLocations.filter(
  (candidate) => !candidate.hidden && candidate.roomTypes.length >= 2,
)[4]!;
const room = location.roomTypes[0]!;
const roomId = `${location.id}-room-1`;
const availability = (page: Page) =>
  page.locator(`section[aria-labelledby="availability-${roomId}"]`);

test.describe.configure({ mode: "serial" });

/** The week the first member requests: its booking form's address. */
let weekHref = "";

test("on a phone, a member picks an open week, sees its total, and reaches Request Received", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.weekBooker, "picks a week", {
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(`/locations/${location.slug}`);
  const firstWeek = availability(page)
    .getByRole("link", { name: /^Request the week of/ })
    .first();
  weekHref = (await firstWeek.getAttribute("href"))!;
  expect(weekHref).toMatch(
    new RegExp(`^/book\\?location=${location.slug}&roomType=${roomId}&week=\\d{4}-\\d{2}-\\d{2}$`),
  );
  await firstWeek.click();

  await expect(page.getByRole("heading", { name: "Book Your Stay" })).toBeVisible();
  const week = page.getByRole("group", { name: "Your Week" });
  await expect(week).toContainText("Weekly rate");
  await expect(week).toContainText("Estimated total");
  // The resort's hours and the currency of every amount, and the terms before sending.
  await expect(week).toContainText(
    /Check-in\s*\w{3}, \w{3} \d+, \d{4}, from 4 PM \(Eastern Time, UTC−[45]\)/,
  );
  await expect(week).toContainText(
    /Check-out\s*\w{3}, \w{3} \d+, \d{4}, by 10 AM \(Eastern Time, UTC−[45]\)/,
  );
  await expect(week).toContainText(/Estimated total\s*US\$\d/);
  await expect(week).not.toContainText(/(?<!US)\$\d/);
  await expect(page.getByText("By sending this request you accept these terms:")).toBeVisible();
  await expect(page.getByText("All payments are non-refundable.")).toBeVisible();
  await expect(page.getByLabel("Check-in")).toHaveCount(0);
  await expect(page.getByLabel("Room type")).toHaveValue(roomId);

  await fillWeekRequest(page, BOOKER);
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByRole("heading", { name: "Request Received" })).toBeVisible();
  await expect(page.locator("main dl")).toContainText(room.name);

  // The week is no longer offered on the resort's page.
  await page.goto(`/locations/${location.slug}`);
  await expect(availability(page).locator(`a[href="${weekHref}"]`)).toHaveCount(0);
  await context.close();
});

test("without JavaScript, a second member finds the week taken and joins its waitlist", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.weekRival,
    "finds the week taken",
    {
      javaScriptEnabled: false,
      viewport: { width: 1366, height: 768 },
    },
  );
  const page = await context.newPage();
  await page.goto(weekHref);
  await expect(page.getByText(WEEK_TAKEN)).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Next open weeks of this room" }).getByRole("link"),
  ).not.toHaveCount(0);

  await fillWeekRequest(page, RIVAL);
  // Sent as it is, the week is refused: the form comes back with what was typed, and says what
  // to do next rather than the notice it showed before.
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByText(WEEK_MESSAGES.takenSent)).toBeVisible();
  await expect(page.getByText(WEEK_TAKEN, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("First name")).toHaveValue("Rita");

  await page.getByLabel("Put me on the waitlist for this week").check();
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByRole("heading", { name: "Request Received" })).toBeVisible();
  await context.close();
});

test("staff confirm the held week, mark it paid, and the member sees it booked", async ({
  browser,
  baseURL,
}) => {
  const staff = await signedInContext(browser, baseURL!, ACCOUNTS.weekStaff, "confirms a week");
  const page = await staff.newPage();
  await page.goto("/admin/requests?kind=booking&status=new");
  const card = page.locator("article").filter({ hasText: ACCOUNTS.weekBooker.email });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("in all");
  // The second member's request waits behind it: on the waitlist, not for staff to decide.
  const waiting = page.locator("article").filter({ hasText: ACCOUNTS.weekRival.email });
  await expect(waiting).toHaveCount(0);
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: /^Confirm/ }).click();
  await expect(
    page.getByText("Booking confirmed: the member is asked to pay").first(),
  ).toBeVisible();
  // Confirmed, the week is held for the payment, and its waitlist still waits.
  await page.goto("/admin/requests?kind=booking&status=waitlist");
  await expect(waiting).toContainText("On the waitlist");
  // Paid (a bank transfer, marked by hand), the week is booked and its waitlist closes.
  await page.goto("/admin/requests?kind=booking&status=unpaid");
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByLabel(/How it was paid/).fill("Bank transfer received");
  await card.getByRole("button", { name: /^Mark paid/ }).click();
  await expect(page.getByText("Marked paid: the stay is booked").first()).toBeVisible();
  await page.goto("/admin/requests?kind=booking&status=decided");
  await expect(waiting).toContainText("Waitlist closed");

  // The member's e-mail says the hours and the amounts in their currency, and its calendar file
  // holds the stay from 4 PM to 10 AM in the resort's own zone.
  const email = page
    .locator("article")
    .filter({ hasText: ACCOUNTS.weekBooker.email })
    .filter({ hasText: `Paid: your stay at ${location.name} is booked` });
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(ACCOUNTS.weekBooker.email)}`);
    await expect(email).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(email).toContainText(
    /Check-in: \w{3}, \w{3} \d+, \d{4}, from 4 PM \(Eastern Time, UTC−[45]\)/,
  );
  await expect(email).toContainText(
    /Check-out: \w{3}, \w{3} \d+, \d{4}, by 10 AM \(Eastern Time, UTC−[45]\)/,
  );
  const attachment = email.locator("details").filter({ hasText: "Attachment: stay.ics" });
  await attachment.getByText("Attachment: stay.ics").click();
  const calendar = (await attachment.locator("pre").textContent()) ?? "";
  expect(calendar).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T160000/);
  expect(calendar).toMatch(/DTEND;TZID=America\/New_York:\d{8}T100000/);
  expect(calendar).toContain("BEGIN:VTIMEZONE");
  await staff.close();

  const member = await signedInContext(browser, baseURL!, ACCOUNTS.weekBooker, "picks a week");
  const memberPage = await member.newPage();
  await memberPage.goto("/members");
  await expect(memberPage.getByRole("listitem").filter({ hasText: location.name })).toContainText(
    "Paid",
  );
  await member.close();
});

test("without JavaScript, a member picks a week from the month view; on a phone with JavaScript, the next finds it taken", async ({
  browser,
  baseURL,
}) => {
  const booker = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.weekBooker,
    "picks from a month",
    {
      javaScriptEnabled: false,
      viewport: { width: 1366, height: 768 },
    },
  );
  const page = await booker.newPage();
  await page.goto(`/locations/${location.slug}`);
  await availability(page).getByRole("link", { name: "See the weeks month by month" }).click();
  await expect(page.getByRole("heading", { level: 1, name: room.name })).toBeVisible();
  await page.getByRole("link", { name: "Next month" }).click();
  const week = page.getByRole("link", { name: /^Request the week of/ }).first();
  const href = (await week.getAttribute("href"))!;
  await week.click();
  await expect(page.getByRole("group", { name: "Your Week" })).toContainText("Estimated total");

  // A second member has the same week's form open on a phone meanwhile.
  const rival = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.weekRival,
    "finds a month's week taken",
    { viewport: { width: 390, height: 844 } },
  );
  const phone = await rival.newPage();
  await phone.goto(href);
  await expect(phone.getByRole("group", { name: "Your Week" })).toContainText("Estimated total");
  await waitForHydration(phone);
  await fillWeekRequest(phone, RIVAL);

  await fillWeekRequest(page, BOOKER);
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByRole("heading", { name: "Request Received" })).toBeVisible();
  await booker.close();

  // Sent second, the phone's request is refused, and the page offers what a fresh load would:
  // the week's waitlist and the room's next open weeks, with what was typed kept.
  await phone.getByRole("button", { name: "Submit Booking Request" }).click();
  // Far above the button, the refusal is brought into view and focused.
  const refusal = phone.getByRole("alert").filter({ hasText: WEEK_TAKEN });
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport();
  await expect(refusal).toContainText(WEEK_MESSAGES.takenSent);
  await expect(phone.getByLabel("Put me on the waitlist for this week")).toBeVisible();
  await expect(phone.getByLabel("First name")).toHaveValue("Rita");
  const next = phone
    .getByRole("navigation", { name: "Next open weeks of this room" })
    .getByRole("link")
    .first();
  await next.click();
  await expect(phone.getByRole("group", { name: "Your Week" })).toContainText("Estimated total");
  await expect(phone.getByText(WEEK_TAKEN)).toHaveCount(0);
  await rival.close();
});

test("an admin closes the next open week from the room type editor, and members stop seeing it", async ({
  browser,
  baseURL,
}) => {
  const staff = await signedInContext(browser, baseURL!, ACCOUNTS.weekStaff, "closes a week");
  const page = await staff.newPage();
  await page.goto(`/locations/${location.slug}`);
  const next = availability(page)
    .getByRole("link", { name: /^Request the week of/ })
    .first();
  const checkIn = new URL((await next.getAttribute("href"))!, baseURL).searchParams.get("week")!;

  await page.goto(`/admin?location=${location.id}&roomType=${roomId}`);
  await waitForHydration(page);
  const calendar = page.getByRole("region", { name: "Weeks and rates" });
  await calendar.getByLabel("First week").selectOption(checkIn);
  await calendar.getByLabel("Last week").selectOption(checkIn);
  await calendar.getByLabel("Open or closed").selectOption("closed");
  // A mistyped rate is caught in the browser, before anything is sent.
  await calendar.getByLabel("Weekly rate (US$)").fill("12O0");
  await calendar.getByRole("button", { name: "Apply to these weeks" }).click();
  await expect(calendar.getByText("Enter a weekly rate from 1 to 10,000,000")).toBeVisible();
  await calendar.getByLabel("Weekly rate (US$)").fill("1200");
  await calendar.getByRole("button", { name: "Apply to these weeks" }).click();
  await expect(page.getByText("1 week updated").first()).toBeVisible();
  await expect(calendar.getByLabel("First week")).toHaveValue(checkIn);
  await expect(calendar.getByLabel("First week").locator("option:checked")).toContainText(
    "(closed)",
  );

  await page.goto(`/locations/${location.slug}`);
  await expect(
    availability(page)
      .getByRole("link", { name: /^Request the week of/ })
      .first(),
  ).not.toHaveAttribute("href", new RegExp(`week=${checkIn}$`));
  await staff.close();
});
