ALTER TABLE `room_types` ADD `calendar_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `room_types_calendar_token_idx` ON `room_types` (`calendar_token`);