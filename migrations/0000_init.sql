CREATE TABLE `images` (
	`id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`room_type_id` text,
	`image_url` text NOT NULL,
	`image_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`alt` text,
	`display_order` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`room_type_id`) REFERENCES `room_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `images_location_order_idx` ON `images` (`location_id`,`room_type_id`,`display_order`);--> statement-breakpoint
CREATE TABLE `locations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text,
	`featured` integer DEFAULT false NOT NULL,
	`city` text,
	`state` text,
	`country` text DEFAULT 'United States' NOT NULL,
	`minimum_nights` integer DEFAULT 7 NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`display_order` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `locations_slug_unique` ON `locations` (`slug`);--> statement-breakpoint
CREATE INDEX `locations_visible_name_idx` ON `locations` (`hidden`,`name`);--> statement-breakpoint
CREATE INDEX `locations_featured_order_idx` ON `locations` (`hidden`,`featured`,`display_order`);--> statement-breakpoint
CREATE TABLE `room_types` (
	`id` text PRIMARY KEY NOT NULL,
	`location_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`image_folder` text,
	`bedrooms` integer,
	`bathrooms` real,
	`max_guests` integer,
	`price` real,
	`other_prices` text,
	`fourth_of_july_price` real,
	`thanksgiving_price` real,
	`christmas_price` real,
	`new_years_price` real,
	`presidents_day_price` real,
	`spring_break_price` real,
	`display_order` integer DEFAULT 0 NOT NULL,
	`room_features` text DEFAULT '[]' NOT NULL,
	`free_parking` integer DEFAULT false NOT NULL,
	`parking_cost` real,
	`no_resort_fees` integer DEFAULT false NOT NULL,
	`resort_fee_cost` real,
	`local_taxes` real,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `room_types_location_order_idx` ON `room_types` (`location_id`,`display_order`,`name`);