-- "Tell me when a week opens": members' saved searches, and each time a week goes on sale anew
-- (opened by an admin or an import, freed by a decline, a withdrawal or a lapse, its room
-- published, its location shown), recorded by triggers whatever wrote it, in order. A week on sale
-- anew marks the searches of its month pending, for the alerts run to check and tell. E-mails may
-- carry headers (a list's one-click unsubscribe).
CREATE TABLE `saved_searches` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`country` text,
	`state` text,
	`city` text,
	`guests` integer,
	`bedrooms` integer,
	`max_price` real,
	`criteria` text NOT NULL,
	`pending` integer DEFAULT false NOT NULL,
	`seen_seq` integer DEFAULT 0 NOT NULL,
	`alerted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_user_criteria_idx` ON `saved_searches` (`user_id`,`criteria`);--> statement-breakpoint
CREATE INDEX `saved_searches_month_pending_idx` ON `saved_searches` (`month`,`pending`);--> statement-breakpoint
CREATE INDEX `saved_searches_pending_alerted_idx` ON `saved_searches` (`pending`,`alerted_at`);--> statement-breakpoint
CREATE TABLE `week_openings` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`week_id` text NOT NULL,
	`month` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `week_openings_month_seq_idx` ON `week_openings` (`month`,`seq`);--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `headers` text;
--> statement-breakpoint
CREATE TRIGGER `week_opened_inserted` AFTER INSERT ON `weeks` WHEN NEW.state = 'open' BEGIN
	INSERT INTO week_openings (week_id, month) VALUES (NEW.id, substr(NEW.check_in, 1, 7));
	UPDATE saved_searches SET pending = 1 WHERE month = substr(NEW.check_in, 1, 7) AND pending = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `week_opened_updated` AFTER UPDATE OF state ON `weeks`
WHEN NEW.state = 'open' AND OLD.state <> 'open' BEGIN
	INSERT INTO week_openings (week_id, month) VALUES (NEW.id, substr(NEW.check_in, 1, 7));
	UPDATE saved_searches SET pending = 1 WHERE month = substr(NEW.check_in, 1, 7) AND pending = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `room_type_put_on_sale` AFTER UPDATE OF published ON `room_types`
WHEN NEW.published = 1 AND OLD.published = 0 BEGIN
	INSERT INTO week_openings (week_id, month)
	SELECT id, substr(check_in, 1, 7) FROM weeks WHERE room_type_id = NEW.id AND state = 'open';
	UPDATE saved_searches SET pending = 1
	WHERE pending = 0 AND month IN (
		SELECT substr(check_in, 1, 7) FROM weeks WHERE room_type_id = NEW.id AND state = 'open'
	);
END;
--> statement-breakpoint
CREATE TRIGGER `location_put_on_sale` AFTER UPDATE OF hidden ON `locations`
WHEN NEW.hidden = 0 AND OLD.hidden = 1 BEGIN
	INSERT INTO week_openings (week_id, month)
	SELECT w.id, substr(w.check_in, 1, 7) FROM weeks AS w JOIN room_types AS r ON r.id = w.room_type_id
	WHERE r.location_id = NEW.id AND w.state = 'open';
	UPDATE saved_searches SET pending = 1
	WHERE pending = 0 AND month IN (
		SELECT substr(w.check_in, 1, 7) FROM weeks AS w JOIN room_types AS r ON r.id = w.room_type_id
		WHERE r.location_id = NEW.id AND w.state = 'open'
	);
END;
