import { readdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { featuredLocations } from "../../app/catalogue/locations";
import { seedLocations } from "../../scripts/seed/data";
import { expectScriptNonce, recordCspViolations } from "./support/csp";
import { E2E_BUILD_DIR } from "./support/server";

/**
 * The pages' Content-Security-Policy with the parts that run in the browser: a client-side
 * navigation keeps the first page's policy, so a visitor's walk from the home page through the
 * site, using what each page does with JavaScript, must break none of its rules. (The layout guard
 * loads every page on its own under its policy.)
 */

const featured = featuredLocations(seedLocations.filter((location) => !location.hidden));

test("a visitor's walk from the home page breaks no rule of its policy", async ({
  context,
  page,
}) => {
  const violations = await recordCspViolations(context);
  expectScriptNonce(await page.goto("/"), "/");

  // The hero video plays.
  await expect
    .poll(() => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime))
    .toBeGreaterThan(0);

  // A featured location, opened in the browser: its route module, the carousel and the lightbox.
  const location = featured[0]!;
  await page.getByRole("link", { name: location.name }).first().click();
  await expect(page).toHaveURL(`/locations/${location.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: location.name })).toBeVisible();
  await page.getByRole("link", { name: /^Open photo 1 of/ }).click();
  const lightbox = page.locator(".yarl__root");
  await expect(lightbox.locator(`img[alt="${location.images[0]!.caption}"]`)).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(lightbox.locator(`img[alt="${location.images[1]!.caption}"]`)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(lightbox).toHaveCount(0);

  // The agent application, through the join page: validation in the browser, the local bot check.
  await page.getByRole("link", { name: "Join us" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Join us" })).toBeVisible();
  await page.getByRole("link", { name: "Apply as a travel agent" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Become a travel agent" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByText("Please enter your phone number", { exact: true })).toBeVisible();
  await page.getByLabel("I'm not a robot", { exact: true }).check();

  // The sign-in form.
  await page.goBack();
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByLabel("I'm not a robot", { exact: true }).check();

  expect(violations).toEqual([]);
});

test("static files carry the security headers the worker gives its own responses", async ({
  request,
}) => {
  const entry = readdirSync(`${E2E_BUILD_DIR}/client/assets`).find((file) =>
    file.startsWith("entry.client-"),
  );
  const headersOf = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return response.headers();
  };
  const fromWorker = await headersOf("/robots.txt");
  const shared = [
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "permissions-policy",
    // A picture or a script opened on its own runs nothing, as the worker's images don't.
    "content-security-policy",
  ];
  for (const path of [
    "/favicon.svg",
    "/media/hero-poster.avif",
    "/downloads/nonprofit-pricing.csv",
    "/brand/partners/isla-noble.svg",
    `/assets/${entry}`,
  ]) {
    const headers = await headersOf(path);
    for (const name of shared) expect(headers[name], `${name} of ${path}`).toBe(fromWorker[name]);
    // The worker leaves HSTS out on localhost; a static file can't tell hosts apart, and a browser
    // ignores it over plain HTTP.
    expect(headers["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
  }
});
