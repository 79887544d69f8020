import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { scaleCatalogueStatements } from "../../scripts/seed/scale";

const count = async (sql: string) =>
  (await env.DB.prepare(`SELECT count(*) AS count FROM ${sql}`).first<{ count: number }>())!.count;

async function catalogueSize() {
  return {
    locations: await count("locations"),
    roomTypes: await count("room_types"),
    images: await count("images"),
    featured: await count("locations WHERE featured = 1"),
  };
}

describe("a scaled catalogue for measuring (npm run seed -- --scale N)", () => {
  it("copies every location with its room types and pictures N times over, and scale 1 removes the copies", async () => {
    const before = await catalogueSize();
    await env.DB.batch(scaleCatalogueStatements(env.DB, 3));
    expect(await catalogueSize()).toEqual({
      locations: before.locations * 3,
      roomTypes: before.roomTypes * 3,
      images: before.images * 3,
      // Copies are never featured: the home page stays as it is.
      featured: before.featured,
    });
    const copy = await env.DB.prepare(
      `SELECT copy.slug, copy.name, original.slug AS original_slug, original.name AS original_name,
              (SELECT image_url FROM images WHERE location_id = copy.id ORDER BY display_order LIMIT 1) AS copy_image,
              (SELECT image_url FROM images WHERE location_id = original.id ORDER BY display_order LIMIT 1) AS original_image
       FROM locations AS copy JOIN locations AS original ON copy.id = original.id || '~3'
       LIMIT 1`,
    ).first<Record<string, string>>();
    expect(copy!.slug).toBe(`${copy!.original_slug}-3`);
    expect(copy!.name).toBe(`${copy!.original_name} 3`);
    // The copy's pictures are the original's objects: nothing is rendered again.
    expect(copy!.copy_image).toBe(copy!.original_image);

    await env.DB.batch(scaleCatalogueStatements(env.DB, 1));
    expect(await catalogueSize()).toEqual(before);
  });

  it("refuses a scale that is not a whole number from 1 to 100", () => {
    for (const scale of [0, -1, 1.5, 101, Number.NaN]) {
      expect(() => scaleCatalogueStatements(env.DB, scale)).toThrow("from 1 to 100");
    }
  });
});
