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
});

test("with JavaScript a member picks a month, requests one of its weeks, and saves an alert", async ({
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

  await page.getByRole("button", { name: "Tell me when a week opens" }).click();
  await expect(page.getByText(/^We will write when a week opens: /).first()).toBeVisible();
  await page.goto("/members#alerts");
  const alerts = page.getByRole("region", { name: "Week alerts" });
  await expect(alerts.getByRole("listitem")).toHaveCount(1);
  await alerts.getByRole("button", { name: /^Remove/ }).click();
  await expect(
    page.getByText("Alert removed: we will not write about it any more.").first(),
  ).toBeVisible();
  await expect(page.getByText("No alerts yet.")).toBeVisible();

  await page.goto(href!);
  await expect(page.locator("main dl")).toContainText(/\d{4}/);
});
