-- Full-text search over visible locations: one row per location with its name, its place (city,
-- state or island, country), its room types' names and features (in the page's order), and its
-- description. Triggers keep it in step inside the very statement that writes a location or a
-- room type, so it can never disagree with the catalogue, whichever path wrote it. Hidden
-- locations have no row.
CREATE VIRTUAL TABLE `location_search` USING fts5(
	location_id UNINDEXED,
	name,
	place,
	rooms,
	description,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
CREATE VIEW `location_search_source` AS
SELECT
	l.id AS location_id,
	l.name AS name,
	trim(coalesce(l.city, '') || ' ' || coalesce(l.state, '') || ' ' || l.country) AS place,
	coalesce((
		SELECT group_concat(room, '. ')
		FROM (
			SELECT r.name || coalesce(': ' || (
				SELECT group_concat(feature, ', ')
				FROM (
					SELECT f.value AS feature
					FROM json_each(CASE WHEN json_valid(r.room_features) THEN r.room_features ELSE '[]' END) AS f
					UNION ALL SELECT 'Free Parking' WHERE r.free_parking
					UNION ALL SELECT 'No Resort Fees' WHERE r.no_resort_fees
				)
			), '') AS room
			FROM room_types AS r
			WHERE r.location_id = l.id
			ORDER BY r.display_order, r.name, r.id
		)
	), '') AS rooms,
	coalesce(l.description, '') AS description
FROM locations AS l
WHERE l.hidden = 0;
--> statement-breakpoint
CREATE TRIGGER `location_search_location_inserted` AFTER INSERT ON `locations` BEGIN
	INSERT INTO location_search (location_id, name, place, rooms, description)
	SELECT location_id, name, place, rooms, description FROM location_search_source WHERE location_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `location_search_location_updated` AFTER UPDATE OF name, city, state, country, description, hidden ON `locations` BEGIN
	DELETE FROM location_search WHERE location_id = OLD.id;
	INSERT INTO location_search (location_id, name, place, rooms, description)
	SELECT location_id, name, place, rooms, description FROM location_search_source WHERE location_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `location_search_location_deleted` AFTER DELETE ON `locations` BEGIN
	DELETE FROM location_search WHERE location_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `location_search_room_type_inserted` AFTER INSERT ON `room_types` BEGIN
	DELETE FROM location_search WHERE location_id = NEW.location_id;
	INSERT INTO location_search (location_id, name, place, rooms, description)
	SELECT location_id, name, place, rooms, description FROM location_search_source WHERE location_id = NEW.location_id;
END;
--> statement-breakpoint
CREATE TRIGGER `location_search_room_type_updated` AFTER UPDATE OF name, room_features, free_parking, no_resort_fees, location_id, display_order ON `room_types` BEGIN
	DELETE FROM location_search WHERE location_id IN (OLD.location_id, NEW.location_id);
	INSERT INTO location_search (location_id, name, place, rooms, description)
	SELECT location_id, name, place, rooms, description FROM location_search_source
	WHERE location_id IN (OLD.location_id, NEW.location_id);
END;
--> statement-breakpoint
CREATE TRIGGER `location_search_room_type_deleted` AFTER DELETE ON `room_types` BEGIN
	DELETE FROM location_search WHERE location_id = OLD.location_id;
	INSERT INTO location_search (location_id, name, place, rooms, description)
	SELECT location_id, name, place, rooms, description FROM location_search_source WHERE location_id = OLD.location_id;
END;
--> statement-breakpoint
INSERT INTO location_search (location_id, name, place, rooms, description)
SELECT location_id, name, place, rooms, description FROM location_search_source;
