import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./support/accounts";
import { waitForHydration } from "./support/hydration";

/** The list's "When", from the home page and on the list, and a week alert saved from it. */

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor searches where, when and how many from the home page and sees the weeks' dates", async ({
    page,
  }) => {
    await page.goto("/");
    const search = page.getByRole("search", { name: "Find a week" });
    const when = search.getByLabel("When");
    // The fourth month offered: every seeded room has weeks in it.
    const month = await when.locator("option").nth(4).getAttribute("value");
    const label = await when.locator("option").nth(4).textContent();
    await when.selectOption(month!);
    await search.getByLabel("Guests").selectOption("4");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/locations\\?q=&month=${month}&guests=4$`));
    await expect(page.getByLabel("When", { exact: true })).toHaveValue(month!);
    await expect(page.getByText(/\d+ locations? found/)).toBeVisible();
    await expect(page.getByRole("heading", { name: `Weeks in ${label}` }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Request this week/ })).toHaveCount(0);
    await expect(page.getByText("to be told when a week opens")).toBeVisible();
  });

  test("a member saves an alert for a search and comes back to the same search", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, ACCOUNTS.watcher, "watches a month without JavaScript", baseURL!);
    await page.goto("/locations");
    const month = page.getByLabel("When", { exact: true }).locator("option").nth(4);
    const search = `/locations?q=beach&guests=2&month=${await month.getAttribute("value")}`;
    await page.goto(search);
    await page.getByRole("button", { name: "Tell me when a week opens" }).click();
    await expect(page).toHaveURL(search);
    await expect(page.getByText(/^We will write when a week opens: .*“beach”/)).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("beach");
    await expect(page.getByRole("heading", { name: "Results" })).toBeVisible();

    await page.goto("/members#alerts");
    await page.getByRole("button", { name: /^Remove/ }).click();
    await expect(page.getByText("No alerts yet.")).toBeVisible();
  });
});

test("with JavaScript a member picks a month, requests one of its weeks, and saves an alert for a search", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, ACCOUNTS.watcher, "watches a month", baseURL!);
  await page.goto("/locations");
  await waitForHydration(page);
  const when = page.getByLabel("When", { exact: true });
  const month = await when.locator("option").nth(4).getAttribute("value");
  await when.selectOption(month!);
  await expect(page).toHaveURL(new RegExp(`/locations\\?month=${month}$`));
  const request = page.getByRole("link", { name: /^Request this week/ }).first();
  await expect(request).toBeVisible();
  await expect(page.getByText(/US\$[\d,]+/).first()).toBeVisible();
  const href = await request.getAttribute("href");
  expect(href).toMatch(
    new RegExp(`^/book\\?location=[\\w-]+&roomType=[\\w-]+&week=${month}-\\d{2}$`),
  );

  // The search's words stay with the alert, and the list stays as it was.
  const searchbox = page.getByRole("searchbox", { name: "Search" });
  await searchbox.fill("beach");
  await expect(page).toHaveURL(new RegExp(`/locations\\?q=beach&month=${month}$`));
  // On a phone, scrolled down to the button past the filters: the page stays where it was.
  await page.setViewportSize({ width: 390, height: 844 });
  const save = page.getByRole("button", { name: "Tell me when a week opens" });
  await page.evaluate(() => window.scrollBy(0, 400));
  await expect(save).toBeInViewport();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await save.click();
  await expect(page.getByText(/^We will write when a week opens: .*“beach”/).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/locations\\?q=beach&month=${month}$`));
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(searchbox).toHaveValue("beach");
  await expect(page.getByRole("heading", { name: "Results" })).toBeVisible();
  await page.goto("/members#alerts");
  const alerts = page.getByRole("region", { name: "Week alerts" });
  await expect(alerts.getByRole("listitem")).toHaveCount(1);
  await expect(alerts.getByRole("listitem")).toContainText("“beach”");
  await alerts.getByRole("button", { name: /^Remove/ }).click();
  await expect(
    page.getByText("Alert removed: we will not write about it any more.").first(),
  ).toBeVisible();
  await expect(page.getByText("No alerts yet.")).toBeVisible();

  await page.goto(href!);
  await expect(page.locator("main dl")).toContainText(/\d{4}/);
});
