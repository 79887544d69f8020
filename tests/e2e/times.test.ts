import { expect, test, type Page } from "@playwright/test";
import { seedLocations } from "../../scripts/seed/data";
import { ACCOUNTS, signedInContext } from "./support/accounts";
import { waitForHydration } from "./support/hydration";

/**
 * A member far from the resort reads its hours and deadlines: always in the resort's zone, named,
 * with the same moment on a line below: in UTC as served, in the reader's own time once the page
 * has hydrated (the server cannot know it, and the first render must match its HTML) and their
 * clock reads otherwise than the resort's.
 */

// A resort no other browser test books: the Big Island, UTC−10 all year.
const location = seedLocations.filter(
  (candidate) => !candidate.hidden && candidate.roomTypes.length >= 2,
)[3]!;
const roomId = `${location.id}-room-1`;
const HAWAII = "Hawaii-Aleutian Standard Time, UTC−10";
/** Where the reader is: Tokyo, nineteen hours ahead of the resort. */
const READER = "Asia/Tokyo";

test.describe.configure({ mode: "serial" });

/** Whatever the page logs as an error (a hydration mismatch is one). */
function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** "Sun, Jan 3, 2 PM" (or "2:05 PM" alone on the resort's day): `at` on a clock in `timeZone`. */
function clockIn(at: string, timeZone: string, resortDay: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  const clock = `${parts.hour}${parts.minute === "00" ? "" : `:${parts.minute}`} ${parts.dayPeriod}`;
  const day = `${parts.weekday}, ${parts.month} ${parts.day}`;
  return resortDay.startsWith(`${day}, ${parts.year}`) ? clock : `${day}, ${clock}`;
}

/** The request page's hold: its sentence, and the instant its <time> names. */
async function hold(page: Page) {
  const sentence = page.getByText("We hold this week for you while the resort confirms it");
  const at = (await sentence.locator("time").getAttribute("datetime"))!;
  return { sentence, at };
}

let requestPath = "";

test("from Tokyo, with JavaScript: the resort's hours and the hold's deadline in Hawaii time, and the reader's own below each", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, ACCOUNTS.farReader, "reads far away", {
    timezoneId: READER,
  });
  const page = await context.newPage();
  const errors = errorsOf(page);
  await page.goto(`/locations/${location.slug}`);
  await expect(
    page.getByText(`Check-in from 4 PM, check-out by 10 AM (Hawaii-Aleutian Standard Time).`),
  ).toBeVisible();
  const weekLink = page
    .locator(`section[aria-labelledby="availability-${roomId}"]`)
    .getByRole("link", { name: /^Request the week of/ })
    .nth(1);
  await page.goto((await weekLink.getAttribute("href"))!);

  // 4 PM in Hawaii is 11 AM the next day in Tokyo.
  const week = page.getByRole("group", { name: "Your Week" });
  await expect(week).toContainText(
    new RegExp(`from 4 PM \\(${HAWAII}\\)\\s*\\w{3}, \\w{3} \\d+, 11 AM your time`),
  );
  await expect(week).toContainText(
    new RegExp(`by 10 AM \\(${HAWAII}\\)\\s*\\w{3}, \\w{3} \\d+, 5 AM your time`),
  );
  await page.getByLabel("First name").fill("Kenji");
  await page.getByLabel("Last name").fill("Faraway");
  await page.getByLabel("Phone").fill("+81 3 1234 5678");
  await page.getByLabel("Adults").selectOption("2");
  await page.getByLabel("I'm not a robot").check();
  await page.getByRole("button", { name: "Submit Booking Request" }).click();
  await expect(page.getByRole("heading", { name: "Request Received" })).toBeVisible();
  await expect(
    page.getByRole("definition").filter({ hasText: /from 4 PM .*11 AM your time/ }),
  ).toHaveCount(1);

  await page.getByRole("link", { name: "See or withdraw this request" }).click();
  await page.waitForURL(/\/members\/requests\//);
  await waitForHydration(page);
  requestPath = new URL(page.url()).pathname;
  const { sentence, at } = await hold(page);
  const resortDay = (await sentence.locator("time").textContent())!;
  expect(resortDay).toContain(`(${HAWAII})`);
  await expect(page.getByText(`Until ${clockIn(at, READER, resortDay)} your time`)).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("without JavaScript, or on the resort's own clock: the resort's zone, and UTC's reading below it, not the reader's", async ({
  browser,
  baseURL,
}) => {
  const noScript = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.farReader,
    "reads far away without JavaScript",
    { timezoneId: READER, javaScriptEnabled: false },
  );
  const plain = await noScript.newPage();
  await plain.goto(requestPath);
  const { sentence, at } = await hold(plain);
  await expect(sentence).toContainText(`(${HAWAII}))`);
  const resortDay = (await sentence.locator("time").textContent())!;
  await expect(plain.getByText(`Until ${clockIn(at, "UTC", resortDay)} UTC`)).toBeVisible();
  await expect(plain.getByText("your time")).toHaveCount(0);
  await noScript.close();

  const atResort = await signedInContext(
    browser,
    baseURL!,
    ACCOUNTS.farReader,
    "reads at the resort",
    { timezoneId: "Pacific/Honolulu" },
  );
  const local = await atResort.newPage();
  await local.goto(requestPath);
  await waitForHydration(local);
  const here = await hold(local);
  await expect(here.sentence).toContainText(`(${HAWAII}))`);
  const hereDay = (await here.sentence.locator("time").textContent())!;
  await expect(local.getByText(`Until ${clockIn(here.at, "UTC", hereDay)} UTC`)).toBeVisible();
  await expect(local.getByText("your time")).toHaveCount(0);
  await atResort.close();
});
