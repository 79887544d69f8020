import { describe, expect, it } from "vitest";
import { checklistRow, roomNeeds } from "~/catalogue/checklist";
import { reorderedIds } from "~/catalogue/display-order.server";
import { isIdShaped, MAX_ID_LENGTH } from "~/catalogue/ids";
import { IMAGE_RULES } from "~/catalogue/image-manager";
import {
  IMAGE_MESSAGES,
  MAX_FILES_PER_UPLOAD,
  MAX_IMAGE_BYTES,
  sanitizeFileName,
  uploadedFiles,
} from "~/catalogue/images.server";
import { adminHref, locationIntentSchema, withSlugFromName } from "~/catalogue/location-manager";
import { moveItem, neighbourOf } from "~/catalogue/reorder";
import { roomTypeSchema } from "~/catalogue/schemas";
import { DomainError } from "~/lib/errors.server";
import { png } from "../fixtures/images";

describe("moving an item of an ordered list", () => {
  const ids = ["a", "b", "c", "d"];

  it.each([
    ["a", "d", ["b", "c", "d", "a"]],
    ["d", "a", ["d", "a", "b", "c"]],
    ["b", "c", ["a", "c", "b", "d"]],
    ["c", "c", ["a", "b", "c", "d"]],
  ])("%s to %s's position", (dragged, target, expected) => {
    expect(moveItem(ids, dragged, target)).toEqual(expected);
  });

  it("answers null for an id not in the list, and leaves the list as it was", () => {
    expect(moveItem(ids, "x", "a")).toBeNull();
    expect(moveItem(ids, "a", "x")).toBeNull();
    expect(ids).toEqual(["a", "b", "c", "d"]);
  });

  it("finds the neighbour to swap with, none past either end", () => {
    expect(neighbourOf(ids, "b", "up")).toBe("a");
    expect(neighbourOf(ids, "b", "down")).toBe("c");
    expect(neighbourOf(ids, "a", "up")).toBeNull();
    expect(neighbourOf(ids, "d", "down")).toBeNull();
    expect(neighbourOf(ids, "x", "up")).toBeNull();
  });

  it("refuses in the list's own terms: an empty list, or an id not in it", () => {
    const refusal = { code: "stale", empty: "Nothing", indices: "Not there" } as const;
    expect(reorderedIds(["a", "b"], "a", "b", refusal)).toEqual(["b", "a"]);
    const refused = (ids: string[], dragged: string) => {
      try {
        reorderedIds(ids, dragged, "a", refusal);
      } catch (error) {
        return error instanceof DomainError ? [error.code, error.message, error.status] : error;
      }
      return null;
    };
    expect(refused([], "a")).toEqual(["stale", "Nothing", 409]);
    expect(refused(["a", "b"], "x")).toEqual(["stale", "Not there", 409]);
  });
});

describe("ids", () => {
  it("are at most MAX_ID_LENGTH characters, and never empty", () => {
    expect(isIdShaped("loc-kaanapali-beach-club")).toBe(true);
    expect(isIdShaped("x".repeat(MAX_ID_LENGTH))).toBe(true);
    expect(isIdShaped("x".repeat(MAX_ID_LENGTH + 1))).toBe(false);
    expect(isIdShaped("")).toBe(false);
  });
});

describe("the locations manager's intents", () => {
  it("reads every intent with its fields, an id that is not one as null", () => {
    expect(
      locationIntentSchema.parse({ intent: "update-location", locationId: " loc-1 " }),
    ).toEqual({ intent: "update-location", locationId: "loc-1" });
    expect(locationIntentSchema.parse({ intent: "update-location" })).toEqual({
      intent: "update-location",
      locationId: null,
    });
    expect(
      locationIntentSchema.parse({
        intent: "delete-room-type",
        locationId: "loc-1",
        roomTypeId: "x".repeat(MAX_ID_LENGTH + 1),
        confirmed: "yes",
      }),
    ).toEqual({
      intent: "delete-room-type",
      locationId: "loc-1",
      roomTypeId: null,
      confirmed: true,
    });
    expect(locationIntentSchema.safeParse({ intent: "rename-location" }).success).toBe(false);
  });

  it("tells a drop (draggedId, targetId) from the move buttons (direction)", () => {
    const drop = locationIntentSchema.parse({
      intent: "move-room-type",
      locationId: "loc-1",
      draggedId: "a",
      targetId: "",
      _format: "json",
    });
    expect(drop).toMatchObject({ draggedId: "a", targetId: null, _format: true });
    const buttons = locationIntentSchema.parse({
      intent: "move-room-type",
      locationId: "loc-1",
      roomTypeId: "a",
      direction: "sideways",
    });
    expect(buttons).toMatchObject({ roomTypeId: "a", direction: null, _format: false });
    expect(buttons).not.toHaveProperty("draggedId");
  });

  it("makes the page's addresses, keeping the search", () => {
    expect(adminHref()).toBe("/admin");
    expect(adminHref({ isNew: true })).toBe("/admin?new=1");
    expect(adminHref({ location: "a", roomType: "b", q: "bay" })).toBe(
      "/admin?location=a&roomType=b&q=bay",
    );
    expect(adminHref({ location: "a", addRoomType: true })).toBe("/admin?location=a&addRoomType=1");
    // A room type belongs to a location.
    expect(adminHref({ roomType: "b", addRoomType: true })).toBe("/admin");
  });

  it("makes an empty slug from the name, and keeps one given", () => {
    const form = new FormData();
    form.set("name", "Coral Bay Cottages");
    form.set("slug", " ");
    expect(withSlugFromName(form).get("slug")).toBe("coral-bay-cottages");
    form.set("slug", "my-slug");
    expect(withSlugFromName(form)).toBe(form);
  });
});

describe("the Checklist's rows and totals", () => {
  const summary = {
    id: "loc-1",
    name: "Coral Bay",
    slug: "coral-bay",
    description: "Cottages.",
    city: "Cruz Bay",
    state: null,
    country: "US Virgin Islands",
    hidden: false,
    featured: true,
    hasDescription: true,
    imageCount: 2,
    roomCount: 1,
    lastEditor: null,
    lastEditAt: null,
    rooms: [
      {
        id: "room-1",
        name: "Cottage",
        published: true,
        rate: true,
        openWeeks: true,
        guestLimit: true,
        picture: true,
      },
    ],
  };

  it("says whether the place is valid and the location complete", () => {
    expect(checklistRow(summary)).toMatchObject({ validPlace: true, complete: true });
    expect(checklistRow(summary)).not.toHaveProperty("description");
    expect(checklistRow({ ...summary, roomCount: 0 })).toMatchObject({ complete: false });
    // A room without open weeks ahead is not ready, so neither is its location.
    const unready = { ...summary.rooms[0]!, openWeeks: false };
    expect(checklistRow({ ...summary, rooms: [unready] })).toMatchObject({ complete: false });
    expect(roomNeeds(unready)).toEqual(["openWeeks"]);
    expect(checklistRow({ ...summary, country: "Mexico", city: null, state: null })).toMatchObject({
      validPlace: false,
      complete: false,
    });
  });
});

describe("uploads", () => {
  it("makes a file name safe for a key", () => {
    expect(sanitizeFileName("Sunset Beach.PNG", "png")).toBe("Sunset-Beach.png");
    expect(sanitizeFileName("Crème brûlée (2).jpeg", "jpg")).toBe("Cre-me-bru-le-e-2.jpg");
    expect(sanitizeFileName("../secret.png", "gif")).toBe("secret.gif");
    expect(sanitizeFileName("???.webp", "webp")).toBe("image.webp");
  });

  it("refuses with the code of each rule, before any file is read", () => {
    const file = (name: string) => new File([png(10, 10)], name, { type: "image/png" });
    const codeOf = (files: File[]) => {
      try {
        return uploadedFiles(files).map((chosen) => chosen.name);
      } catch (error) {
        return error instanceof DomainError ? [error.code, error.message] : error;
      }
    };
    // A form posted without a choice sends one empty, nameless file.
    expect(codeOf([file("a.png"), new File([], "")])).toEqual(["a.png"]);
    expect(codeOf([])).toEqual(["invalid", "Please select at least one image to upload"]);
    expect(codeOf(Array.from({ length: 21 }, (_, i) => file(`${i}.png`)))).toEqual([
      "invalid",
      "Upload at most 20 images at a time",
    ]);
    const big = new File([new Uint8Array(10_485_761)], "big.png", { type: "image/png" });
    expect(codeOf([file("a.png"), big])).toEqual([
      "too-large",
      "Each image must be 10 MB or smaller",
    ]);
  });

  it("matches the rules the page checks early to the model's", () => {
    expect(IMAGE_RULES.maxBytes).toBe(MAX_IMAGE_BYTES);
    expect(IMAGE_RULES.noFiles).toBe(IMAGE_MESSAGES.noFiles);
    expect(IMAGE_RULES.tooLarge).toBe(IMAGE_MESSAGES.tooLarge);
    expect(IMAGE_RULES.maxFiles).toBe(MAX_FILES_PER_UPLOAD);
    expect(IMAGE_RULES.tooMany).toBe(`Upload at most ${MAX_FILES_PER_UPLOAD} images at a time`);
  });
});

describe("a room type's numbers", () => {
  it.each([
    ["price", 20_000_000, "Must be 10,000,000 or less"],
    ["bedrooms", 5000, "Must be 1,000 or less"],
    ["price", -1, "Must be 0 or more"],
  ])("%s of %d says %s", (field, value, message) => {
    const result = roomTypeSchema.safeParse({ name: "Suite", [field]: value });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
