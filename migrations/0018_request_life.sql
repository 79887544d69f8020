-- The life of a booking request after it is sent: its history, the note staff wrote with their
-- decision, when its status last changed, and the waitlist of each week read in order.
CREATE TABLE `booking_request_events` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text NOT NULL,
	`event` text NOT NULL,
	`actor` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `booking_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `booking_request_events_request_idx` ON `booking_request_events` (`request_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `staff_note` text;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `changed_at` text;--> statement-breakpoint
CREATE INDEX `booking_requests_week_idx` ON `booking_requests` (`week_id`,`status`,`created_at`);