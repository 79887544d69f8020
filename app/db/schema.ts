import { sql } from "drizzle-orm";
import {
  index,
  integer,
  real,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";

const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const locations = sqliteTable(
  "locations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    city: text("city"),
    state: text("state"),
    country: text("country").notNull().default("United States"),
    minimumNights: integer("minimum_nights").notNull().default(7),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    displayOrder: integer("display_order"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("locations_visible_name_idx").on(table.hidden, table.name),
    index("locations_featured_order_idx").on(
      table.hidden,
      table.featured,
      table.displayOrder,
    ),
  ],
);

export const roomTypes = sqliteTable(
  "room_types",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    imageFolder: text("image_folder"),
    bedrooms: integer("bedrooms"),
    bathrooms: real("bathrooms"),
    maxGuests: integer("max_guests"),
    price: real("price"),
    otherPrices: text("other_prices"),
    fourthOfJulyPrice: real("fourth_of_july_price"),
    thanksgivingPrice: real("thanksgiving_price"),
    christmasPrice: real("christmas_price"),
    newYearsPrice: real("new_years_price"),
    presidentsDayPrice: real("presidents_day_price"),
    springBreakPrice: real("spring_break_price"),
    displayOrder: integer("display_order").notNull().default(0),
    roomFeatures: text("room_features", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    freeParking: integer("free_parking", { mode: "boolean" })
      .notNull()
      .default(false),
    parkingCost: real("parking_cost"),
    noResortFees: integer("no_resort_fees", { mode: "boolean" })
      .notNull()
      .default(false),
    resortFeeCost: real("resort_fee_cost"),
    localTaxes: real("local_taxes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("room_types_location_order_idx").on(
      table.locationId,
      table.displayOrder,
      table.name,
    ),
  ],
);

export const images = sqliteTable(
  "images",
  {
    id: text("id").primaryKey(),
    locationId: text("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    // null: a location-level image; otherwise the room type it belongs to.
    roomTypeId: text("room_type_id").references(() => roomTypes.id, {
      onDelete: "cascade",
    }),
    // The R2 object key; the public URL is derived from it (see imageUrl()).
    imageUrl: text("image_url").notNull(),
    imageType: text("image_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt"),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("images_location_order_idx").on(
      table.locationId,
      table.roomTypeId,
      table.displayOrder,
    ),
  ],
);

export type Location = typeof locations.$inferSelect;
export type NewLocation = typeof locations.$inferInsert;
export type RoomType = typeof roomTypes.$inferSelect;
export type NewRoomType = typeof roomTypes.$inferInsert;
export type Image = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;
