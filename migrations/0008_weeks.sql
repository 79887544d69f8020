CREATE TABLE `weeks` (
	`id` text PRIMARY KEY NOT NULL,
	`room_type_id` text NOT NULL,
	`check_in` text NOT NULL,
	`nights` integer NOT NULL,
	`rate` real,
	`state` text DEFAULT 'open' NOT NULL,
	`request_id` text,
	`held_until` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`room_type_id`) REFERENCES `room_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `weeks_room_type_check_in_idx` ON `weeks` (`room_type_id`,`check_in`);--> statement-breakpoint
CREATE INDEX `weeks_state_held_until_idx` ON `weeks` (`state`,`held_until`);--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `week_id` text;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `week_rate` real;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `estimated_total` real;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `waitlist` integer DEFAULT false NOT NULL;