import { expect, type Page } from "@playwright/test";

/**
 * Signs in as a person would: asks for a link on /login, then follows it from the dev outbox.
 * Each address can get one link a minute, so each test file signs in with its own account.
 */
export async function signInThroughOutbox(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole("button", { name: "Send magic link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("We sent a sign-in link to the address")).toBeVisible();
  await followEmailLink(page, email);
}

/** Opens the newest e-mail to `email` in the dev outbox and follows its sign-in link. */
export async function followEmailLink(page: Page, email: string) {
  // The e-mail is sent just after the response; the outbox shows it within moments.
  const message = page.locator("article").filter({ hasText: email }).first();
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    await expect(message).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await message.locator('a[href*="/auth/callback"]').first().click();
  await expect(page.getByRole("heading", { name: /Sign in to/ })).toBeVisible();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}
