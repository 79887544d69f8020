-- The staff inbox's pages, newest first: each kind of request read in its order of arrival and
-- the three merged, rather than every request ever sent sorted for each page.
CREATE INDEX `agent_applications_created_idx` ON `agent_applications` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `booking_requests_created_idx` ON `booking_requests` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `support_messages_created_idx` ON `support_messages` (`created_at`,`id`);