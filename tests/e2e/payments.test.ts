import { expect, test, type Browser } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { inOutbox, requestWeek, weekLink } from "./support/request-steps";
import { realTimeAt, testNow } from "./support/clock";

/**
 * Paying for a stay, as members and staff live it with the outbox open: staff confirm, the member
 * follows the e-mail's Pay now to the pay page and pays on the local checkout (which stands in for
 * Stripe's and sends the webhook its signed event), and the request's page says paid, with the
 * calendar file; a member who never pays sees the week go to the next member waiting at the
 * deadline (the site's one clock moved by the cron's run).
 */

// A resort no other browser test books.
const location = seedLocations.filter(
  (candidate) => !candidate.hidden && candidate.roomTypes.length >= 2,
)[8]!;
const roomId = `${location.id}-room-2`;
const HOUR = 3_600_000;

test.describe.configure({ mode: "serial" });

/** Staff confirm the member's request from the inbox (the member is then asked to pay). */
async function staffConfirm(browser: Browser, baseURL: string, memberEmail: string) {
  const staff = await signedInContext(browser, baseURL, ACCOUNTS.payStaff, "confirms for payment");
  const page = await staff.newPage();
  await page.goto("/admin/requests?kind=booking&status=new");
  const card = page.locator("article").filter({ hasText: memberEmail });
  page.once("dialog", (dialog) => void dialog.accept());
  await card
    .first()
    .getByRole("button", { name: /^Confirm/ })
    .click();
  await expect(
    page.getByText("Booking confirmed: the member is asked to pay").first(),
  ).toBeVisible();
  await staff.close();
}

test("on a phone: a member pays on the local checkout, and the request's page says paid, with the calendar file", async ({
  browser,
  baseURL,
}) => {
  const member = await signedInContext(browser, baseURL!, ACCOUNTS.payer, "pays by card", {
    viewport: { width: 390, height: 844 },
  });
  const page = await member.newPage();
  await requestWeek(page, await weekLink(page, location, roomId, 0), {
    firstName: "Paz",
    lastName: "Pays",
    phone: "+1 555 0160",
  });
  await staffConfirm(browser, baseURL!, ACCOUNTS.payer.email);

  const confirmation = await inOutbox(
    page,
    ACCOUNTS.payer.email,
    `Your stay at ${location.name} is confirmed: please pay to secure it`,
  );
  await expect(confirmation).toContainText("Pay by card on our secure checkout");
  const payNow = confirmation.getByRole("link", { name: /\/pay$/ }).first();
  await page.goto((await payNow.getAttribute("href"))!);
  await expect(page.getByRole("heading", { name: "Pay for your stay" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Weekly rate" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay US\$[\d,]+ now$/ }).click();

  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  await expect(page.getByText("Local checkout: no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  await expect(page.getByText("Your stay is paid and booked")).toBeVisible();
  await expect(page.getByText("Paid").first()).toBeVisible();
  const calendar = page.getByRole("link", { name: "Add the stay to your calendar" });
  await expect(calendar).toBeVisible();
  const ics = await page.request.get((await calendar.getAttribute("href"))!);
  expect(await ics.text()).toContain("BEGIN:VEVENT");

  const receipt = await inOutbox(
    page,
    ACCOUNTS.payer.email,
    `Paid: your stay at ${location.name} is booked`,
  );
  const attachment = receipt.locator("details").filter({ hasText: "Attachment: stay.ics" });
  await attachment.getByText("Attachment: stay.ics").click();
  await expect(attachment.locator("pre")).toContainText("BEGIN:VEVENT");
  await inOutbox(page, "staff@insiderstays.example", /^Paid: /);
  await member.close();
});

test("without JavaScript: a member who never pays sees the week go to the next member waiting at the deadline", async ({
  browser,
  baseURL,
  request,
}) => {
  const noScript = { javaScriptEnabled: false };
  const nonPayer = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.nonPayer,
    "never pays",
    noScript,
  );
  const next = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.payNext,
    "waits for an unpaid week",
    noScript,
  );
  const nonPayerPage = await nonPayer.newPage();
  const nextPage = await next.newPage();
  const href = await weekLink(nonPayerPage, location, roomId, 1);
  await requestWeek(nonPayerPage, href, {
    firstName: "Nora",
    lastName: "Pays",
    phone: "+1 555 0160",
  });
  await requestWeek(nextPage, href, {
    firstName: "Ned",
    lastName: "Pays",
    phone: "+1 555 0160",
    waitlist: true,
  });
  await staffConfirm(browser, baseURL!, ACCOUNTS.nonPayer.email);
  await inOutbox(
    nonPayerPage,
    ACCOUNTS.nonPayer.email,
    `Your stay at ${location.name} is confirmed: please pay to secure it`,
  );

  // The cron, run as of the deadline (72 hours) and two minutes later.
  const later = realTimeAt(new Date(testNow().getTime() + 72 * HOUR + 120_000));
  expect((await request.get(`/cdn-cgi/local/scheduled?time=${later}`)).status()).toBe(200);

  await inOutbox(
    nonPayerPage,
    ACCOUNTS.nonPayer.email,
    `Your stay at ${location.name} was not paid in time`,
  );
  await nonPayerPage.goto("/members");
  await nonPayerPage.getByRole("link", { name: location.name }).first().click();
  await expect(nonPayerPage.getByText("We did not receive the payment in time")).toBeVisible();
  await expect(nonPayerPage.getByRole("link", { name: "Pay now" })).toHaveCount(0);

  const offer = await inOutbox(
    nextPage,
    ACCOUNTS.payNext.email,
    /^The week you waited for is free/,
  );
  await expect(offer).toBeVisible();
  await nonPayer.close();
  await next.close();
});
