CREATE TABLE `rate_limits` (
	`rule` text NOT NULL,
	`subject` text NOT NULL,
	`hits` integer NOT NULL,
	`resets_at` integer NOT NULL,
	PRIMARY KEY(`rule`, `subject`)
);
--> statement-breakpoint
CREATE INDEX `rate_limits_resets_at_idx` ON `rate_limits` (`resets_at`);