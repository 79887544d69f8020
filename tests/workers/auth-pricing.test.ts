import { describe, expect, it } from "vitest";
import { createUser, signIn } from "./auth-helpers";
import { carriesNumber, get, PRICE_FIELDS, visibleSeed, visibleText } from "./helpers";

// A visible location whose first room has a weekly price and at least one per-night fee.
const location = visibleSeed.find((candidate) => {
  const room = candidate.roomTypes[0];
  return (
    room &&
    room.price > 0 &&
    ((!room.freeParking && (room.parkingCost ?? 0) > 0) ||
      (!room.noResortFees && (room.resortFeeCost ?? 0) > 0) ||
      (room.localTaxes ?? 0) > 0)
  );
})!;
const room = location.roomTypes[0]!;
const roomId = `${location.id}-room-1`;
const page = `/locations/${location.slug}`;
const bookHref = `/book?location=${location.slug}&amp;roomType=${roomId}`;
const editHref = `/admin?location=${location.id}`;
const weekly = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 2,
})
  .format(room.price)
  .replace(/\.00$/, "");

describe("prices on a location page", () => {
  it("picked a priced location from the seed", () => {
    expect(location).toBeDefined();
    expect(room.price).toBeGreaterThan(0);
  });

  it("a visitor sees no prices, no booking link and no Edit link; only 'Sign in to view pricing.'", async () => {
    const response = await get(page);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Sign in to view pricing.");
    expect(html).toContain(`href="/login?dest=${encodeURIComponent(page)}"`);
    expect(text).not.toContain("Typical weekly price");
    expect(text).not.toContain("Additional Fees");
    expect(text).not.toContain("Request to book");
    expect(html).not.toContain("/book?");
    expect(html).not.toContain(editHref);
    for (const field of PRICE_FIELDS) expect(html).not.toContain(`"${field}"`);
  });

  it("a signed-in member sees the weekly price, the fees and 'Request to book', but no Edit link", async () => {
    const member = await createUser();
    const response = await get(page, await signIn(member.id));
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Typical weekly price");
    expect(text).toContain(weekly);
    expect(text).toContain("Additional Fees");
    expect(text).toContain("Request to book");
    expect(html).toContain(`href="${bookHref}"`);
    expect(text).not.toContain("Sign in to view pricing.");
    expect(html).not.toContain(editHref);
  });

  it("a signed-in member's loader data (.data) carries the prices", async () => {
    const member = await createUser();
    const response = await get(`${page}.data`, await signIn(member.id));
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('"price"');
    expect(carriesNumber(body, room.price)).toBe(true);
  });

  it("an admin also sees the Edit link to /admin?location={id}", async () => {
    const admin = await createUser("admin");
    const response = await get(page, await signIn(admin.id));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(
      new RegExp(`<a [^>]*href="${editHref.replace(/[?]/g, "\\?")}"[^>]*>Edit</a>`),
    );
    expect(visibleText(html)).toContain("Typical weekly price");
    expect(html).toContain(`href="${bookHref}"`);
  });

  it("a visitor's page is not served from what a member saw (no prices leak through a cache)", async () => {
    const member = await createUser();
    await get(page, await signIn(member.id));
    const html = await (await get(page)).text();
    expect(visibleText(html)).not.toContain("Typical weekly price");
    expect(carriesNumber(html, room.price)).toBe(false);
  });
});
