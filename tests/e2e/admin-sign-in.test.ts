import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn } from "./support/accounts";

const SCREEN = "/admin/featured";
const ACCESS_DENIED = "Access denied. You are not authorized to view this page.";

const sendButton = (page: Page) =>
  page.getByRole("button", { name: /Send Magic Link|Rate Limited/ });

test("without JavaScript the admin sign-in screen answers on the admin page it is on", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(SCREEN);
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();

  await sendButton(page).click();
  await expect(page).toHaveURL(SCREEN);
  await expect(page.getByText("Please enter your email address.")).toBeVisible();

  await page.getByLabel("Email").fill(ACCOUNTS.adminSignIn.email);
  await sendButton(page).click();
  await expect(page).toHaveURL(SCREEN);
  await expect(page.getByText("Please complete the CAPTCHA verification.")).toBeVisible();
  // What was typed is kept, and the next link will still come back here.
  await expect(page.getByLabel("Email")).toHaveValue(ACCOUNTS.adminSignIn.email);
  await expect(page.locator('input[name="dest"]')).toHaveValue(SCREEN);
  await context.close();
});

test("with JavaScript a link asked for on an admin page returns there; asking again counts the wait down", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // The page's clock, so the 60-second wait is counted down at once.
  await page.clock.install();
  await page.goto(SCREEN);
  await page.getByLabel("Email").fill(ACCOUNTS.adminSignIn.email);
  await page.getByLabel("I'm not a robot").check();
  await sendButton(page).click();
  await expect(page).toHaveURL(SCREEN);
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(`Magic link sent to ${ACCOUNTS.adminSignIn.email}.`)).toBeVisible();

  // A second link within 60 s is refused: the screen stays, with a toast counting down the seconds to wait.
  await page.goto(SCREEN);
  await page.getByLabel("Email").fill(ACCOUNTS.adminSignIn.email);
  await page.getByLabel("I'm not a robot").check();
  await sendButton(page).click();
  await expect(page).toHaveURL(SCREEN);
  await expect(page.getByText(/^Rate limited! Wait \d+s before trying again\.$/)).toBeVisible();
  await expect(
    page.getByText(
      /^Rate limited\. Please wait \d+ seconds before requesting another magic link\./,
    ),
  ).toBeVisible();
  await expect(sendButton(page)).toBeDisabled();
  await expect(page.getByText("You can now request a new magic link!")).toHaveCount(0);
  // The wait the server gave (less than 60 s on a busy machine), and a second more: the toast
  // that follows stays for four, so running past it would miss it.
  const waitText = await page.getByText(/^Rate limited\. Please wait \d+ seconds/).textContent();
  const waitSeconds = Number(/wait (\d+) seconds/.exec(waitText ?? "")?.[1]);
  expect(waitSeconds).toBeGreaterThan(0);
  // The message counts down with the button, and goes with the wait.
  await page.clock.runFor(3000);
  await expect(
    page.getByText(`Rate limited. Please wait ${waitSeconds - 3} seconds`, { exact: false }),
  ).toBeVisible();
  await page.clock.runFor((waitSeconds - 2) * 1000);
  await expect(page.getByText("You can now request a new magic link!")).toBeVisible();
  await expect(page.getByText(/^Rate limited\. Please wait/)).toHaveCount(0);
  await expect(page.getByText(/^Rate limited! Wait/)).toHaveCount(0);
  await expect(sendButton(page)).toHaveText("Send Magic Link");

  // The first link signs the admin in on the page it was asked from.
  const message = page.locator("article").filter({ hasText: ACCOUNTS.adminSignIn.email }).first();
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(ACCOUNTS.adminSignIn.email)}`);
    await expect(message).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await message.locator('a[href*="/auth/callback"]').first().click();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(SCREEN);
  await expect(page.getByRole("heading", { name: "Featured Order" })).toBeVisible();
  await context.close();
});

for (const javaScriptEnabled of [false, true]) {
  test(`after 'Access denied' the header shows the session ended (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    await signIn(
      context,
      ACCOUNTS.member,
      `denied ${javaScriptEnabled ? "with" : "without"} JavaScript`,
      baseURL!,
    );
    const page = await context.newPage();
    await page.goto("/members");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

    await page.goto("/admin");
    await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Join us" })).toBeVisible();
    await context.close();
  });
}

test("after 'Access denied' reached by an in-app navigation, the header shows the session ended", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  await signIn(context, ACCOUNTS.member, "denied on navigation", baseURL!);
  const page = await context.newPage();
  await page.goto("/members");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  // As an in-app link does: a client-side navigation, which loads only the new routes' data.
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter.navigate("/admin"),
  );
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Join us" })).toBeVisible();
  await context.close();
});
