-- The Checklist's counts, kept as the catalogue changes (docs/decisions/019-checklist-counts-kept-
-- by-triggers.md). `location_checklist` has a row for each location with what the Complete rule
-- asks of it that does not move with the calendar, and `room_open_weeks` a row for each room type
-- with open weeks: its first and last, and its wide gaps (two open weeks one after the other more
-- than 89 days apart, the fewest days in the Checklist's three months: WIDE_GAP_DAYS in
-- app/catalogue/checklist.ts). From them the Checklist tells for any day, without reading a week,
-- whether every room of a location has an open week in the next three months
-- (app/catalogue/checklist.server.ts). Triggers keep both inside the very statement that writes a
-- location, a room type, a picture or a week, whichever path wrote it (the admin's forms, the
-- spreadsheets, a member's request, the seed, a hand-run fix), so the counts never disagree with
-- the catalogue. A week's change costs a few index steps (its neighbours among the room's open
-- weeks), never a read of the room's weeks, so opening a season of the whole catalogue stays one
-- statement's work.
--
-- A custom migration (`drizzle-kit generate --custom`), kept apart from 0027, which drizzle-kit
-- generated from app/db/schema.ts (the two tables and the admin's name index): the schema can say
-- neither views nor triggers, so they are written by hand here, where no diff of the schema will
-- ever look for them or write them out again, and 0027 stays what the schema says.

-- A room type's open weeks, counted afresh: the first, the last, and the wide gaps between two in
-- a row.
CREATE VIEW `room_open_weeks_source` AS
SELECT
	r.id AS room_type_id,
	min(w.check_in) AS first_open,
	max(w.check_in) AS last_open,
	(
		SELECT count(*) FROM (
			SELECT julianday(o.check_in) - julianday(lag(o.check_in) OVER (ORDER BY o.check_in)) AS gap
			FROM weeks AS o
			WHERE o.room_type_id = r.id AND +o.state = 'open'
		)
		WHERE gap > 89
	) AS wide_gaps
FROM room_types AS r
JOIN weeks AS w ON w.room_type_id = r.id AND +w.state = 'open'
GROUP BY r.id;
--> statement-breakpoint
-- A location as the Checklist counts it. `settled`: a description that is more than white space
-- (what JavaScript's trim() takes away), its place (a city and a state in the United States, a
-- city in Mexico), a picture, a room type, and every room with a weekly rate, a guest limit and a
-- picture of its own (app/catalogue/checklist.ts words the same rule for a row). Over its rooms:
-- the latest first open week (null while a room has none), the earliest last one, the wide gaps.
CREATE VIEW `location_checklist_source` AS
SELECT
	l.id AS location_id,
	l.hidden AS hidden,
	l.featured AS featured,
	(
		coalesce(trim(l.description, char(32, 9, 10, 13, 12, 11, 160, 5760, 8192, 8193, 8194, 8195,
			8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '') <> ''
		AND (CASE l.country
			WHEN 'United States' THEN coalesce(l.city, '') <> '' AND coalesce(l.state, '') <> ''
			WHEN 'Mexico' THEN coalesce(l.city, '') <> ''
			ELSE 1 END)
		AND EXISTS (SELECT 1 FROM images AS i WHERE i.location_id = l.id)
		AND EXISTS (SELECT 1 FROM room_types AS r WHERE r.location_id = l.id)
		AND NOT EXISTS (
			SELECT 1 FROM room_types AS r
			WHERE r.location_id = l.id AND NOT (
				coalesce(r.price, 0) > 0
				AND coalesce(r.max_guests, 0) > 0
				AND EXISTS (
					SELECT 1 FROM images AS i WHERE i.location_id = r.location_id AND i.room_type_id = r.id
				)
			)
		)
	) AS settled,
	(
		SELECT CASE WHEN count(o.room_type_id) = count(*) THEN max(o.first_open) END
		FROM room_types AS r LEFT JOIN room_open_weeks AS o ON o.room_type_id = r.id
		WHERE r.location_id = l.id
	) AS ready_from,
	(
		SELECT min(o.last_open)
		FROM room_types AS r JOIN room_open_weeks AS o ON o.room_type_id = r.id
		WHERE r.location_id = l.id
	) AS ready_until,
	(
		SELECT coalesce(sum(o.wide_gaps), 0)
		FROM room_types AS r JOIN room_open_weeks AS o ON o.room_type_id = r.id
		WHERE r.location_id = l.id
	) AS wide_gaps
FROM locations AS l;
--> statement-breakpoint
-- Locations.
CREATE TRIGGER `checklist_location_inserted` AFTER INSERT ON `locations` BEGIN
	DELETE FROM location_checklist WHERE location_id = NEW.id;
	INSERT INTO location_checklist SELECT * FROM location_checklist_source WHERE location_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_location_updated`
AFTER UPDATE OF id, description, city, state, country, hidden, featured ON `locations` BEGIN
	DELETE FROM location_checklist WHERE location_id IN (OLD.id, NEW.id);
	INSERT INTO location_checklist SELECT * FROM location_checklist_source WHERE location_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_location_deleted` AFTER DELETE ON `locations` BEGIN
	DELETE FROM location_checklist WHERE location_id = OLD.id;
END;
--> statement-breakpoint
-- Room types: their rate, guest limit and location; their open weeks go with them.
CREATE TRIGGER `checklist_room_type_inserted` AFTER INSERT ON `room_types` BEGIN
	DELETE FROM room_open_weeks WHERE room_type_id = NEW.id;
	INSERT INTO room_open_weeks SELECT * FROM room_open_weeks_source WHERE room_type_id = NEW.id;
	DELETE FROM location_checklist WHERE location_id = NEW.location_id;
	INSERT INTO location_checklist SELECT * FROM location_checklist_source
	WHERE location_id = NEW.location_id;
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_room_type_updated`
AFTER UPDATE OF id, location_id, price, max_guests ON `room_types` BEGIN
	DELETE FROM room_open_weeks WHERE room_type_id IN (OLD.id, NEW.id);
	INSERT INTO room_open_weeks SELECT * FROM room_open_weeks_source WHERE room_type_id = NEW.id;
	DELETE FROM location_checklist WHERE location_id IN (OLD.location_id, NEW.location_id);
	INSERT INTO location_checklist SELECT * FROM location_checklist_source
	WHERE location_id IN (OLD.location_id, NEW.location_id);
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_room_type_deleted` AFTER DELETE ON `room_types` BEGIN
	DELETE FROM room_open_weeks WHERE room_type_id = OLD.id;
	DELETE FROM location_checklist WHERE location_id = OLD.location_id;
	INSERT INTO location_checklist SELECT * FROM location_checklist_source
	WHERE location_id = OLD.location_id;
END;
--> statement-breakpoint
-- Pictures: a location's, and a room's own.
CREATE TRIGGER `checklist_image_inserted` AFTER INSERT ON `images` BEGIN
	DELETE FROM location_checklist WHERE location_id = NEW.location_id;
	INSERT INTO location_checklist SELECT * FROM location_checklist_source
	WHERE location_id = NEW.location_id;
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_image_updated` AFTER UPDATE OF location_id, room_type_id ON `images` BEGIN
	DELETE FROM location_checklist WHERE location_id IN (OLD.location_id, NEW.location_id);
	INSERT INTO location_checklist SELECT * FROM location_checklist_source
	WHERE location_id IN (OLD.location_id, NEW.location_id);
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_image_deleted` AFTER DELETE ON `images` BEGIN
	DELETE FROM location_checklist WHERE location_id = OLD.location_id;
	INSERT INTO location_checklist SELECT * FROM location_checklist_source
	WHERE location_id = OLD.location_id;
END;
--> statement-breakpoint
-- A room's open weeks in brief: its location's row follows (the room's own location; a room that
-- is gone, or that moves, has its locations rebuilt whole by the triggers above).
CREATE TRIGGER `checklist_room_open_weeks_inserted` AFTER INSERT ON `room_open_weeks` BEGIN
	UPDATE location_checklist SET (ready_from, ready_until, wide_gaps) = (
		SELECT s.ready_from, s.ready_until, s.wide_gaps FROM location_checklist_source AS s
		WHERE s.location_id = location_checklist.location_id
	)
	WHERE location_id = (SELECT location_id FROM room_types WHERE id = NEW.room_type_id);
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_room_open_weeks_updated` AFTER UPDATE ON `room_open_weeks`
WHEN OLD.first_open <> NEW.first_open OR OLD.last_open <> NEW.last_open
	OR OLD.wide_gaps <> NEW.wide_gaps
BEGIN
	UPDATE location_checklist SET (ready_from, ready_until, wide_gaps) = (
		SELECT s.ready_from, s.ready_until, s.wide_gaps FROM location_checklist_source AS s
		WHERE s.location_id = location_checklist.location_id
	)
	WHERE location_id = (SELECT location_id FROM room_types WHERE id = NEW.room_type_id);
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_room_open_weeks_deleted` AFTER DELETE ON `room_open_weeks` BEGIN
	UPDATE location_checklist SET (ready_from, ready_until, wide_gaps) = (
		SELECT s.ready_from, s.ready_until, s.wide_gaps FROM location_checklist_source AS s
		WHERE s.location_id = location_checklist.location_id
	)
	WHERE location_id = (SELECT location_id FROM room_types WHERE id = OLD.room_type_id);
END;
--> statement-breakpoint
-- Weeks: only an open week counts, by its room and check-in (its rate, its nights or one taken
-- state for another change nothing here). An open week added or taken away changes its room's
-- first or last, and the gaps on either side: with the open weeks just before (p) and after (n),
-- the wide gaps p–c and c–n stand for p–n, or the other way. The state is kept off its index
-- (the unary `+`), which would read every open week of the catalogue: a room's weeks are read by
-- room and date.
CREATE TRIGGER `checklist_week_inserted` AFTER INSERT ON `weeks` WHEN NEW.state = 'open' BEGIN
	INSERT INTO room_open_weeks (room_type_id, first_open, last_open, wide_gaps)
	SELECT NEW.room_type_id, NEW.check_in, NEW.check_in,
		coalesce(julianday(NEW.check_in) - julianday(p) > 89, 0)
		+ coalesce(julianday(n) - julianday(NEW.check_in) > 89, 0)
		- coalesce(julianday(n) - julianday(p) > 89, 0)
	FROM (
		SELECT
			(SELECT check_in FROM weeks WHERE room_type_id = NEW.room_type_id AND +state = 'open'
				AND check_in < NEW.check_in ORDER BY check_in DESC LIMIT 1) AS p,
			(SELECT check_in FROM weeks WHERE room_type_id = NEW.room_type_id AND +state = 'open'
				AND check_in > NEW.check_in ORDER BY check_in LIMIT 1) AS n
	)
	WHERE true
	ON CONFLICT (room_type_id) DO UPDATE SET
		first_open = min(first_open, excluded.first_open),
		last_open = max(last_open, excluded.last_open),
		wide_gaps = wide_gaps + excluded.wide_gaps;
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_week_opened` AFTER UPDATE OF state ON `weeks`
WHEN OLD.state <> 'open' AND NEW.state = 'open'
	AND OLD.room_type_id = NEW.room_type_id AND OLD.check_in = NEW.check_in
BEGIN
	INSERT INTO room_open_weeks (room_type_id, first_open, last_open, wide_gaps)
	SELECT NEW.room_type_id, NEW.check_in, NEW.check_in,
		coalesce(julianday(NEW.check_in) - julianday(p) > 89, 0)
		+ coalesce(julianday(n) - julianday(NEW.check_in) > 89, 0)
		- coalesce(julianday(n) - julianday(p) > 89, 0)
	FROM (
		SELECT
			(SELECT check_in FROM weeks WHERE room_type_id = NEW.room_type_id AND +state = 'open'
				AND check_in < NEW.check_in ORDER BY check_in DESC LIMIT 1) AS p,
			(SELECT check_in FROM weeks WHERE room_type_id = NEW.room_type_id AND +state = 'open'
				AND check_in > NEW.check_in ORDER BY check_in LIMIT 1) AS n
	)
	WHERE true
	ON CONFLICT (room_type_id) DO UPDATE SET
		first_open = min(first_open, excluded.first_open),
		last_open = max(last_open, excluded.last_open),
		wide_gaps = wide_gaps + excluded.wide_gaps;
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_week_taken` AFTER UPDATE OF state ON `weeks`
WHEN OLD.state = 'open' AND NEW.state <> 'open'
	AND OLD.room_type_id = NEW.room_type_id AND OLD.check_in = NEW.check_in
BEGIN
	DELETE FROM room_open_weeks WHERE room_type_id = OLD.room_type_id AND NOT EXISTS (
		SELECT 1 FROM weeks WHERE room_type_id = OLD.room_type_id AND +state = 'open'
	);
	UPDATE room_open_weeks SET
		first_open = CASE WHEN first_open = OLD.check_in THEN n ELSE first_open END,
		last_open = CASE WHEN last_open = OLD.check_in THEN p ELSE last_open END,
		wide_gaps = wide_gaps
			- coalesce(julianday(OLD.check_in) - julianday(p) > 89, 0)
			- coalesce(julianday(n) - julianday(OLD.check_in) > 89, 0)
			+ coalesce(julianday(n) - julianday(p) > 89, 0)
	FROM (
		SELECT
			(SELECT check_in FROM weeks WHERE room_type_id = OLD.room_type_id AND +state = 'open'
				AND check_in < OLD.check_in ORDER BY check_in DESC LIMIT 1) AS p,
			(SELECT check_in FROM weeks WHERE room_type_id = OLD.room_type_id AND +state = 'open'
				AND check_in > OLD.check_in ORDER BY check_in LIMIT 1) AS n
	)
	WHERE room_type_id = OLD.room_type_id;
END;
--> statement-breakpoint
CREATE TRIGGER `checklist_week_deleted` AFTER DELETE ON `weeks` WHEN OLD.state = 'open' BEGIN
	DELETE FROM room_open_weeks WHERE room_type_id = OLD.room_type_id AND NOT EXISTS (
		SELECT 1 FROM weeks WHERE room_type_id = OLD.room_type_id AND +state = 'open'
	);
	UPDATE room_open_weeks SET
		first_open = CASE WHEN first_open = OLD.check_in THEN n ELSE first_open END,
		last_open = CASE WHEN last_open = OLD.check_in THEN p ELSE last_open END,
		wide_gaps = wide_gaps
			- coalesce(julianday(OLD.check_in) - julianday(p) > 89, 0)
			- coalesce(julianday(n) - julianday(OLD.check_in) > 89, 0)
			+ coalesce(julianday(n) - julianday(p) > 89, 0)
	FROM (
		SELECT
			(SELECT check_in FROM weeks WHERE room_type_id = OLD.room_type_id AND +state = 'open'
				AND check_in < OLD.check_in ORDER BY check_in DESC LIMIT 1) AS p,
			(SELECT check_in FROM weeks WHERE room_type_id = OLD.room_type_id AND +state = 'open'
				AND check_in > OLD.check_in ORDER BY check_in LIMIT 1) AS n
	)
	WHERE room_type_id = OLD.room_type_id;
END;
--> statement-breakpoint
-- A week moved to another room or date (no path does so now): both rooms counted afresh.
CREATE TRIGGER `checklist_week_moved` AFTER UPDATE OF room_type_id, check_in ON `weeks`
WHEN (OLD.room_type_id <> NEW.room_type_id OR OLD.check_in <> NEW.check_in)
	AND (OLD.state = 'open' OR NEW.state = 'open')
BEGIN
	DELETE FROM room_open_weeks WHERE room_type_id IN (OLD.room_type_id, NEW.room_type_id);
	INSERT INTO room_open_weeks SELECT * FROM room_open_weeks_source
	WHERE room_type_id IN (OLD.room_type_id, NEW.room_type_id);
END;
--> statement-breakpoint
-- The catalogue as it stands: the rooms' open weeks first, which the locations' rows read.
INSERT INTO room_open_weeks SELECT * FROM room_open_weeks_source;
--> statement-breakpoint
INSERT INTO location_checklist SELECT * FROM location_checklist_source;
