import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn } from "./support/accounts";

/**
 * Without JavaScript there is no confirm(): every destructive action posts once to ask, and the
 * page comes back with the question where the admin can see it, then deletes on the answer.
 */

test.use({ javaScriptEnabled: false });

const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test.beforeEach(async ({ context, baseURL }) => {
  await signIn(context, ACCOUNTS.asksFirst, "asks first", baseURL!);
});

test("deleting an image, a room type and a location each asks first, with the question on screen", async ({
  page,
}) => {
  const name = `Asks First Atoll ${crypto.randomUUID().slice(0, 8)}`;
  await page.goto("/admin?new=1");
  const form = page.locator('section[aria-labelledby="location-form-heading"]');
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Country").selectOption("Maldives");
  await form.getByRole("button", { name: "Create Location" }).click();
  await expect(status(page, "Location created successfully")).toBeVisible();

  // Two pictures, so the one deleted is told apart from the one kept.
  const images = page.locator('section[id^="images-"]').first();
  await images
    .getByLabel("Choose images to upload")
    .setInputFiles([
      "tests/fixtures/images/gold-320x180.jpg",
      "tests/fixtures/images/navy-300x200.png",
    ]);
  await images.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(status(page, "2 images uploaded successfully")).toBeVisible();

  await images.getByRole("button", { name: "Delete image 2" }).click();
  const question = page.getByText("Are you sure you want to delete this image?");
  await expect(question).toBeInViewport();
  await expect(images.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Yes, delete image 2" }).click();
  // The answer is on screen where the admin was, not at the top of the page out of view.
  await expect(status(page, "Image deleted successfully")).toBeInViewport();
  await page.screenshot({ path: "test-results/asks-first/image-deleted.png" });
  await expect(images.getByRole("listitem")).toHaveCount(1);
  await expect(page).not.toHaveURL(/deleteImage=/);

  await page.getByRole("link", { name: "+ Add Room Type" }).click();
  await page.locator("#add-room-type").getByLabel("Name").fill("Water Villa");
  await page.getByRole("button", { name: "Create Room Type" }).click();
  await expect(status(page, "Room type created successfully")).toBeVisible();
  await page.getByRole("button", { name: "Delete Room Type" }).click();
  await expect(
    page.getByText("Are you sure you want to delete this room type? This will remove its images."),
  ).toBeInViewport();
  await page.getByRole("button", { name: "Yes, delete Water Villa" }).click();
  await expect(status(page, "Room type deleted successfully")).toBeVisible();

  await page.getByRole("button", { name: "Delete Location" }).click();
  await expect(
    page.getByText(
      "Are you sure you want to delete this location? This will remove its room types and images.",
    ),
  ).toBeInViewport();
  await page.getByRole("button", { name: `Yes, delete ${name}` }).click();
  await expect(status(page, "Location deleted successfully")).toBeVisible();
  // Back comes to the question's own page, not to a form the browser would send again.
  const back = await page.goBack();
  expect(back?.status()).toBe(404);
  await expect(page.getByText("Location not found").first()).toBeVisible();
});

test("removing a user asks first, with the question on screen", async ({ page }) => {
  const email = `asks-first-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await page.goto("/admin/users");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(
    status(page, `Account created for ${email}; the invitation e-mail is on its way`),
  ).toBeVisible();

  await page.getByRole("button", { name: `Remove ${email}` }).click();
  await expect(page.getByText(`Remove ${email}? They will be signed out.`)).toBeInViewport();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Yes, remove ${email}` }).click();
  await expect(status(page, `Removed ${email}`)).toBeInViewport();
  await expect(page.getByText(email, { exact: true })).toHaveCount(0);
});
