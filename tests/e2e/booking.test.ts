import { expect, test } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { daysFromResortToday } from "./support/clock";
import { ACCOUNTS, signedInContext } from "./support/accounts";

const location = seedLocations.find(
  (candidate) =>
    !candidate.hidden && candidate.roomTypes.length >= 2 && candidate.roomTypes[0]!.price > 0,
)!;

test("a member books from a location page and staff get the request by e-mail", async ({
  browser,
  baseURL,
}) => {
  // On a phone: the toast that greets the confirmation must leave the header usable.
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.booker, "books", {
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const room = location.roomTypes[0]!;

  await page.goto(`/locations/${location.slug}`);
  await page.getByRole("link", { name: "Request to book" }).first().click();
  await expect(page.getByRole("heading", { name: "Book Your Stay" })).toBeVisible();
  // The resort comes chosen; another is found on the list, which searches a thousand of them.
  const selection = page.getByRole("group", { name: "Resort & Room Selection" });
  await expect(selection).toContainText(location.name);
  await expect(selection.getByRole("link", { name: "Choose another resort" })).toHaveAttribute(
    "href",
    "/locations",
  );
  await expect(page.getByLabel("Room type")).toHaveValue(`${location.id}-room-1`);
  // Answered at the account's address: shown, not typed.
  await expect(page.locator("#booking").getByText(ACCOUNTS.booker.email)).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveCount(0);

  await page.getByLabel("First name").fill("Grace");
  await page.getByLabel("Last name").fill("Hopper");
  await page.getByLabel("Phone").fill("+1 555 0199");
  await page.getByLabel("Check-in").fill(daysFromResortToday(location, 40));
  await page.getByLabel("Check-out").fill(daysFromResortToday(location, 47));
  await expect(page.getByText("7 nights", { exact: true })).toBeVisible();
  // The stay's estimate, asked of the server as the dates are chosen: its nights' share of their
  // weeks' rates, and the nightly charges.
  const estimate = page.locator("dl").filter({ hasText: "Estimated total" });
  await expect(estimate.getByText(/^US\$[\d,.]+$/).last()).toBeVisible();
  await expect(estimate.getByText("Room (7 nights)")).toBeVisible();
  // More guests than the room sleeps are refused in the form, naming the room's limit.
  await page.getByLabel("Adults").selectOption("10");
  await page.getByLabel("Children (ages 2-12)").selectOption("2");
  await expect(
    page.getByText(`Total guests: 12 (this room sleeps up to ${room.maxGuests})`),
  ).toBeVisible();
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(
    page.getByText(`This room sleeps at most ${room.maxGuests} guests (12 chosen)`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/book\?/);

  await page.getByLabel("Adults").selectOption("1");
  await page.getByLabel("Children (ages 2-12)").selectOption("1");
  await expect(page.getByText("Total guests: 2")).toBeVisible();
  // The connection drops as the request is sent: the form keeps what was typed, and says so.
  const sending = /\/book\.data/;
  await page.route(sending, (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
  );
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(
    page.getByText("Failed to send booking request. Please try again.").first(),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Book Your Stay" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Grace");
  await expect(page.getByLabel("Check-in")).toHaveValue(daysFromResortToday(location, 40));
  await expect(page.getByLabel("Children (ages 2-12)")).toHaveValue("1");
  await page.unroute(sending);
  // A bot check's answer counts once: it asks again.
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole("button", { name: "Submit Booking Request" }).click();

  await expect(page).toHaveURL(/\/booking-confirmation\?request=/);
  await expect(page.getByRole("heading", { name: "Request Received" })).toBeVisible();
  await expect(page.getByText("Thank you. We will get back to you soon.")).toBeVisible();
  // What was asked for, and where to follow it.
  const summary = page.locator("main dl");
  for (const shown of [location.name, room.name, "1 adult, 1 child", "7 nights"]) {
    await expect(summary).toContainText(shown);
  }
  await expect(page.getByRole("link", { name: "Your booking requests" })).toHaveAttribute(
    "href",
    "/members",
  );
  const toast = page.getByText("Booking request sent successfully!").first();
  await expect(toast).toBeVisible();
  const headerBottom = (await page.locator("header").boundingBox())!;
  // Where it settles: the toast slides in from above, and mid-slide it still overlaps the header.
  await expect
    .poll(async () => (await toast.boundingBox())!.y)
    .toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
  await expect(page.getByRole("link", { name: "Browse More Resorts" })).toHaveAttribute(
    "href",
    "/locations",
  );

  const staffEmail = page
    .locator("article")
    .filter({ hasText: `Booking request: ${location.name}` })
    .filter({ hasText: "Grace Hopper" });
  await expect(async () => {
    await page.goto("/dev/outbox?to=staff%40insiderstays.example");
    await expect(staffEmail).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(staffEmail).toContainText("staff@insiderstays.example");
  await context.close();
});

test("without JavaScript the empty form names each missing field; visitors are sent to sign in", async ({
  browser,
  page,
  baseURL,
}) => {
  await page.goto(`/book?location=${location.slug}`);
  await expect(page).toHaveURL(
    `/login?dest=${encodeURIComponent(`/book?location=${location.slug}`)}`,
  );

  // A member in a browser without JavaScript.
  const signedIn = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.booker,
    "books without JavaScript",
    {
      javaScriptEnabled: false,
    },
  );
  const noScript = await signedIn.newPage();
  await noScript.goto(`/book?location=${location.slug}`);
  await expect(noScript.locator("script[src]")).toHaveCount(0);
  await noScript.getByLabel("Adults").selectOption("1");
  await noScript.getByRole("button", { name: "Submit Booking Request" }).click();
  for (const message of [
    "Please select a room type",
    "Please enter both first and last name",
    "Please enter a phone number",
    "Please choose a check-in date",
    "Please choose a check-out date",
    "Please complete the CAPTCHA verification.",
  ]) {
    await expect(noScript.getByText(message).first()).toBeVisible();
  }
  // Sent back, the page opens at the first wrong field: here the last name, the room now chosen.
  await noScript.getByLabel("Room type").selectOption({ index: 1 });
  await noScript.getByLabel("First name").fill("Ada");
  await noScript.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(noScript.getByText("Please enter both first and last name")).toBeVisible();
  await expect(noScript.getByLabel("Last name")).toBeFocused();
  await signedIn.close();
});
