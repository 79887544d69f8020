/**
 * A larger catalogue for measuring (`npm run seed -- --scale N`): the seeded locations copied until
 * there are N of each, with their room types and pictures (the copies' pictures point at the
 * originals' objects, so nothing is rendered again). A copy's id ends in `~k` and its slug and name
 * in `-k` and ` k` (k from 2 to N); copies are not featured, so the home page stays as it is. Scale
 * 1 removes the copies. Weeks are opened for the copies by the seed's season afterwards.
 */

const COPIES = `WITH RECURSIVE copy(k) AS (SELECT 2 UNION ALL SELECT k + 1 FROM copy WHERE k < ?1)`;

export function scaleCatalogueStatements(db: D1Database, scale: number) {
  if (!Number.isInteger(scale) || scale < 1 || scale > 100) {
    throw new Error(`The scale must be a whole number from 1 to 100 (not ${scale}).`);
  }
  const statements = [
    // Room types, pictures and weeks of a copy go with it (foreign keys cascade).
    db.prepare(`DELETE FROM locations WHERE id LIKE '%~%'`),
  ];
  if (scale === 1) return statements;
  return [
    ...statements,
    db
      .prepare(
        `${COPIES}
         INSERT INTO locations (id, name, slug, description, featured, city, state, country,
                                minimum_nights, hidden, display_order)
         SELECT id || '~' || k, name || ' ' || k, slug || '-' || k, description, 0, city, state,
                country, minimum_nights, hidden, NULL
         FROM locations CROSS JOIN copy WHERE id NOT LIKE '%~%'`,
      )
      .bind(scale),
    db
      .prepare(
        `${COPIES}
         INSERT INTO room_types (id, location_id, name, description, image_folder, bedrooms,
                                 bathrooms, max_guests, price, other_prices, fourth_of_july_price,
                                 thanksgiving_price, christmas_price, new_years_price,
                                 presidents_day_price, spring_break_price, display_order,
                                 room_features, free_parking, parking_cost, no_resort_fees,
                                 resort_fee_cost, local_taxes, published)
         SELECT id || '~' || k, location_id || '~' || k, name, description, image_folder, bedrooms,
                bathrooms, max_guests, price, other_prices, fourth_of_july_price,
                thanksgiving_price, christmas_price, new_years_price, presidents_day_price,
                spring_break_price, display_order, room_features, free_parking, parking_cost,
                no_resort_fees, resort_fee_cost, local_taxes, published
         FROM room_types CROSS JOIN copy WHERE id NOT LIKE '%~%'`,
      )
      .bind(scale),
    db
      .prepare(
        `${COPIES}
         INSERT INTO images (id, location_id, room_type_id, image_url, image_type, width, height,
                             alt, display_order, variants)
         SELECT id || '~' || k, location_id || '~' || k, room_type_id || '~' || k, image_url,
                image_type, width, height, alt, display_order, variants
         FROM images CROSS JOIN copy WHERE id NOT LIKE '%~%'`,
      )
      .bind(scale),
  ];
}
