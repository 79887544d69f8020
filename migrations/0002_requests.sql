CREATE TABLE `agent_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`user_id` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`is_current_agent` text NOT NULL,
	`current_occupation` text NOT NULL,
	`why_thrive` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`handled_by` text,
	`handled_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_applications_idempotency_key_unique` ON `agent_applications` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `agent_applications_status_created_idx` ON `agent_applications` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `booking_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`user_id` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`check_in_date` text NOT NULL,
	`check_out_date` text NOT NULL,
	`adults` integer NOT NULL,
	`children` integer DEFAULT 0 NOT NULL,
	`infants` integer DEFAULT 0 NOT NULL,
	`location_id` text NOT NULL,
	`location_name` text NOT NULL,
	`location_city` text,
	`location_state` text,
	`location_country` text NOT NULL,
	`room_type_id` text NOT NULL,
	`room_type_name` text NOT NULL,
	`room_type_bedrooms` integer,
	`room_type_bathrooms` real,
	`room_type_price` real,
	`special_requests` text,
	`referral_code` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`handled_by` text,
	`handled_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_requests_idempotency_key_unique` ON `booking_requests` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `booking_requests_status_created_idx` ON `booking_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `booking_requests_user_idx` ON `booking_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`request_kind` text NOT NULL,
	`request_id` text NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`last_error` text,
	`sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_deliveries_due_idx` ON `email_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_deliveries_request_idx` ON `email_deliveries` (`request_kind`,`request_id`);--> statement-breakpoint
CREATE TABLE `support_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`user_id` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`message` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`handled_by` text,
	`handled_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `support_messages_idempotency_key_unique` ON `support_messages` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `support_messages_status_created_idx` ON `support_messages` (`status`,`created_at`);