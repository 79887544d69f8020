-- The staff's demand figures (app/demand/): how many times members' month searches found nothing,
-- counted per month, place and party size (nothing personal), and the requests read by check-in
-- month.
CREATE TABLE `empty_month_searches` (
	`month` text NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`guests` integer DEFAULT 0 NOT NULL,
	`searches` integer NOT NULL,
	PRIMARY KEY(`month`, `country`, `state`, `city`, `guests`)
);
--> statement-breakpoint
CREATE INDEX `booking_requests_check_in_idx` ON `booking_requests` (`check_in_date`);