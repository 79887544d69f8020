CREATE TABLE `dev_checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`request_id` text NOT NULL,
	`params` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`payment_intent` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`request_id` text NOT NULL,
	`applied_at` text NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `booking_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `payment_reference` text;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `payment_processing_since` text;