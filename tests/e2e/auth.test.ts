import { expect, test, type Page } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";

const priced = seedLocations.find(
  (location) => !location.hidden && location.roomTypes.every((room) => room.price > 0),
)!;

/** Requests a sign-in link on /login and follows it from the dev outbox, as a person would. */
async function signInThroughOutbox(page: Page, email: string, { javaScript }: { javaScript: boolean }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole("button", { name: "Send magic link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("We sent a sign-in link to the address")).toBeVisible();
  await followEmailLink(page, email, javaScript);
}

async function followEmailLink(page: Page, email: string, javaScript: boolean) {
  // The e-mail is sent just after the response; the outbox shows it within moments.
  const message = page.locator("article").filter({ hasText: email }).first();
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(message).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await message.locator('a[href*="/auth/callback"]').first().click();
  await expect(page.getByRole("heading", { name: /Sign in to/ })).toBeVisible();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  if (!javaScript) await expect(page.locator("script[src]")).toHaveCount(0);
}

test.describe("with JavaScript", () => {
  test("an admin signs in, sees prices, invites a member, and signs out", async ({ page }) => {
    await page.goto(`/locations/${priced.slug}`);
    await expect(page.getByRole("link", { name: "Sign in to view pricing." }).first()).toBeVisible();
    await expect(page.getByText("Typical weekly price")).toHaveCount(0);

    await signInThroughOutbox(page, "admin@example.com", { javaScript: true });

    await page.goto(`/locations/${priced.slug}`);
    await expect(page.getByText("Typical weekly price").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Additional Fees" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Request to book" }).first()).toHaveAttribute(
      "href",
      new RegExp(`^/book\\?location=${priced.slug}&roomType=`),
    );
    await expect(page.getByRole("link", { name: "Edit" })).toHaveAttribute(
      "href",
      `/admin?location=${priced.id}`,
    );

    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: "Manage Users" })).toBeVisible();
    const invitee = `invitee-${Date.now()}@example.com`;
    await page.getByPlaceholder("member@example.com").fill(invitee);
    await page.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByText(`Invitation sent to ${invitee}`).first()).toBeVisible();
    await expect(
      page.locator('section[aria-labelledby="users-heading"] li').filter({ hasText: invitee }),
    ).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("Signed out successfully").first()).toBeVisible();
    await page.goto(`/locations/${priced.slug}`);
    await expect(page.getByText("Typical weekly price")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in to view pricing." }).first()).toBeVisible();

    // The invited member follows the link from their invitation.
    await followEmailLink(page, invitee, true);
  });

  test("a visitor on an admin page gets the admin sign-in screen", async ({ page }) => {
    const response = await page.goto("/admin/users");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();
    await expect(page.getByText("The link works once and expires after 1 hour.")).toBeVisible();
    await page.getByLabel("I'm not a robot").check();
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a member signs in, sees prices, and is refused on the admin pages", async ({ page }) => {
    await signInThroughOutbox(page, "member@example.com", { javaScript: false });
    await page.goto(`/locations/${priced.slug}`);
    await expect(page.getByText("Typical weekly price").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);

    const response = await page.goto("/admin/users");
    expect(response?.status()).toBe(403);
    await expect(
      page.getByText("Access denied. You are not authorized to view this page."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Magic Link" })).toBeVisible();

    // Refused on an admin page means signed out.
    await page.goto(`/locations/${priced.slug}`);
    await expect(page.getByText("Typical weekly price")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Join us" })).toBeVisible();
  });
});
