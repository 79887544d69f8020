import { expect, test, type BrowserContext, type Dialog, type Page } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { daysFromResortToday } from "./support/clock";
import { ACCOUNTS, signedInContext } from "./support/accounts";

const location = seedLocations.find(
  (candidate) => !candidate.hidden && candidate.roomTypes.length > 0,
)!;

/**
 * Sends a booking request through the booking form, as the signed-in `context`'s member (the
 * form itself is tested on its own): the admin part of the flow is what this test is about.
 */
async function requestBooking(
  context: BrowserContext,
  baseURL: string,
  guest: { lastName: string; firstName: string; daysAhead: number },
) {
  const response = await context.request.post("/book", {
    form: {
      location: location.slug,
      roomType: `${location.id}-room-1`,
      firstName: guest.firstName,
      lastName: guest.lastName,
      phone: "+1 555 010 0100",
      checkInDate: daysFromResortToday(location, guest.daysAhead),
      checkOutDate: daysFromResortToday(location, guest.daysAhead + 7),
      adults: "2",
      children: "0",
      infants: "0",
      specialRequests: "A crib, please",
      "cf-turnstile-response": "dev-bot-check-passed",
    },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toMatch(/^\/booking-confirmation\?request=[\w-]+$/);
}

async function expectInOutbox(page: Page, to: string, subject: string) {
  const email = page.locator("article").filter({ hasText: to }).filter({ hasText: subject });
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
    await expect(email).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  return email;
}

test("an admin confirms a booking and declines another without JavaScript; the guests are e-mailed", async ({
  browser,
  baseURL,
}) => {
  // Each request is answered at its member's own address; its guest's name tells the cards apart.
  const stamp = crypto.randomUUID().slice(0, 8);
  const confirmGuest = `Confirm ${stamp}`;
  const declineGuest = `Decline ${stamp}`;
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.inbox, "inbox");
  const page = await context.newPage();
  // The first is the admin's own request, so their members page shows it too.
  // Nights apart: a request for the member's own dates holds the weeks it takes nights of.
  await requestBooking(context, baseURL!, {
    lastName: confirmGuest,
    firstName: "Clara",
    daysAhead: 200,
  });
  const member = await signedInContext(browser, baseURL!, ACCOUNTS.booker, "books to be declined");
  await requestBooking(member, baseURL!, {
    lastName: declineGuest,
    firstName: "Dora",
    daysAhead: 221,
  });
  await member.close();

  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Your booking requests" })).toBeVisible();
  const ownRequest = page.getByRole("listitem").filter({ hasText: location.name });
  await expect(ownRequest).toContainText("Awaiting confirmation");

  // With JavaScript: from the Requests tab, filtered to new bookings.
  await page.goto("/admin/users");
  await page.getByRole("link", { name: "Requests", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Requests" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Filter by kind" })
    .getByRole("link", { name: /^Bookings/ })
    .click();
  // The status links follow the kind chosen: wait for it before choosing one.
  await expect(page).toHaveURL(/\/admin\/requests\?kind=booking$/);
  await page
    .getByRole("navigation", { name: "Filter by status" })
    .getByRole("link", { name: "New" })
    .click();
  await expect(page).toHaveURL(/\/admin\/requests\?kind=booking&status=new$/);

  const card = page.locator("article").filter({ hasText: confirmGuest });
  await expect(card).toContainText(`Clara ${confirmGuest}`);
  await expect(card).toContainText(ACCOUNTS.inbox.email);
  await expect(card).toContainText("A crib, please");
  await card.getByLabel(/Note to the guest/).fill("Welcome drinks are on us.");
  // With JavaScript the admin is asked first, since the guest is e-mailed: once, even for a
  // double click.
  const questions: string[] = [];
  const answer = (dialog: Dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  };
  page.on("dialog", answer);
  await card.getByRole("button", { name: /^Confirm/ }).dblclick();
  await expect(
    page.getByText("Booking confirmed: the member is asked to pay").first(),
  ).toBeVisible();
  page.off("dialog", answer);
  expect(questions).toHaveLength(1);
  expect(questions[0]).toContain("Confirm this booking?");
  // Confirmed, it leaves the "new" view; under "Awaiting payment" it shows who confirmed it, and
  // the way to mark it paid.
  await expect(card).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Filter by status" })
    .getByRole("link", { name: "Awaiting payment" })
    .click();
  await expect(card).toContainText(`Confirmed by ${ACCOUNTS.inbox.email}`);
  await expect(card.getByRole("button", { name: /^Mark paid/ })).toBeVisible();

  const confirmation = await expectInOutbox(
    page,
    ACCOUNTS.inbox.email,
    `Your stay at ${location.name} is confirmed: please pay to secure it`,
  );
  await expect(confirmation).toContainText("Please book your flights once your stay is paid");
  await expect(confirmation).toContainText("A note from our team: Welcome drinks are on us.");

  await page.goto("/members");
  await expect(ownRequest).toContainText("Confirmed: awaiting payment");

  // Without JavaScript, as the same admin.
  const noScript = await signedInContext(browser, baseURL!, ACCOUNTS.inbox, "inbox", {
    javaScriptEnabled: false,
  });
  try {
    const plain = await noScript.newPage();
    await plain.goto("/admin/requests?kind=booking&status=new");
    await expect(plain.locator("script[src]")).toHaveCount(0);
    const declineCard = plain.locator("article").filter({ hasText: declineGuest });
    await declineCard.getByRole("button", { name: /^Decline booking/ }).click();
    await expect(plain.getByRole("status").filter({ hasText: "Booking declined" })).toBeVisible();
    await plain.goto("/admin/requests?kind=booking&status=decided");
    await expect(declineCard).toContainText(`Declined by ${ACCOUNTS.inbox.email}`);
    const decline = await expectInOutbox(
      plain,
      ACCOUNTS.booker.email,
      `About your booking request for ${location.name}`,
    );
    await expect(decline).toContainText("/locations");
  } finally {
    await noScript.close();
  }
});
