ALTER TABLE `booking_requests` ADD `amount_due` real;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `pay_by` text;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `paid_at` text;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `payment_note` text;