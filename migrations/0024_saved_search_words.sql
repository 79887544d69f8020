-- A saved search keeps the list's search words: as typed (shown, and in its link back to the list)
-- and as the full-text query the list runs for them (matched by the alerts run). Alerts saved
-- before had none, and their criteria key takes the words last, as
-- app/week-alerts/week-alerts.server.ts writes it.
ALTER TABLE `saved_searches` ADD `q` text;
--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `q_match` text;
--> statement-breakpoint
UPDATE `saved_searches` SET `criteria` = json_insert(`criteria`, '$[#]', NULL);
