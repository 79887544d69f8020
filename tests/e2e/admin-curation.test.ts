import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { recordCspViolations } from "./support/csp";
import { pickUpWithKeyboard } from "./support/keyboard-drag";

const PICTURES = [
  "tests/fixtures/images/navy-300x200.png",
  "tests/fixtures/images/gold-320x180.jpg",
];

test.describe.configure({ mode: "serial", timeout: 120_000 });

const locationForm = (page: Page) =>
  page.locator('section[aria-labelledby="location-form-heading"]');

/** Locations a test created and has not deleted yet: removed after it, so a failure leaves no trace. */
const created = new Set<string>();

test.afterEach(async ({ browser, baseURL }) => {
  if (created.size === 0) return;
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.curation, "curation");
  for (const id of created) {
    await context.request.post(`/admin?location=${id}`, {
      form: { intent: "delete-location", locationId: id, confirmed: "yes" },
      headers: { Origin: baseURL! },
    });
  }
  created.clear();
  await context.close();
});

async function createLocation(page: Page, name: string, country: string, city: string) {
  await page.goto("/admin?new=1");
  const form = locationForm(page);
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Country").selectOption(country);
  await form.getByLabel("City").fill(city);
  await form.getByRole("button", { name: "Create Location" }).click();
  await expect(page.getByText("Location created successfully").first()).toBeVisible();
  const id = new URL(page.url()).searchParams.get("location")!;
  created.add(id);
  // A new location is a draft: on the site once published.
  await page.getByRole("button", { name: "Publish location" }).click();
  await expect(page.getByText("Location published: it is on the site").first()).toBeVisible();
  return id;
}

/** The public page's hero pictures, in order, by their alt text. */
async function publicPictures(page: Page, slug: string) {
  const visitor = await page
    .context()
    .browser()!
    .newPage({ baseURL: new URL(page.url()).origin });
  await visitor.goto(`/locations/${slug}`);
  const alts = await visitor
    .locator(".hero-thumbs button")
    .evaluateAll((buttons) =>
      buttons.map((button) =>
        (button.getAttribute("aria-label") ?? "").replace(/^Show photo \d+ of \d+: /, ""),
      ),
    );
  await visitor.close();
  return alts;
}

/** A page as a signed-out visitor gets it. */
async function visitorStatus(baseURL: string, path: string) {
  const response = await fetch(new URL(path, baseURL));
  return { status: response.status, html: await response.text() };
}

async function publicStatus(page: Page, path: string) {
  const response = await page.request.get(path);
  return { status: response.status(), html: await response.text() };
}

test("with JavaScript: a new resort gets pictures, is reordered, featured, hidden and deleted", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.curation, "curation");
  // Uploads with progress, drag and drop, toasts and prompts, all under the pages' policy.
  const violations = await recordCspViolations(context);
  const page = await context.newPage();
  const stamp = crypto.randomUUID().slice(0, 8);
  const name = `Curated Cove ${stamp}`;
  const slug = `curated-cove-${stamp}`;
  const locationId = await createLocation(page, name, "Mexico", "Tulum");

  // Feature it, with a description.
  const form = locationForm(page);
  await form.getByLabel("Description").fill("A quiet cove of white villas above the reef.");
  await form.getByLabel("Featured").check();
  await form.getByRole("button", { name: "Save Location" }).click();
  await expect(page.getByText("Location updated successfully").first()).toBeVisible();

  // Two pictures, uploaded with a progress bar, then the second moved first by keyboard.
  await page.locator('input[type="file"]').first().setInputFiles(PICTURES);
  await page.getByRole("button", { name: "Upload", exact: true }).first().click();
  await expect(page.getByText("2 images uploaded successfully").first()).toBeVisible();
  expect(await publicPictures(page, slug)).toHaveLength(2);
  const before = await publicPictures(page, slug);

  const handle = page.getByRole("button", { name: "Drag image 2 to reorder" }).first();
  await expect(handle).toBeEnabled();
  // A screen reader reads the handle's instructions, not the whole section.
  await expect(handle).toHaveAccessibleDescription(/^To pick up an image, press space or enter\./);
  await handle.focus();
  await expect(handle).toBeFocused();
  await pickUpWithKeyboard(page);
  // Picked up: the live region says where the image is.
  await expect(page.getByText("Image 2 is over position 2.").first()).toBeAttached();
  await page.keyboard.press("ArrowLeft");
  // Drop only once the move is announced (the sensor moves on the next frame).
  await expect(page.getByText("Image 2 is over position 1.").first()).toBeAttached();
  await page.keyboard.press("Space");
  await expect
    .poll(() => publicPictures(page, slug), { timeout: 15_000 })
    .toEqual([before[1], before[0]]);

  // Featured: on the featured order page and on the home page.
  await page.goto("/admin/featured");
  await expect(
    page.getByRole("list", { name: "Featured locations in order" }).getByText(name).first(),
  ).toBeVisible();
  expect((await publicStatus(page, "/")).html).toContain(name);

  // Hidden: gone from the public list and its page; 'View' still shows the admin a preview.
  await page.goto(`/admin?location=${locationId}`);
  await locationForm(page).getByLabel("Hidden").check();
  await locationForm(page).getByRole("button", { name: "Save Location" }).click();
  await expect(page.getByText("Location updated successfully").first()).toBeVisible();
  expect((await visitorStatus(baseURL!, "/locations")).html).not.toContain(name);
  expect((await visitorStatus(baseURL!, `/locations/${slug}`)).status).toBe(404);
  const [preview] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: /^View/ }).click(),
  ]);
  await expect(preview.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(preview.getByText("Hidden location: admin preview.")).toBeVisible();
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await preview.close();

  // Deleted: gone everywhere, pictures included.
  const pictureUrl = (await page
    .locator(`img[src^="/images/${locationId}/"]`)
    .first()
    .getAttribute("src"))!;
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Delete Location" }).click();
  await expect(page.getByText("Location deleted successfully").first()).toBeVisible();
  created.delete(locationId);
  expect((await publicStatus(page, "/admin/featured")).html).not.toContain(name);
  expect((await publicStatus(page, pictureUrl)).status).toBe(404);
  expect(violations).toEqual([]);
  await context.close();
});

test("without JavaScript: the same curation works with plain forms", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.curation, "curation", {
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const stamp = crypto.randomUUID().slice(0, 8);
  const name = `Plain Form Villas ${stamp}`;
  const slug = `plain-form-villas-${stamp}`;
  const locationId = await createLocation(page, name, "Spain", "Marbella");

  await page.locator('input[type="file"]').first().setInputFiles(PICTURES);
  await page.getByRole("button", { name: "Upload", exact: true }).first().click();
  await expect(page.getByText("2 images uploaded successfully").first()).toBeVisible();
  const before = await publicPictures(page, slug);
  expect(before).toHaveLength(2);

  await page.getByRole("button", { name: "Move image 1 later" }).first().click();
  await expect(page.getByText("Images reordered successfully").first()).toBeVisible();
  expect(await publicPictures(page, slug)).toEqual([before[1], before[0]]);

  // Feature it and move it to the top of the featured order with the buttons.
  await locationForm(page).getByLabel("Featured").check();
  await locationForm(page).getByRole("button", { name: "Save Location" }).click();
  await expect(page.getByText("Location updated successfully").first()).toBeVisible();
  await page.goto("/admin/featured");
  const featuredRows = page
    .getByRole("list", { name: "Featured locations in order" })
    .getByRole("listitem");
  const namesBefore = await featuredRows.allTextContents();
  const at = namesBefore.findIndex((text) => text.includes(name));
  expect(at).toBeGreaterThan(0);
  const previous = namesBefore[at - 1]!;
  await featuredRows
    .filter({ hasText: name })
    .getByRole("button", { name: /^Move up/ })
    .click();
  await expect(
    page.getByText("Featured locations order updated successfully!").first(),
  ).toBeVisible();
  await expect
    .poll(async () => (await featuredRows.allTextContents()).findIndex((t) => t.includes(name)))
    .toBe(at - 1);
  // The home page follows at once, in the same order.
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto("/");
  const homeNames = await visitor
    .locator('[aria-labelledby="featured-heading"] li h3')
    .allTextContents();
  await visitor.close();
  expect(homeNames.indexOf(name)).toBe(at - 1);
  expect(homeNames.indexOf(name)).toBeLessThan(
    homeNames.findIndex((home) => previous.includes(home)),
  );

  // Delete: a second step confirms without JavaScript.
  await page.goto(`/admin?location=${locationId}`);
  await page.getByRole("button", { name: "Delete Location" }).click();
  await page.getByRole("button", { name: `Yes, delete ${name}` }).click();
  await expect(page.getByText("Location deleted successfully").first()).toBeVisible();
  created.delete(locationId);
  expect((await publicStatus(page, `/locations/${slug}`)).status).toBe(404);
  await context.close();
});
