CREATE TABLE `location_checklist` (
	`location_id` text PRIMARY KEY NOT NULL,
	`hidden` integer NOT NULL,
	`featured` integer NOT NULL,
	`settled` integer NOT NULL,
	`ready_from` text,
	`ready_until` text,
	`wide_gaps` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `room_open_weeks` (
	`room_type_id` text PRIMARY KEY NOT NULL,
	`first_open` text NOT NULL,
	`last_open` text NOT NULL,
	`wide_gaps` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `locations_admin_order_idx` ON `locations` ("name" COLLATE NOCASE,`id`);