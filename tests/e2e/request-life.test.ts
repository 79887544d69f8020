import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { inOutbox, requestWeek, weekLink } from "./support/request-steps";
import { realTimeAt, testNow } from "./support/clock";

/**
 * A request's whole life, as two members and staff live it with the outbox open: a member holds
 * a week, another waits for it; the first withdraws (or lets the hold lapse), the second is
 * offered the week, requests it from the e-mail's link, staff confirm it, and the confirmation
 * carries the calendar file; or staff decline and close the week, and the member waiting is told;
 * or a member asks for dates of their own. With JavaScript and without.
 */

// A resort no other browser test books.
const location = seedLocations.filter(
  (candidate) => !candidate.hidden && candidate.roomTypes.length >= 2,
)[6]!;
const roomId = `${location.id}-room-2`;
const HOUR = 3_600_000;

test.describe.configure({ mode: "serial" });

/** Staff confirm the member's request from the inbox's new bookings, then mark it paid. */
async function staffConfirm(browser: Browser, baseURL: string, name: string, javaScript: boolean) {
  const staff = await signedInContext(browser, baseURL, ACCOUNTS.lifeStaff, name, {
    javaScriptEnabled: javaScript,
  });
  const page = await staff.newPage();
  await page.goto("/admin/requests?kind=booking&status=new");
  const card = page.locator("article").filter({ hasText: ACCOUNTS.lifeWaiter.email });
  if (javaScript) page.once("dialog", (dialog) => void dialog.accept());
  await card
    .first()
    .getByRole("button", { name: /^Confirm/ })
    .click();
  await expect(
    page.getByText("Booking confirmed: the member is asked to pay").first(),
  ).toBeVisible();
  // The member pays by bank transfer; staff mark it paid.
  await page.goto("/admin/requests?kind=booking&status=unpaid");
  if (javaScript) page.once("dialog", (dialog) => void dialog.accept());
  await card
    .first()
    .getByRole("button", { name: /^Mark paid/ })
    .click();
  await expect(page.getByText("Marked paid: the stay is booked").first()).toBeVisible();
  await staff.close();
}

/** The member offered the week follows the e-mail's link and requests it. */
async function takeTheOffer(page: Page) {
  const offer = await inOutbox(page, ACCOUNTS.lifeWaiter.email, /^The week you waited for is free/);
  const link = offer.getByRole("link", { name: /\/members\/requests\// }).first();
  await page.goto((await link.getAttribute("href"))!);
  await expect(
    page.getByRole("heading", { name: "The week is free, and held for you" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Request this week" }).click();
  await expect(page.getByText("Week requested: we hold it for you")).toBeVisible();
  await expect(page.getByText("Awaiting confirmation").first()).toBeVisible();
}

/** The member who waited is asked to pay, then gets the receipt with the stay's calendar file. */
async function expectConfirmedWithCalendar(page: Page) {
  await inOutbox(
    page,
    ACCOUNTS.lifeWaiter.email,
    `Your stay at ${location.name} is confirmed: please pay to secure it`,
  );
  const confirmed = await inOutbox(
    page,
    ACCOUNTS.lifeWaiter.email,
    `Paid: your stay at ${location.name} is booked`,
  );
  const attachment = confirmed.locator("details").filter({ hasText: "Attachment: stay.ics" });
  await attachment.getByText("Attachment: stay.ics").click();
  await expect(attachment.locator("pre")).toContainText("BEGIN:VEVENT");
}

/**
 * The holder requests the room's `weekIndex`-th open week and the waiter joins its waitlist, each
 * signed in under the session named (`holderOptions` for the holder's browser, say a phone).
 */
async function heldWithWaitlist(
  browser: Browser,
  baseURL: string,
  {
    holderSession,
    waiterSession,
    weekIndex,
    options = {},
    holderOptions = {},
  }: {
    holderSession: string;
    waiterSession: string;
    weekIndex: number;
    options?: BrowserContextOptions;
    holderOptions?: BrowserContextOptions;
  },
) {
  const holder = await signedInContext(browser, baseURL, ACCOUNTS.lifeHolder, holderSession, {
    ...options,
    ...holderOptions,
  });
  const waiter = await signedInContext(
    browser,
    baseURL,
    ACCOUNTS.lifeWaiter,
    waiterSession,
    options,
  );
  const holderPage = await holder.newPage();
  const waiterPage = await waiter.newPage();
  const href = await weekLink(holderPage, location, roomId, weekIndex);
  await requestWeek(holderPage, href, {
    firstName: "Hana",
    lastName: "Story",
    phone: "+1 555 0150",
  });
  await requestWeek(waiterPage, href, {
    firstName: "Wes",
    lastName: "Story",
    phone: "+1 555 0150",
    waitlist: true,
  });
  return { holder, waiter, holderPage, waiterPage, href };
}

test("with JavaScript: a member withdraws, the member waiting is offered the week, requests it, and staff confirm", async ({
  browser,
  baseURL,
}) => {
  // The holder on a phone: the answer to a withdrawal covers nothing the page starts with.
  const { holder, waiter, holderPage, waiterPage } = await heldWithWaitlist(browser, baseURL!, {
    holderSession: "holds and withdraws",
    waiterSession: "waits and is offered",
    weekIndex: 0,
    holderOptions: { viewport: { width: 390, height: 844 } },
  });
  await expect(waiterPage.getByText("You are on the waitlist")).toBeVisible();

  // The holder withdraws from the request's page, asked first.
  await holderPage.goto("/members");
  await holderPage.getByRole("link", { name: location.name }).first().click();
  await holderPage.getByRole("link", { name: "Withdraw this request" }).click();
  await expect(
    holderPage.getByText("Withdraw this request? The week will no longer be held"),
  ).toBeVisible();
  await holderPage.getByRole("button", { name: "Yes, withdraw it" }).click();
  const done = holderPage.getByText("Done: the request is withdrawn");
  await expect(done).toBeVisible();
  const back = (await holderPage
    .getByRole("link", { name: "← Your booking requests" })
    .boundingBox())!;
  await expect
    .poll(async () => (await done.boundingBox())!.y)
    .toBeGreaterThan(back.y + back.height);
  await expect(holderPage.getByText("Withdrawn").first()).toBeVisible();
  await inOutbox(
    holderPage,
    ACCOUNTS.lifeHolder.email,
    `You withdrew your booking request for ${location.name}`,
  );

  await takeTheOffer(waiterPage);
  await staffConfirm(browser, baseURL!, "confirms an offered week", true);
  await expectConfirmedWithCalendar(waiterPage);
  await waiterPage.goto("/members");
  await expect(
    waiterPage.getByRole("listitem").filter({ hasText: location.name }).first(),
  ).toContainText("Paid");
  await holder.close();
  await waiter.close();
});

test("without JavaScript: a hold lapses after 72 hours, both members are told, and the one waiting gets the week", async ({
  browser,
  baseURL,
  request,
}) => {
  const { holder, waiter, holderPage, waiterPage } = await heldWithWaitlist(browser, baseURL!, {
    holderSession: "holds until it lapses",
    waiterSession: "waits through a lapse",
    weekIndex: 1,
    options: { javaScriptEnabled: false },
  });

  // The cron, run as of 72 hours and a minute later (the local server lets a run name its moment).
  const later = realTimeAt(new Date(testNow().getTime() + 72 * HOUR + 60_000));
  const cron = await request.get(`/cdn-cgi/local/scheduled?time=${later}`);
  expect(cron.status()).toBe(200);

  await inOutbox(
    holderPage,
    ACCOUNTS.lifeHolder.email,
    `Your booking request for ${location.name} lapsed`,
  );
  await holderPage.goto("/members");
  await expect(holderPage.getByRole("listitem").filter({ hasText: "Lapsed" })).toHaveCount(1);

  await takeTheOffer(waiterPage);
  await staffConfirm(browser, baseURL!, "confirms after a lapse", false);
  await expectConfirmedWithCalendar(waiterPage);
  await holder.close();
  await waiter.close();
});

test("without JavaScript: staff decline and close a week; the member waiting is told, and nobody is offered it", async ({
  browser,
  baseURL,
}) => {
  const noScript = { javaScriptEnabled: false };
  const { holder, waiter, holderPage, waiterPage, href } = await heldWithWaitlist(
    browser,
    baseURL!,
    {
      holderSession: "is declined",
      waiterSession: "waits for a closed week",
      weekIndex: 2,
      options: noScript,
    },
  );
  const staff = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.lifeStaff,
    "declines and closes",
    noScript,
  );

  const staffPage = await staff.newPage();
  await staffPage.goto("/admin/requests?kind=booking&status=new");
  const card = staffPage
    .locator("article")
    .filter({ hasText: ACCOUNTS.lifeHolder.email })
    .filter({ hasText: "New: to decide" })
    .first();
  const note = "The resort has closed this unit for maintenance that week.";
  await card.getByLabel("Note to the guest").fill(note);
  await card.getByRole("button", { name: /^Decline and close the week/ }).click();
  await expect(
    staffPage.getByText("Booking declined and the week closed. Its waitlist is closed and told"),
  ).toBeVisible();
  await staffPage.goto("/admin/requests?kind=booking&status=decided");
  await expect(staffPage.getByText(`Note to the member: ${note}`).first()).toBeVisible();

  // The member declined reads the note; the member waiting is told the week is gone, not free.
  const declined = await inOutbox(
    holderPage,
    ACCOUNTS.lifeHolder.email,
    `About your booking request for ${location.name}`,
  );
  await expect(declined).toContainText(`A note from our team: ${note}`);
  const closed = await inOutbox(
    waiterPage,
    ACCOUNTS.lifeWaiter.email,
    `The week you waited for at ${location.name} is no longer available`,
  );
  await expect(closed).toContainText(
    "is no longer offered, so your place on its waitlist is closed",
  );
  await waiterPage.goto(`/dev/outbox?to=${encodeURIComponent(ACCOUNTS.lifeWaiter.email)}`);
  const offers = waiterPage
    .locator("article")
    .filter({ has: waiterPage.getByRole("heading", { name: /^The week you waited for is free/ }) });
  const offersBefore = await offers.count();

  // Both members' lists show it among the ended requests, not as an upcoming stay.
  for (const page of [holderPage, waiterPage]) {
    await page.goto("/members");
    const ended = page.getByRole("region", { name: "Ended and past requests" });
    await expect(
      ended.getByRole("listitem").filter({ hasText: location.name }).first(),
    ).toBeVisible();
  }
  // The week is gone from the location page: closed, not offered to anyone.
  await holderPage.goto(`/locations/${location.slug}`);
  await expect(holderPage.locator(`a[href="${href}"]`)).toHaveCount(0);
  await waiterPage.goto(`/dev/outbox?to=${encodeURIComponent(ACCOUNTS.lifeWaiter.email)}`);
  expect(await offers.count()).toBe(offersBefore);
  await holder.close();
  await waiter.close();
  await staff.close();
});

test("with JavaScript: dates of a member's own are estimated line by line, held until a time, and said the same way after", async ({
  browser,
  baseURL,
}) => {
  const member = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.lifeHolder,
    "asks for own dates",
  );
  const page = await member.newPage();
  // Ten nights from the middle of one open week into the next.
  const week = new URL(await weekLink(page, location, roomId, 4), baseURL).searchParams.get(
    "week",
  )!;
  const shift = (days: number) => {
    const date = new Date(`${week}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };
  await page.goto(`/book?location=${location.slug}&roomType=${roomId}`);
  await page.getByLabel("First name").fill("Odile");
  await page.getByLabel("Last name").fill("Story");
  await page.getByLabel("Phone").fill("+1 555 0150");
  await page.getByLabel("Adults").selectOption("2");
  // Too short a stay, sent anyway: the reason is said once, under the dates, not twice.
  await page.getByLabel("Check-in").fill(shift(3));
  await page.getByLabel("Check-out").fill(shift(5));
  const tooShort = page.getByText(/minimum stay is \d+ nights: please choose a longer stay/);
  await expect(tooShort).toHaveCount(1);
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByLabel("Check-out")).toHaveAttribute("aria-invalid", "true");
  await expect(tooShort).toHaveCount(1);

  await page.getByLabel("Check-out").fill(shift(13));
  const estimate = page.locator("dl").filter({ hasText: "Estimated total" });
  await expect(estimate.getByText("Room (10 nights)")).toBeVisible();
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByRole("heading", { name: "Request Received" })).toBeVisible();
  await expect(page.getByText("Room (10 nights)")).toBeVisible();

  const receipt = await inOutbox(
    page,
    ACCOUNTS.lifeHolder.email,
    `We received your booking request for ${location.name}`,
  );
  await expect(receipt).toContainText("Room (10 nights): ");
  await page.goto("/members");
  await page
    .getByRole("region", { name: "Upcoming stays and requests" })
    .getByRole("link", { name: location.name })
    .first()
    .click();
  await expect(
    page.getByText(/We hold these dates for you while the resort confirms them \(until .+\)/),
  ).toBeVisible();
  await member.close();
});
