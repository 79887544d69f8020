import { expect, test } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { waitForHydration } from "./support/hydration";
import { followEmailLink, signInThroughOutbox } from "./support/sign-in";

const priced = seedLocations.find(
  (location) => !location.hidden && location.roomTypes.every((room) => room.price > 0),
)!;

test.describe("with JavaScript", () => {
  test("an admin signs in, sees prices, invites a member, and signs out", async ({ page }) => {
    await page.goto(`/locations/${priced.slug}`);
    await expect(
      page.getByRole("link", { name: "Sign in to view pricing." }).first(),
    ).toBeVisible();
    await expect(page.getByText("Typical weekly price")).toHaveCount(0);

    await signInThroughOutbox(page, "admin@example.com");

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
    const invitee = `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.getByPlaceholder("member@example.com").fill(invitee);
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    await expect(
      page.getByText(`Account created for ${invitee}; the invitation e-mail is on its way`).first(),
    ).toBeVisible();
    await expect(
      page.locator('section[aria-labelledby="users-heading"] li').filter({ hasText: invitee }),
    ).toBeVisible();

    // On an admin page the admin bar's Logout is the one way out.
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Signed out successfully").first()).toBeVisible();
    await page.goto(`/locations/${priced.slug}`);
    await expect(page.getByText("Typical weekly price")).toHaveCount(0);
    await expect(
      page.getByRole("link", { name: "Sign in to view pricing." }).first(),
    ).toBeVisible();

    // The invited member follows the link from their invitation.
    await followEmailLink(page, invitee);
  });

  test("offline, asking for a sign-in link keeps the form and says it was not sent", async ({
    page,
  }) => {
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("Email").fill("offline@example.com");
    await page.getByLabel("I'm not a robot").check();
    await page.route(/\/login\.data|\/sonner-toaster-[^/]*\.js$/, (route) =>
      route.abort("internetdisconnected"),
    );
    await page.getByRole("button", { name: "Send magic link" }).click();
    await expect(page.getByText("Failed to send magic link. Please try again.")).toBeVisible();
    await expect(page.getByText("Failed to send login link")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("offline@example.com");
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
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
    await signInThroughOutbox(page, "member@example.com");
    await expect(page.locator("script[src]")).toHaveCount(0);
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

  test("a second link asked for within the wait says how long to wait, and the button still works", async ({
    page,
  }) => {
    const email = `e2e-wait-${crypto.randomUUID().slice(0, 8)}@example.com`;
    for (let ask = 0; ask < 2; ask++) {
      await page.goto("/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("I'm not a robot").check();
      await page.getByRole("button", { name: "Send magic link" }).click();
    }
    await expect(
      page.getByText(
        /^Rate limited\. Please wait \d+ seconds before requesting another magic link\./,
      ),
    ).toBeVisible();
    // Nothing counts down without JavaScript: a button disabled here would stay so.
    await expect(page.getByRole("button", { name: "Rate Limited - Please Wait" })).toBeEnabled();
  });
});
