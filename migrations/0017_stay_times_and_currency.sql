-- Check-in and check-out times and the currency of each resort; a request keeps those it was
-- made with (as it keeps the resort's name), starting from its resort's.
ALTER TABLE `booking_requests` ADD `location_time_zone` text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `check_in_time` text DEFAULT '16:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `check_out_time` text DEFAULT '10:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE `locations` ADD `check_in_time` text DEFAULT '16:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `locations` ADD `check_out_time` text DEFAULT '10:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `locations` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
UPDATE `booking_requests` SET `location_time_zone` = (SELECT `time_zone` FROM `locations` WHERE `locations`.`id` = `booking_requests`.`location_id`)
WHERE EXISTS (SELECT 1 FROM `locations` WHERE `locations`.`id` = `booking_requests`.`location_id`);
