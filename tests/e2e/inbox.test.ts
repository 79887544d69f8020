import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { seedLocations } from "../../scripts/seed/data";

import { E2E_PERSIST_DIR as PERSIST_DIR } from "./support/server";
import { signInThroughOutbox } from "./support/sign-in";
// A second seeded admin: auth.test.ts signs in admin@example.com, and sign-in links to one
// address are spaced 60 s apart.
const ADMIN = "ops@example.com";
const ADMIN_ID = "user-ops";

const location = seedLocations.find(
  (candidate) => !candidate.hidden && candidate.roomTypes.length > 0,
)!;
const room = location.roomTypes[0]!;

const sqlText = (value: string | number | null) =>
  value === null
    ? "NULL"
    : typeof value === "number"
      ? String(value)
      : `'${value.replaceAll("'", "''")}'`;

/**
 * Stores a booking request straight into the server's D1 (the booking form is tested on its own):
 * the admin part of the flow is what this test is about.
 */
function seedBooking({
  guestEmail,
  firstName,
  userId,
}: {
  guestEmail: string;
  firstName: string;
  userId: string | null;
}) {
  const id = crypto.randomUUID();
  const row: Record<string, string | number | null> = {
    id,
    idempotency_key: id,
    user_id: userId,
    first_name: firstName,
    last_name: "Guest",
    email: guestEmail,
    phone: "+1 555 010 0100",
    check_in_date: "2027-06-05",
    check_out_date: "2027-06-12",
    adults: 2,
    children: 0,
    infants: 0,
    location_id: location.id,
    location_name: location.name,
    location_city: location.city ?? null,
    location_state: location.state ?? null,
    location_country: location.country,
    room_type_id: `${location.id}-room-1`,
    room_type_name: room.name,
    room_type_bedrooms: room.bedrooms,
    room_type_bathrooms: room.bathrooms,
    room_type_price: room.price,
    special_requests: "A crib, please",
  };
  const command = `INSERT INTO booking_requests (${Object.keys(row).join(", ")}) VALUES (${Object.values(
    row,
  )
    .map(sqlText)
    .join(", ")})`;
  // Wrangler on the Node.js that runs the tests (the system's may be too old for it).
  execFileSync(
    process.execPath,
    [
      "node_modules/wrangler/bin/wrangler.js",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      PERSIST_DIR,
      "--command",
      command,
    ],
    { stdio: "pipe", env: { ...process.env, CI: "true" } },
  );
  return id;
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
  page,
  browser,
}) => {
  const stamp = Date.now();
  const confirmGuest = `confirm-${stamp}@example.com`;
  const declineGuest = `decline-${stamp}@example.com`;
  // The first is the admin's own request, so their members page shows it too.
  const confirmId = seedBooking({ guestEmail: confirmGuest, firstName: "Clara", userId: ADMIN_ID });
  const declineId = seedBooking({ guestEmail: declineGuest, firstName: "Dora", userId: null });

  await signInThroughOutbox(page, ADMIN);
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

  const card = page.locator(`article[id="request-${confirmId}"]`);
  await expect(card).toContainText("Clara Guest");
  await expect(card).toContainText(confirmGuest);
  await expect(card).toContainText("A crib, please");
  await card.getByLabel(/Note to the guest/).fill("Welcome drinks are on us.");
  // With JavaScript the admin is asked first, since the guest is e-mailed.
  const asked = page.waitForEvent("dialog");
  const confirming = card.getByRole("button", { name: /^Confirm/ }).click();
  const dialog = await asked;
  expect(dialog.message()).toContain("Confirm this booking?");
  await dialog.accept();
  await confirming;
  await expect(page.getByText("Booking confirmed").first()).toBeVisible();
  // Confirmed, it leaves the "new" view; under "Confirmed" it shows who confirmed it.
  await expect(card).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Filter by status" })
    .getByRole("link", { name: "Confirmed" })
    .click();
  await expect(card).toContainText(`Confirmed by ${ADMIN}`);
  await expect(card.getByRole("button")).toHaveCount(0);

  const confirmation = await expectInOutbox(
    page,
    confirmGuest,
    `Your stay at ${location.name} is confirmed`,
  );
  await expect(confirmation).toContainText("You can now book your flights.");
  await expect(confirmation).toContainText("A note from our team: Welcome drinks are on us.");

  await page.goto("/members");
  await expect(ownRequest).toContainText("Confirmed");

  // Without JavaScript, in the same session.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await noScript.newPage();
    await plain.goto("/admin/requests?kind=booking&status=new");
    await expect(plain.locator("script[src]")).toHaveCount(0);
    const declineCard = plain.locator(`article[id="request-${declineId}"]`);
    await declineCard.getByRole("button", { name: /^Decline/ }).click();
    await expect(plain.getByRole("status").filter({ hasText: "Booking declined" })).toBeVisible();
    await plain.goto("/admin/requests?kind=booking&status=declined");
    await expect(declineCard).toContainText(`Declined by ${ADMIN}`);
    const decline = await expectInOutbox(
      plain,
      declineGuest,
      `About your booking request for ${location.name}`,
    );
    await expect(decline).toContainText("/locations");
  } finally {
    await noScript.close();
  }
});
