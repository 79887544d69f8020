-- A saved search's weekly price names its currency, as the list's does: a resort prices in its own
-- and none is converted. Alerts saved before had theirs in US dollars (they said "up to US$…"),
-- and their criteria key takes the currency last, as app/week-alerts/week-alerts.server.ts writes it.
ALTER TABLE `saved_searches` ADD `currency` text;
--> statement-breakpoint
UPDATE `saved_searches` SET `currency` = 'USD' WHERE `max_price` IS NOT NULL;
--> statement-breakpoint
UPDATE `saved_searches` SET `criteria` = json_insert(`criteria`, '$[#]', `currency`);
