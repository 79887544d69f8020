import { expect, test, type Locator, type Page } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { pickUpWithKeyboard } from "./support/keyboard-drag";

const UNSAVED =
  "You have unsaved changes. Are you sure you want to leave this page? Your changes will be lost.";
const CONFIRM_DELETE =
  "Are you sure you want to delete this location? This will remove its room types and images.";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const locationForm = (page: Page) =>
  page.locator('section[aria-labelledby="location-form-heading"]');
const roomEditor = (page: Page) => page.locator("#room-type-editor");
const picker = (page: Page) => page.locator('section[aria-labelledby="picker-heading"]');

/** Runs `action` and answers the one dialog it opens, checking its message. */
async function answerDialog(
  page: Page,
  message: string,
  accept: boolean,
  action: () => Promise<void>,
) {
  const seen: string[] = [];
  page.once("dialog", async (dialog) => {
    seen.push(dialog.message());
    if (accept) await dialog.accept();
    else await dialog.dismiss();
  });
  await action();
  await expect.poll(() => seen).toEqual([message]);
}

async function expectPublicList(page: Page, name: string, listed: boolean) {
  const publicPage = await page.context().newPage();
  await publicPage.goto("/locations");
  const link = publicPage.getByRole("link", { name: new RegExp(name) });
  if (listed) await expect(link.first()).toBeVisible();
  else await expect(link).toHaveCount(0);
  await publicPage.close();
}

async function fillNumber(field: Locator, value: string) {
  await field.fill(value);
}

test("with JavaScript an admin creates a location and a room type, hides it and deletes it", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.locations, "locations");
  const page = await context.newPage();
  const stamp = crypto.randomUUID().slice(0, 8);
  const name = `Playwright Palms ${stamp}`;
  const slug = `playwright-palms-${stamp}`;

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Locations", level: 1 })).toBeVisible();

  // The search filters as you type.
  await picker(page).getByLabel("Search locations").fill("zzzz nothing");
  await expect(picker(page).getByText("No locations found")).toBeVisible();
  await picker(page).getByLabel("Search locations").fill("");
  // A slow answer: the search typed just before must not take over the page asked for meanwhile.
  await page.route("**/admin.data?new=1*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await picker(page).getByRole("link", { name: "+ Add Location" }).click();
  await expect(page).toHaveURL(/\/admin\?new=1$/);
  await page.unroute("**/admin.data?new=1*");
  const form = locationForm(page);
  await expect(form.getByLabel("Country")).toHaveValue("United States");
  await expect(form.getByLabel("Minimum nights")).toHaveValue("7");
  await expect(form.getByLabel("Featured")).not.toBeChecked();
  await expect(form.getByLabel("Hidden")).not.toBeChecked();

  // The slug follows the name while creating.
  await form.getByLabel("Name").pressSequentially(name, { delay: 5 });
  await expect(form.getByLabel("Slug")).toHaveValue(slug);

  // The place rules as the fields change are admin-place-rules.test.ts's.
  await form.getByLabel("State").selectOption("California");
  await form.getByLabel("City").fill("Carmel");

  await form.getByRole("button", { name: "Create Location" }).click();
  await expect(page.getByText("Location created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\?location=[\w-]+$/);
  const locationId = new URL(page.url()).searchParams.get("location")!;
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(form.getByLabel("Slug")).toHaveValue(slug);
  await expect(form.getByLabel("City")).toHaveValue("Carmel");
  await expect(page.getByRole("link", { name: /^View/ })).toHaveAttribute(
    "href",
    `/locations/${slug}`,
  );
  await expect(page.getByRole("link", { name: /^View/ })).toHaveAttribute("target", "_blank");

  // A room type: the name first, then its prices.
  await page.getByRole("link", { name: "+ Add Room Type" }).click();
  await page.locator("#add-room-type").getByLabel("Name").fill("Ocean Suite");
  await page.getByRole("button", { name: "Create Room Type" }).click();
  await expect(page.getByText("Room type created successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`location=${locationId}&roomType=[\\w-]+`));
  const roomTypeId = new URL(page.url()).searchParams.get("roomType")!;
  const editor = roomEditor(page);
  await expect(editor.getByRole("link", { name: "Back to Location" })).toBeVisible();
  await fillNumber(editor.getByLabel("Bedrooms"), "2");
  await fillNumber(editor.getByLabel("Bathrooms"), "1.5");
  await fillNumber(editor.getByLabel("Max guests"), "4");
  await fillNumber(editor.getByLabel("Typical weekly price"), "2450");
  await fillNumber(editor.getByLabel("Christmas"), "3100");
  await editor.getByLabel("Balcony").check();
  await expect(editor.getByLabel("Parking cost")).toBeVisible();
  await editor.getByLabel("Free parking").check();
  await expect(editor.getByLabel("Parking cost")).toBeHidden();
  await fillNumber(editor.getByLabel("Resort fee", { exact: true }), "25");

  // A dirty form asks before switching location.
  await answerDialog(page, UNSAVED, false, () =>
    picker(page).getByRole("link", { name: "Next →" }).click(),
  );
  await expect(page).toHaveURL(new RegExp(`roomType=${roomTypeId}`));

  await editor.getByRole("button", { name: "Save Room Type" }).click();
  await expect(page.getByText("Room type updated successfully")).toBeVisible();
  await expect(editor.getByLabel("Typical weekly price")).toHaveValue("2450");
  await expect(editor.getByLabel("Bathrooms")).toHaveValue("1.5");
  await expect(editor.getByLabel("Free parking")).toBeChecked();

  // Saved: nothing to ask any more. The selection is remembered for the next visit to /admin.
  await page.getByRole("link", { name: "Checklist" }).click();
  await expect(page).toHaveURL(/\/admin\/overview/);
  await page.goto("/admin");
  await expect(page).toHaveURL(
    new RegExp(`/admin\\?location=${locationId}&roomType=${roomTypeId}$`),
  );

  expect(await axeViolations(page, { within: "main", seriousOnly: true })).toEqual([]);

  // The room type is a draft: without a picture it cannot be published yet.
  await expect(editor.getByText("Draft:")).toBeVisible();
  await editor.getByRole("button", { name: "Publish room type" }).click();
  await expect(
    page.getByText("Before publishing, give this room type a picture.").first(),
  ).toBeVisible();
  // A new location is a draft too: published, it is on the public list at once.
  await expectPublicList(page, name, false);
  await page.getByRole("button", { name: "Publish location" }).click();
  await expect(page.getByText("Location published: it is on the site").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish location" })).toHaveCount(0);
  await expectPublicList(page, name, true);

  // Hiding it takes it off the public list at once.
  await form.getByLabel("Hidden").check();
  await answerDialog(page, UNSAVED, true, () =>
    picker(page).getByRole("link", { name: "← Previous" }).click(),
  );
  await expect(page).not.toHaveURL(new RegExp(`location=${locationId}`));
  await page.goto(`/admin?location=${locationId}`);
  await form.getByLabel("Hidden").check();
  await form.getByRole("button", { name: "Save Location" }).click();
  await expect(page.getByText("Location updated successfully")).toBeVisible();
  await expect(form.getByLabel("Hidden")).toBeChecked();
  await expectPublicList(page, name, false);

  // Deleting asks first.
  await answerDialog(page, CONFIRM_DELETE, false, () =>
    page.getByRole("button", { name: "Delete Location" }).click(),
  );
  await expect(page).toHaveURL(new RegExp(`location=${locationId}`));
  // Once deleted, the page does not reopen it as the remembered selection (a 404 in the console).
  const reopened: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && request.url().includes(`location=${locationId}`))
      reopened.push(request.url());
  });
  await answerDialog(page, CONFIRM_DELETE, true, () =>
    page.getByRole("button", { name: "Delete Location" }).click(),
  );
  await expect(page.getByText("Location deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(picker(page).getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  expect(reopened).toEqual([]);
  await context.close();
});

test("without JavaScript an admin creates and saves a location with the island select", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.locations, "locations", {
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const name = `No Script Bay ${crypto.randomUUID().slice(0, 8)}`;

  await page.goto("/admin");
  await expect(page.locator("script[src]")).toHaveCount(0);
  await picker(page).getByRole("link", { name: "+ Add Location" }).click();
  const form = locationForm(page);

  // Nothing typed: the server's field messages. On a phone the page comes back at its first
  // wrong field, focused, not at the top with the messages out of sight.
  await page.setViewportSize({ width: 390, height: 844 });
  await form.getByRole("button", { name: "Create Location" }).click();
  await expect(form.getByText("Name is required")).toBeVisible();
  await expect(form.getByText("Slug is required")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Name")).toBeFocused();
  await expect(form.getByLabel("Name")).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });

  // The slug is left empty: the server makes it from the name.
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("State").selectOption("Hawaii");
  await form.getByLabel("City").fill("Maui");
  await form.getByRole("button", { name: "Create Location" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Location created successfully" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\?location=[\w-]+$/);
  await expect(form.getByLabel("Slug")).toHaveValue(name.toLowerCase().replaceAll(" ", "-"));
  await expect(form.getByLabel("Island")).toHaveValue("Maui");

  await form.getByLabel("Island").selectOption("Kauai");
  await form.getByLabel("Minimum nights").fill("5");
  await form.getByRole("button", { name: "Save Location" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Location updated successfully" }),
  ).toBeVisible();
  await expect(form.getByLabel("Island")).toHaveValue("Kauai");
  await expect(form.getByLabel("Minimum nights")).toHaveValue("5");

  // Searching is a plain GET form.
  await page.getByLabel("Search locations").fill(name.slice(0, 14));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=No\+Script\+Bay/);
  await expect(picker(page).getByRole("link", { name: new RegExp(name) })).toBeVisible();

  // Deleting takes a second, explicit step.
  await page.getByRole("button", { name: "Delete Location" }).click();
  await page.getByRole("button", { name: `Yes, delete ${name}` }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Location deleted successfully" }),
  ).toBeVisible();
  await expect(picker(page).getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  await context.close();
});

test("with JavaScript an admin reorders room types by keyboard drag and drop; Move up still works without it", async ({
  browser,
  baseURL,
}) => {
  // The last listed location with three room types or more: other files book the first ones.
  // The seed's order is put back at the end, with the buttons that work without JavaScript.
  const location = seedLocations
    .filter((candidate) => !candidate.hidden && candidate.roomTypes.length >= 3)
    .at(-1)!;
  const seeded = location.roomTypes.map((room) => room.name);
  const moved = [seeded[1], seeded[0], ...seeded.slice(2)];
  const roomNames = (page: Page) =>
    page
      .locator('section[aria-labelledby="room-types-heading"] ol > li a > span:first-child')
      .allTextContents();
  const publicNames = async (page: Page) => {
    const publicPage = await page.context().newPage();
    await publicPage.goto(`/locations/${location.slug}`);
    const names = await publicPage
      .locator('section[aria-labelledby="room-options"]')
      .getByRole("heading", { level: 3 })
      .allTextContents();
    await publicPage.close();
    return names;
  };

  // Its own admin: the admin check allows 50 requests a minute per address and page, and this
  // file's other tests use most of theirs.
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.rooms, "rooms");
  const page = await context.newPage();
  await page.goto(`/admin?location=${location.id}`);
  await expect.poll(() => roomNames(page)).toEqual(seeded);
  expect(await publicNames(page)).toEqual(seeded);

  // Keyboard: focus the handle, Space picks up, ArrowDown moves one place, Space drops.
  const handle = page.getByRole("button", { name: `Drag to reorder ${seeded[0]}` });
  await expect(handle).toBeVisible();
  await handle.focus();
  await pickUpWithKeyboard(page);
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(
    page.getByText(`Picked up ${seeded[0]}. It is in position 1 of ${seeded.length}.`),
  ).toBeAttached();
  await page.keyboard.press("ArrowDown");
  await expect(
    page.getByText(`${seeded[0]} was moved into position 2 of ${seeded.length}.`),
  ).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByText("Room types reordered successfully")).toBeVisible();
  await expect.poll(() => roomNames(page)).toEqual(moved);
  await expect(handle).toBeFocused();

  // Saved: after a reload, and on the public page.
  await page.reload();
  await expect.poll(() => roomNames(page)).toEqual(moved);
  expect(await publicNames(page)).toEqual(moved);
  await context.close();

  // Without JavaScript there is no handle; Move up posts and saves at once.
  const noScript = await signedInContext(browser, baseURL!, ACCOUNTS.rooms, "rooms", {
    javaScriptEnabled: false,
  });
  const plain = await noScript.newPage();
  await plain.goto(`/admin?location=${location.id}`);
  await expect(plain.getByRole("button", { name: /^Drag to reorder/ })).toHaveCount(0);
  await plain.getByRole("button", { name: `Move ${seeded[0]} up` }).click();
  // Confirmed as a drop is.
  await expect(
    plain.getByRole("status").filter({ hasText: "Room types reordered successfully" }),
  ).toBeVisible();
  await expect.poll(() => roomNames(plain)).toEqual(seeded);
  expect(await publicNames(plain)).toEqual(seeded);
  await noScript.close();
});

test("a dirty form asks before the page unloads; logging out forgets the remembered selection", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.locations, "logout");
  const first = await context.newPage();
  await first.goto("/admin?new=1");
  await picker(first).locator("ul a").first().click();
  await expect(first).toHaveURL(/location=/);
  const locationId = new URL(first.url()).searchParams.get("location")!;
  await expect
    .poll(() => first.evaluate(() => localStorage.getItem("admin:selectedLocationId")))
    .toBe(locationId);

  // Typed key by key: the browser only asks before unloading a page the user has interacted with.
  await locationForm(first).getByLabel("Description").click();
  await first.keyboard.press("Control+End");
  await first.keyboard.type(" Typed but not saved");
  await expect(locationForm(first).getByLabel("Description")).toHaveValue(/Typed but not saved$/);
  const unload = new Promise<string>((resolve) =>
    first.once("dialog", async (dialog) => {
      resolve(dialog.type());
      await dialog.accept();
    }),
  );
  await first.close({ runBeforeUnload: true });
  expect(await unload).toBe("beforeunload");

  // A new visit to /admin reopens the remembered location; logging out forgets it.
  const page = await context.newPage();
  await page.goto("/admin");
  await expect(page).toHaveURL(new RegExp(`/admin\\?location=${locationId}$`));
  // The reopened location has rendered (and been remembered again) before the admin logs out.
  await expect(locationForm(page).getByLabel("Description")).toHaveValue(/\S/);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(() => [
      localStorage.getItem("admin:selectedLocationId"),
      localStorage.getItem("admin:selectedRoomTypeId"),
    ]),
  ).toEqual([null, null]);
  await context.close();
});
