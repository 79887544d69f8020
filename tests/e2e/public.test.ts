import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { seedLocations } from "../../scripts/seed/data";
import { featuredLocations, placeLine, sortByName } from "../../app/catalogue/locations";
import { holdHydration, waitForHydration } from "./support/hydration";
import { testNow } from "./support/clock";

const visible = seedLocations.filter((location) => !location.hidden);
const featured = featuredLocations(visible);
const shortStay = visible.find((location) => location.minimumNights === 3)!;

/** A location with six photos and a room with two: its page's gallery, and a photo by number. */
const galleryLocation = visible.find((location) => location.slug === "casa-marena-cabo")!;
const twoPhotoRoom = galleryLocation.roomTypes.find((room) => room.images.length === 2)!;
const photoCount = galleryLocation.images.length;
function galleryOf(page: Page) {
  const hero = page.getByRole("region", { name: `${galleryLocation.name} photos` });
  const photo = (n: number) =>
    hero.getByRole("link", { name: `Open photo ${n} of ${photoCount}:` });
  return { hero, photo };
}

/** The hero's poster: the picture under its video. */
const posterOf = (page: Page) => page.locator("main section").first().locator("picture img");

test.describe("home", () => {
  test("keeps the poster for someone who asks for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await page.waitForLoadState("load");
    await expect(posterOf(page)).toBeVisible();
    await expect(page.locator("video")).toHaveCount(0);
  });

  test("the hero's white text has a dark background of its own, under its picture", async ({
    page,
  }) => {
    // The picture and the video fail: what is left behind the text is the hero's own colour.
    await page.route("**/media/**", (route) => route.abort());
    await page.goto("/");
    const hero = page.locator("main section").first();
    await expect(hero.getByRole("heading", { level: 1, name: "Welcome home" })).toBeVisible();
    const [red, green, blue, alpha = 1] = (
      await hero.evaluate((section) => getComputedStyle(section).backgroundColor)
    )
      .match(/[\d.]+/g)!
      .map(Number);
    expect(alpha).toBe(1);
    // WCAG's contrast of white text on that colour.
    const channel = (value: number) =>
      value / 255 <= 0.03928 ? value / 255 / 12.92 : ((value / 255 + 0.055) / 1.055) ** 2.4;
    const luminance = 0.2126 * channel(red!) + 0.7152 * channel(green!) + 0.0722 * channel(blue!);
    expect(1.05 / (luminance + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  test("plays the hero video and links each featured card to its location", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome home" })).toBeVisible();
    const video = page.locator("video");
    await expect(video).toHaveJSProperty("muted", true);
    await expect(video).toHaveJSProperty("loop", true);
    // The poster is the first paint, in AVIF: the page's HTML names no video file.
    await expect
      .poll(() => posterOf(page).evaluate((image: HTMLImageElement) => image.currentSrc))
      .toMatch(/\/media\/hero-poster\.avif$/);
    const html = await (await page.request.get("/")).text();
    expect(html).not.toContain("/media/hero.mp4");
    // The clip really loads and plays.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0);
    // The poster for a browser that reads no AVIF.
    const poster = await page.request.get("/media/hero-poster.jpg");
    expect(poster.headers()["content-type"]).toBe("image/jpeg");
    await expect(posterOf(page)).toHaveAttribute("src", "/media/hero-poster.jpg");

    const cards = page.locator('[aria-labelledby="featured-heading"] li a');
    await expect(cards).toHaveCount(featured.length);
    await expect(cards.first()).toHaveAttribute("href", `/locations/${featured[0]!.slug}`);
    await expect(cards.first()).toContainText(featured[0]!.name);

    await cards.nth(1).click();
    await expect(page).toHaveURL(`/locations/${featured[1]!.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: featured[1]!.name })).toBeVisible();
  });

  test("the moving background can be paused (WCAG 2.2.2), stays paused on the next visit, and stops out of view", async ({
    page,
  }) => {
    await page.goto("/");
    const video = page.locator("video");
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0);
    const paused = () => video.evaluate((element: HTMLVideoElement) => element.paused);
    // Out of view it stops by itself, and plays again in view.
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect.poll(paused).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(paused).toBe(false);

    await page.getByRole("button", { name: "Pause video" }).click();
    expect(await paused()).toBe(true);
    const play = page.getByRole("button", { name: "Play video" });
    await expect(play).toBeFocused();

    // Paused on the next visit: the poster, and the clip not even fetched until asked for.
    await page.reload();
    await expect(play).toBeVisible();
    await expect(video).toHaveCount(0);
    await play.click();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0);
    await expect(page.getByRole("button", { name: "Pause video" })).toBeFocused();
  });

  test("a card whose picture fails before the page hydrates shows the fallback graphic", async ({
    page,
  }) => {
    const card = page.locator('[aria-labelledby="featured-heading"] li a').first();
    const pictureFailed = Promise.withResolvers<void>();
    await page.route(`**/images/${featured[0]!.id}/**`, async (route) => {
      await route.abort();
      pictureFailed.resolve();
    });
    // The scripts arrive once the picture has failed, so React attaches to a failed picture.
    const release = await holdHydration(page);
    const loaded = page.goto("/");
    await pictureFailed.promise;
    await release();
    await loaded;
    await expect(card.locator("img")).toHaveCount(0);
    await expect(card.getByRole("img")).toBeVisible();
    await expect(card).toContainText(featured[0]!.name);
  });

  test("'See all locations' opens the list at the top", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "See all locations" }).click();
    await expect(page).toHaveURL("/locations");
    // The address changes a moment before the list renders and the scroll is reset; the user sees
    // the page once it has, so wait for the list's own heading and then for the scroll.
    await expect(page.getByRole("heading", { level: 1, name: "Our Locations" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("remembers where the user was when they come back from a featured location", async ({
    page,
  }) => {
    await page.goto("/");
    const card = page.locator('[aria-labelledby="featured-heading"] li a').nth(4);
    await card.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    await card.click();
    await page.getByRole("link", { name: "← Back to featured locations" }).click();
    await expect(page).toHaveURL("/");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  });
});

async function expectFilteredTo(page: Page, names: string[]) {
  const rows = page.locator('section[aria-labelledby="rows-All"] li');
  await expect(rows).toHaveCount(names.length);
  for (const name of names) await expect(rows.filter({ hasText: name })).toHaveCount(1);
}

/** The list's pages hold 24 locations each, by name. */
const byName = sortByName(visible).map((location) => location.name);
const [firstPage, secondPage] = [byName.slice(0, 24), byName.slice(24)];

const hawaii = visible.filter((location) => location.state === "Hawaii");
const maui = hawaii.filter((location) => location.city === "Maui");

// The same rules for a form sent without JavaScript are tests/workers/public-pages.test.ts's.
test.describe("filters with JavaScript", () => {
  const choose = (page: Page, label: string, option: string) =>
    page.getByLabel(label, { exact: true }).selectOption({ label: option });

  test("country, state and island; a new country clears state and city", async ({ page }) => {
    await page.goto("/locations");
    await expect(page.getByLabel("State", { exact: true })).toHaveCount(0);

    await choose(page, "Country", "United States");
    await expect(page).toHaveURL("/locations?country=united-states");
    await expect(page.getByLabel("State", { exact: true })).toBeVisible();

    await choose(page, "State", "Hawaii");
    await expect(page).toHaveURL("/locations?country=united-states&state=hawaii");
    await expect(page.getByLabel("Island", { exact: true })).toBeVisible();
    await expectFilteredTo(
      page,
      hawaii.map((location) => location.name),
    );

    await choose(page, "Island", "Maui");
    await expect(page).toHaveURL("/locations?country=united-states&state=hawaii&city=maui");
    await expectFilteredTo(
      page,
      maui.map((location) => location.name),
    );

    await choose(page, "Country", "Mexico");
    await expect(page).toHaveURL("/locations?country=mexico");
    await expect(page.getByLabel("State", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("");
    await expectFilteredTo(
      page,
      visible.filter((location) => location.country === "Mexico").map((location) => location.name),
    );

    await page.getByRole("link", { name: "Clear all filters" }).click();
    await expect(page).toHaveURL("/locations");
    await expectFilteredTo(page, firstPage);

    // The rest on the next page, by a real link.
    const pages = page.getByRole("navigation", { name: "Pages of the list" });
    await expect(pages).toContainText(`Page 1 of 2 · ${visible.length} locations`);
    await pages.getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL("/locations?page=2#list");
    await expectFilteredTo(page, secondPage);
    // It opens at the rows, below the heading and the filters.
    await expect(page.locator("#list")).toBeInViewport();
    await expect(
      page.getByRole("heading", { name: "Our Locations", level: 1 }),
    ).not.toBeInViewport();
    await expect(page.getByRole("heading", { name: "Featured" })).toHaveCount(0);
  });
});

test.describe("location detail", () => {
  // How a picture's variants are made, weighed and deleted is tests/workers/image-variants.test.ts's;
  // which one a phone loads is the browser's choice.
  test("a phone at twice the density loads the first photo as its 800 px AVIF, preloaded", async ({
    browser,
    baseURL,
  }) => {
    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
    const page = await phone.newPage();
    await page.goto(`/locations/${galleryLocation.slug}`);
    const slide = page.getByRole("link", { name: /^Open photo 1 of/ }).locator("img");
    await expect(slide).toHaveAttribute("sizes", /calc\(100vw - 2rem\)/);
    await expect
      .poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const chosen = await slide.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/\/w800\.avif$/);
    await expect(
      page.locator('link[rel="preload"][as="image"][fetchpriority="high"]'),
    ).toHaveAttribute("imagesrcset", /\/w800\.avif 800w/);
    await phone.close();
  });

  test("carousel with thumbnails and a lightbox that opens and closes with the keyboard", async ({
    page,
  }) => {
    await page.goto(`/locations/${shortStay.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: shortStay.name })).toBeVisible();
    await expect(
      page.getByText("We may accommodate stays as short as 3 nights. Contact us for info."),
    ).toBeVisible();
    await expect(page.locator(".hero-thumbs img")).toHaveCount(shortStay.images.length);
    const thumbWidth = await page
      .locator(".hero-thumbs img")
      .first()
      .evaluate((img) => img.clientWidth);
    expect(thumbWidth).toBe(100);

    const firstSlide = page.getByRole("link", { name: /^Open photo 1 of/ });
    await firstSlide.focus();
    await page.keyboard.press("Enter");
    const lightbox = page.locator(".yarl__root");
    await expect(lightbox).toBeVisible();
    await expect(lightbox.locator(`img[alt="${shortStay.images[0]!.caption}"]`)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(lightbox.locator(`img[alt="${shortStay.images[1]!.caption}"]`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(lightbox).toHaveCount(0);

    for (const room of shortStay.roomTypes) {
      await expect(page.getByRole("heading", { level: 3, name: room.name })).toBeVisible();
      // Each room's weeks are a region a screen reader's list tells apart by its room.
      await expect(
        page.getByRole("region", { name: `Availability of ${room.name}` }),
      ).toBeAttached();
    }
    await expect(
      page.getByRole("link", { name: "Sign in to view pricing." }).first(),
    ).toHaveAttribute("href", `/login?dest=${encodeURIComponent(`/locations/${shortStay.slug}`)}`);
  });

  test("the carousels move with their arrows, thumbnails and keys; a room's gallery fades", async ({
    page,
  }) => {
    const [count, room] = [photoCount, twoPhotoRoom];
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/locations/${galleryLocation.slug}`);
    const { hero, photo } = galleryOf(page);

    await expect(photo(1)).toBeInViewport({ ratio: 0.9 });
    await hero.getByRole("button", { name: "Next photo" }).click();
    await expect(photo(2)).toBeInViewport({ ratio: 0.9 });
    await expect(photo(1)).not.toBeInViewport();

    await page.getByRole("button", { name: `Show photo 4 of ${count}` }).click();
    await expect(photo(4)).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press("ArrowRight");
    await expect(photo(5)).toBeInViewport({ ratio: 0.9 });
    await hero.getByRole("button", { name: "Previous photo" }).click();
    await expect(photo(4)).toBeInViewport({ ratio: 0.9 });

    const gallery = page.getByRole("region", { name: `${room.name} photos` });
    await gallery.scrollIntoViewIfNeeded();
    const slideOf = (caption: string) =>
      gallery.locator(".swiper-slide").filter({ has: page.getByAltText(caption, { exact: true }) });
    const [first, second] = room.images.map((image) => slideOf(image.caption));
    await expect(first!).toHaveCSS("opacity", "1");
    await gallery.getByRole("button", { name: "Next photo" }).click();
    await expect(second!).toHaveCSS("opacity", "1");
    await expect(first!).toHaveCSS("opacity", "0");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("every photo of a location and of its rooms is reached by scrolling its carousel", async ({
      page,
    }) => {
      const [count, room] = [photoCount, twoPhotoRoom];
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/locations/${galleryLocation.slug}`);
      const { hero, photo } = galleryOf(page);
      // Thumbnails only steer the scripted carousel: none is offered without it, but a way is.
      await expect(page.getByRole("button", { name: /^Show photo/ })).toHaveCount(0);
      await expect(
        page.getByText(`${count} photos: swipe or scroll sideways to see them all.`),
      ).toBeVisible();
      await expect(photo(1)).toBeInViewport({ ratio: 0.9 });

      // A swipe (a sideways wheel here) goes on a photo at a time, to the last.
      const box = (await hero.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let n = 2; n <= count; n++) {
        await page.mouse.wheel(box.width, 0);
        await expect(photo(n)).toBeInViewport({ ratio: 0.9 });
      }
      // A photo opens as the picture itself (the lightbox needs the scripts).
      const picture = await page.request.get((await photo(count).getAttribute("href"))!);
      expect(picture.status()).toBe(200);
      expect(picture.headers()["content-type"]).toMatch(/^image\//);
      await expect(photo(count).locator("img")).toHaveJSProperty("complete", true);
      expect(
        await photo(count)
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);

      const gallery = page.getByRole("region", { name: `${room.name} photos` });
      await gallery.scrollIntoViewIfNeeded();
      const last = gallery.getByAltText(room.images[1]!.caption, { exact: true });
      await expect(last).not.toBeInViewport();
      const roomBox = (await gallery.boundingBox())!;
      await page.mouse.move(roomBox.x + roomBox.width / 2, roomBox.y + roomBox.height / 2);
      await page.mouse.wheel(roomBox.width, 0);
      await expect(last).toBeInViewport({ ratio: 0.9 });
    });
  });

  test("the gallery from the keyboard: thumbnails in the tab order, the current one marked, real arrow buttons, a lightbox with a counter that gives focus back", async ({
    page,
  }) => {
    const count = photoCount;
    await page.goto(`/locations/${galleryLocation.slug}`);
    const { hero, photo } = galleryOf(page);
    const thumb = (n: number) => page.getByRole("button", { name: `Show photo ${n} of ${count}` });

    for (const name of ["Previous photo", "Next photo"]) {
      const arrow = hero.getByRole("button", { name });
      expect(await arrow.evaluate((element) => element.tagName)).toBe("BUTTON");
    }
    await hero.evaluate((region) => region.scrollIntoView({ block: "start" }));
    await expect(thumb(1)).toHaveAttribute("aria-current", "true");
    await thumb(1).focus();
    await page.keyboard.press("Tab");
    await expect(thumb(2)).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(photo(3)).toBeInViewport({ ratio: 0.9 });
    await expect(thumb(3)).toHaveAttribute("aria-current", "true");
    await expect(thumb(1)).not.toHaveAttribute("aria-current", "true");

    await photo(3).focus();
    await page.keyboard.press("Enter");
    const lightbox = page.locator(".yarl__root");
    await expect(lightbox.getByText(`3 / ${count}`)).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(lightbox.getByText(`4 / ${count}`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(lightbox).toHaveCount(0);
    // Back where the person left the lightbox: the photo they were looking at.
    await expect(photo(4)).toBeFocused();
    await expect(photo(4)).toBeInViewport({ ratio: 0.9 });

    // The arrow keys on a photo move the focus with it: Enter opens the photo in view.
    await page.keyboard.press("ArrowLeft");
    await expect(photo(3)).toBeFocused();
    await expect(photo(3)).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press("Enter");
    await expect(lightbox.getByText(`3 / ${count}`)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(photo(3)).toBeFocused();
    await expect(thumb(3)).toHaveAttribute("aria-current", "true");
  });

  test("on a laptop the name and place open the page with the photos, and room photos keep their shape", async ({
    page,
  }) => {
    const location = galleryLocation;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/locations/${location.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: location.name })).toBeInViewport({
      ratio: 1,
    });
    await expect(page.getByText(placeLine(location), { exact: true })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("link", { name: /^Open photo 1 of/ })).toBeInViewport({
      ratio: 0.5,
    });

    const rooms = page.locator("main article");
    expect(await rooms.count()).toBeGreaterThan(0);
    for (const room of await rooms.all()) {
      // The photo's frame: the card's first column.
      const box = (await room.locator(":scope > div").first().boundingBox())!;
      expect(box.width / box.height, await room.locator("h3").innerText()).toBeCloseTo(3 / 2, 1);
    }
  });
});

test("a link that fails after the page has loaded shows the error screen with the site's styles", async ({
  page,
}) => {
  await page.goto("/about");
  await waitForHydration(page);
  // The connection drops as the visitor follows a link.
  await page.route(/\/locations\.data/, (route) => route.abort("internetdisconnected"));
  await page.getByRole("banner").getByRole("link", { name: "Locations" }).click();
  const heading = page.getByRole("heading", { level: 1, name: "Something went wrong" });
  await expect(heading).toBeVisible();
  // The site's typeface and colours, not the browser's defaults.
  expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toContain(
    "Playfair Display",
  );
  await expect(page.getByRole("link", { name: "Browse all locations" })).toHaveCSS(
    "text-decoration-line",
    "underline",
  );
  await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
});

test.describe("legal and story pages", () => {
  for (const [path, heading] of [
    ["/about", "Our story"],
    ["/nonprofits", "Nonprofits"],
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-of-service", "Terms of Service"],
  ] as const) {
    test(`${path} is reachable from the footer or page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    });
  }

  test("the nonprofit pricing spreadsheet downloads", async ({ page }) => {
    await page.goto("/nonprofits");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /pricing spreadsheet/i }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("nonprofit-pricing.csv");
    const csv = readFileSync(await download.path(), "utf8");
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toMatch(/Nonprofit Price/);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const response = await page.request.get("/downloads/nonprofit-pricing.csv");
    expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
  });

  test("footer links to the legal pages and the contact e-mail", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms-of-service",
    );
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer).toContainText(`© ${testNow().getUTCFullYear()}`);
  });
});
