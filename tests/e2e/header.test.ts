import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { waitForHydration } from "./support/hydration";
import { type TestAccount } from "./support/session";

/**
 * The signed-in header is one row on a phone and on a desktop: the site's name, the links and
 * 'Sign out' side by side on screen, none of them wrapped onto a second line, and the header no
 * taller than its tallest item and its padding.
 */

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;

// Sessions that only browse, so sharing them with the tests they are named after changes nothing
// for those tests (the fixture's sessions are stored by tests/e2e/support/accounts.ts).
const SIGNED_IN: Array<{ role: string; account: TestAccount; session: string; items: string[] }> = [
  {
    role: "member",
    account: ACCOUNTS.member,
    session: "searches by price",
    items: ["Locations", "Account", "Sign out"],
  },
  {
    role: "admin",
    account: ACCOUNTS.checklist,
    session: "checklist on a phone",
    items: ["Locations", "Admin", "Account", "Sign out"],
  },
];

interface Item {
  name: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** Lines of text the item's label takes. */
  lines: number;
}

/**
 * The header's height, the height of one row (its tallest item and the padding around it), and
 * every link and button shown in it, with where each sits.
 */
async function measureHeader(page: Page) {
  return page.locator("header").evaluate((header) => {
    const lines = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set(
        Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0 && rect.height > 0)
          .map((rect) => Math.round(rect.top)),
      );
      return tops.size;
    };
    const items: Item[] = Array.from(header.querySelectorAll("a, button"))
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const { top, bottom, left, right } = element.getBoundingClientRect();
        return {
          name: element.textContent.trim(),
          top,
          bottom,
          left,
          right,
          lines: lines(element),
        };
      });
    const nav = getComputedStyle(header.querySelector("nav")!);
    const padding = parseFloat(nav.paddingTop) + parseFloat(nav.paddingBottom);
    return {
      height: header.getBoundingClientRect().height,
      row: padding + Math.max(...items.map((item) => item.bottom - item.top)),
      items,
    };
  });
}

for (const { width, height } of WIDTHS) {
  test(`the signed-in header fits one row at ${width} px`, async ({ browser, baseURL }) => {
    for (const { role, account, session, items } of SIGNED_IN) {
      const context = await signedInContext(browser, baseURL!, account, session, {
        viewport: { width, height },
      });
      const page = await context.newPage();
      await page.goto("/locations");
      const header = page.locator("header");
      // The account link says "Account" on a phone and the address where there is room for it.
      const shown = items
        .filter((item) => !(role === "admin" && item === "Locations" && width < 640))
        .map((item) => (item === "Account" && width >= 640 ? account.email : item));
      for (const name of shown) {
        await expect(
          header.getByRole(name === "Sign out" ? "button" : "link", { name, exact: true }),
        ).toBeVisible();
      }
      await expect(header.getByRole("link", { name: /Account|@/ })).toHaveAttribute(
        "href",
        "/members",
      );
      await page.screenshot({ path: `test-results/header/${role}-${width}.png` });
      const siteName = header.getByRole("link").first();
      expect
        .soft(
          await siteName.evaluate((link) => link.scrollWidth > link.clientWidth + 1),
          `${role} at ${width} px: the site's name is cut`,
        )
        .toBe(false);

      const measured = await measureHeader(page);
      const at = `${role} at ${width} px`;
      expect(measured.height, `${at}: the header is taller than one row`).toBeLessThanOrEqual(
        measured.row + 1,
      );
      const middle = (item: Item) => (item.top + item.bottom) / 2;
      const row = middle(measured.items[0]!);
      for (const item of measured.items) {
        expect.soft(item.lines, `${at}: '${item.name}' wraps`).toBe(1);
        expect
          .soft(Math.abs(middle(item) - row), `${at}: '${item.name}' is off the row`)
          .toBeLessThanOrEqual(1);
        expect.soft(item.left, `${at}: '${item.name}' starts off screen`).toBeGreaterThanOrEqual(0);
        expect.soft(item.right, `${at}: '${item.name}' ends off screen`).toBeLessThanOrEqual(width);
      }
      await context.close();
    }
  });
}

for (const { width, height } of WIDTHS) {
  test(`a visitor finds Sign in in the header and Contact us in the footer at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/locations");
    const signIn = page.locator("header").getByRole("link", { name: "Sign in", exact: true });
    await expect(signIn).toBeVisible();
    await expect(signIn).toHaveAttribute("href", "/login");
    await expect(page.locator("header").getByRole("link", { name: "Join us" })).toBeVisible();
    const contact = page.locator("footer").getByRole("link", { name: "Contact us" });
    await expect(contact).toHaveAttribute("href", "/contact");
    const measured = await measureHeader(page);
    for (const item of measured.items) {
      expect.soft(item.lines, `'${item.name}' wraps`).toBe(1);
      expect.soft(item.right, `'${item.name}' ends off screen`).toBeLessThanOrEqual(width);
    }
    // Scrolled down the list, the header stays on top and hides what passes under it with a
    // solid colour: a blurred see-through one is drawn again on every frame of the scroll.
    await page.mouse.wheel(0, 1500);
    await expect
      .poll(() =>
        page.locator("header").evaluate((header) => {
          const style = getComputedStyle(header);
          return {
            top: header.getBoundingClientRect().top,
            backdropFilter: style.backdropFilter,
            // No alpha: neither rgba(…) nor a colour function's "/ alpha".
            background: /rgba|\/|transparent/.test(style.backgroundColor) ? "see-through" : "solid",
          };
        }),
      )
      .toEqual({ top: 0, backdropFilter: "none", background: "solid" });
  });
}

test("an admin page shows the admin's address once and one way to sign out", async ({
  browser,
  baseURL,
}) => {
  const { account, session } = SIGNED_IN.find((signedIn) => signedIn.role === "admin")!;
  const context = await signedInContext(browser, baseURL!, account, session, {
    viewport: { width: 1366, height: 768 },
  });
  const page = await context.newPage();
  await page.goto("/admin/overview");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /^(Sign out|Logout)$/ })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByText(account.email, { exact: true })).toHaveCount(1);
  await context.close();
});

test("signing out does not make a page's own buttons say they are busy", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.member,
    "signs out from account security",
    { viewport: WIDTHS[0] },
  );
  const page = await context.newPage();
  try {
    await page.goto("/account/security");
    await waitForHydration(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/logout*", async (route) => {
      await held;
      await route.continue();
    });
    const signingOut = page.waitForRequest("**/logout*");
    await page.getByRole("button", { name: "Sign out" }).click();
    await signingOut;
    // The sign-out is on its way: the page's own form is not being sent.
    await expect(page.getByRole("button", { name: "Set up an authenticator app" })).toBeEnabled();
    await expect(page.getByText("Setting up...")).toHaveCount(0);
    release();
    await expect(page).toHaveURL("/");
  } finally {
    await context.close();
  }
});
