import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { images, locations, roomTypes, weeks } from "~/db/schema";
import { LOCATION_ADMIN_MESSAGES as M } from "~/catalogue/location-manager";
import { WEEK_MESSAGES } from "~/weeks/week";
import { createUser, signIn } from "./auth-helpers";
import { get, ORIGIN, post, testApp, toastOf, visibleText } from "./helpers";
import { searchMonth } from "./clock";

const db = testApp.db;
const LOCATION_FIELDS = {
  slug: "",
  description: "",
  country: "Aruba",
  state: "",
  city: "",
  minimumNights: "7",
};

async function adminCookie() {
  return signIn((await createUser("admin")).id);
}

/** A location and a room type made as an admin makes them: a name each, then weeks opened. */
async function draftRoom(cookie: string) {
  const name = `Draft Cove ${crypto.randomUUID().slice(0, 8)}`;
  const created = await post(
    "/admin?index&new=1",
    { intent: "create-location", ...LOCATION_FIELDS, name },
    cookie,
  );
  expect(created.status).toBe(302);
  const locationId = new URL(created.headers.get("Location")!, ORIGIN).searchParams.get(
    "location",
  )!;
  const [{ slug }] = (await db
    .select({ slug: locations.slug })
    .from(locations)
    .where(eq(locations.id, locationId))) as [{ slug: string }];
  const room = await post(
    `/admin?index&location=${locationId}&addRoomType=1`,
    { intent: "create-room-type", locationId, name: "Reef Suite" },
    cookie,
  );
  const roomTypeId = new URL(room.headers.get("Location")!, ORIGIN).searchParams.get("roomType")!;
  const opened = await post(
    `/admin?index&location=${locationId}&roomType=${roomTypeId}`,
    { intent: "open-weeks", locationId, roomTypeId },
    cookie,
  );
  expect(opened.status).toBe(302);
  return { locationId, slug, roomTypeId, name };
}

/** The location shown and its room published with a price and a guest limit, as if made ready. */
async function putOnSale(locationId: string, roomTypeId: string) {
  await db
    .update(roomTypes)
    .set({ price: 1875, maxGuests: 4, published: true })
    .where(eq(roomTypes.id, roomTypeId));
  await db.update(locations).set({ hidden: false }).where(eq(locations.id, locationId));
}

const publishRoom = (cookie: string, locationId: string, roomTypeId: string, publish = "yes") =>
  post(
    `/admin?index&location=${locationId}&roomType=${roomTypeId}`,
    { intent: "publish-room-type", locationId, roomTypeId, publish },
    cookie,
  );

const roomPicture = (locationId: string, roomTypeId: string) =>
  db.insert(images).values({
    id: `${roomTypeId}-picture`,
    locationId,
    roomTypeId,
    imageUrl: `${locationId}/${roomTypeId}/picture.svg`,
    imageType: "image/svg+xml",
    width: 10,
    height: 10,
  });

describe("only what is ready is on sale", () => {
  it("a new location and room type are drafts, off the site, until an admin publishes them ready", async () => {
    const cookie = await adminCookie();
    const { locationId, slug, roomTypeId, name } = await draftRoom(cookie);
    expect((await get(`/locations/${slug}`)).status).toBe(404);
    const admin = visibleText(await (await get(`/admin?location=${locationId}`, cookie)).text());
    expect(admin).toContain("members and visitors do not see this location until it is published");

    const [opened] = await db
      .select({ version: locations.updatedAt })
      .from(locations)
      .where(eq(locations.id, locationId));
    const published = await post(
      `/admin?index&location=${locationId}`,
      { intent: "publish-location", locationId },
      cookie,
    );
    expect(await toastOf(published)).toMatchObject({ message: M.locationPublished });
    // A form opened before, its Hidden box still ticked, cannot hide it again unseen.
    const stale = await post(
      `/admin?index&location=${locationId}`,
      {
        intent: "update-location",
        locationId,
        version: opened!.version,
        ...LOCATION_FIELDS,
        slug,
        name,
        hidden: "on",
      },
      cookie,
    );
    expect(stale.status).toBe(409);
    expect(visibleText(await stale.text())).toContain(M.locationChangedSince);
    const page = visibleText(await (await get(`/locations/${slug}`)).text());
    expect(page).toContain(name);
    // Its room, with 18 months of weeks opened, is still a draft: not shown, not requestable.
    expect(page).not.toContain("Reef Suite");
    expect(page).not.toContain("Request this week");

    const refused = await publishRoom(cookie, locationId, roomTypeId);
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      message: M.publishError(
        M.cannotPublishRoomType(["a weekly price", "a guest limit", "a picture"]),
      ),
    });
    await db
      .update(roomTypes)
      .set({ price: 1875, maxGuests: 4 })
      .where(eq(roomTypes.id, roomTypeId));
    const noPicture = await publishRoom(cookie, locationId, roomTypeId);
    expect(await toastOf(noPicture)).toMatchObject({
      message: M.publishError(M.cannotPublishRoomType(["a picture"])),
    });
    expect((await get(`/locations/${slug}`)).status).toBe(200);
    expect(visibleText(await (await get(`/locations/${slug}`)).text())).not.toContain("Reef Suite");

    await roomPicture(locationId, roomTypeId);
    expect(await toastOf(await publishRoom(cookie, locationId, roomTypeId))).toMatchObject({
      type: "success",
      message: M.roomTypePublished,
    });
    const member = await signIn((await createUser("member")).id);
    const onSale = visibleText(await (await get(`/locations/${slug}`, member)).text());
    expect(onSale).toContain("Reef Suite");
    expect(onSale).toContain("Request this week");

    expect(await toastOf(await publishRoom(cookie, locationId, roomTypeId, "no"))).toMatchObject({
      message: M.roomTypeUnpublished,
    });
    expect(visibleText(await (await get(`/locations/${slug}`, member)).text())).not.toContain(
      "Reef Suite",
    );
    await db.delete(locations).where(eq(locations.id, locationId));
  });

  it("offers no week without a rate: not on the location page, closed in the month view, refused by /book", async () => {
    const cookie = await adminCookie();
    const { locationId, slug, roomTypeId } = await draftRoom(cookie);
    await putOnSale(locationId, roomTypeId);
    const member = await signIn((await createUser("member")).id);
    const [first] = await db
      .select({ checkIn: weeks.checkIn })
      .from(weeks)
      .where(eq(weeks.roomTypeId, roomTypeId))
      .orderBy(weeks.checkIn)
      .limit(1);
    const bookHref = `/book?location=${slug}&roomType=${roomTypeId}&week=${first!.checkIn}`;
    expect(visibleText(await (await get(bookHref, member)).text())).toContain("US$1,875");

    // The rate goes: the weeks stay open in the calendar, but none is offered.
    await db.update(roomTypes).set({ price: null }).where(eq(roomTypes.id, roomTypeId));
    await post(
      `/admin?index&location=${locationId}`,
      { intent: "publish-location", locationId },
      cookie,
    );
    const page = visibleText(await (await get(`/locations/${slug}`, member)).text());
    expect(page).toContain("Reef Suite");
    expect(page).not.toContain("Request this week");
    const month = visibleText(
      await (
        await get(`/locations/${slug}/weeks?room=${roomTypeId}&month=${first!.checkIn.slice(0, 7)}`)
      ).text(),
    );
    expect(month).not.toContain("check-in of an open week");
    const book = visibleText(await (await get(bookHref, member)).text());
    expect(book).not.toContain("US$1,875");
    expect(book).toContain(WEEK_MESSAGES.notFound);
    await db.delete(locations).where(eq(locations.id, locationId));
  });

  it("opens a room's month view on its first month with an open week", async () => {
    const cookie = await adminCookie();
    const { locationId, slug, roomTypeId } = await draftRoom(cookie);
    await putOnSale(locationId, roomTypeId);
    // Only weeks from four months on stay open.
    const fromMonth = `${searchMonth(4).value}-01`;
    await env.DB.prepare(
      "UPDATE weeks SET state = 'closed' WHERE room_type_id = ? AND check_in < ?",
    )
      .bind(roomTypeId, fromMonth)
      .run();
    const response = await get(`/locations/${slug}/weeks?room=${roomTypeId}`);
    const html = await response.text();
    const label = new Date(`${fromMonth}T00:00:00Z`).toLocaleString("en-US", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(visibleText(html)).toContain(label);
    await db.delete(locations).where(eq(locations.id, locationId));
  });

  it("counts a location Complete only with every room ready, and says what each lacks", async () => {
    const cookie = await adminCookie();
    const { locationId, name, roomTypeId } = await draftRoom(cookie);
    await db
      .update(locations)
      .set({ description: "Coves.", hidden: false })
      .where(eq(locations.id, locationId));
    await db.insert(images).values({
      id: `${locationId}-picture`,
      locationId,
      imageUrl: `${locationId}/picture.svg`,
      imageType: "image/svg+xml",
      width: 10,
      height: 10,
    });
    const checklist = async () => {
      const html = await (
        await get(`/admin/overview?q=${encodeURIComponent(name)}`, cookie)
      ).text();
      const row = html.match(/<tr[^>]*data-location-id="[^"]+"[\s\S]*?<\/tr>/)?.[0] ?? "";
      return visibleText(row.replace(/<[^>]+>/g, ""));
    };
    const unready = await checklist();
    expect(unready).toContain("Incomplete");
    expect(unready).toContain("Reef Suite (draft): needs a weekly rate, a guest limit, a picture");

    await db
      .update(roomTypes)
      .set({ price: 1875, maxGuests: 4, published: true })
      .where(eq(roomTypes.id, roomTypeId));
    await roomPicture(locationId, roomTypeId);
    // Its weeks close: none open in the next three months.
    await env.DB.prepare("UPDATE weeks SET state = 'closed' WHERE room_type_id = ?")
      .bind(roomTypeId)
      .run();
    const noWeeks = await checklist();
    expect(noWeeks).toContain("Reef Suite: needs open weeks in the next 3 months");
    expect(noWeeks).toContain("Incomplete");

    await env.DB.prepare("UPDATE weeks SET state = 'open' WHERE room_type_id = ?")
      .bind(roomTypeId)
      .run();
    const ready = await checklist();
    expect(ready).toContain("Complete");
    expect(ready).not.toContain("Incomplete");
    expect(ready).not.toContain("needs");
    await db.delete(locations).where(eq(locations.id, locationId));
  });
});
