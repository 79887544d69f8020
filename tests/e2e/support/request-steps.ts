import { expect, type Page } from "@playwright/test";
import { type seedLocations } from "../../../scripts/seed/data";

/** The steps of a request's life the browser stories share: a week's form, the outbox. */

type SeedLocation = (typeof seedLocations)[number];

/** The n-th open week of a room on its location page: its booking form's address. */
export async function weekLink(page: Page, location: SeedLocation, roomId: string, index: number) {
  await page.goto(`/locations/${location.slug}`);
  const links = page
    .locator(`section[aria-labelledby="availability-${roomId}"]`)
    .getByRole("link", { name: /^Request the week of/ });
  return (await links.nth(index).getAttribute("href"))!;
}

/** Sends the week's form as `who` (on its waitlist with `waitlist`). */
export async function requestWeek(
  page: Page,
  href: string,
  {
    firstName,
    lastName,
    phone,
    waitlist = false,
  }: {
    firstName: string;
    lastName: string;
    phone: string;
    waitlist?: boolean;
  },
) {
  await page.goto(href);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Adults").selectOption("2");
  if (waitlist) await page.getByLabel("Put me on the waitlist for this week").check();
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByRole("heading", { name: "Request Received" })).toBeVisible();
}

/** The newest e-mail to `to` with `subject`, once it is in the dev outbox. */
export async function inOutbox(page: Page, to: string, subject: string | RegExp) {
  const email = page
    .locator("article")
    .filter({ has: page.getByRole("heading", { name: subject }) });
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
    await expect(email.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  return email.first();
}
