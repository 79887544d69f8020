-- Only what is ready is on sale: a room type is a draft until an admin publishes it (those on the
-- site today stay published), and its drafts are not searched.
ALTER TABLE `room_types` ADD `published` integer DEFAULT false NOT NULL;--> statement-breakpoint

--> statement-breakpoint
UPDATE `room_types` SET `published` = 1;--> statement-breakpoint
DROP TRIGGER `location_search_room_type_updated`;--> statement-breakpoint
DROP VIEW `location_search_source`;--> statement-breakpoint
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
			WHERE r.location_id = l.id AND r.published = 1
			ORDER BY r.display_order, r.name, r.id
		)
	), '') AS rooms,
	coalesce(l.description, '') AS description
FROM locations AS l
WHERE l.hidden = 0;
--> statement-breakpoint
CREATE TRIGGER `location_search_room_type_updated` AFTER UPDATE OF name, room_features, free_parking, no_resort_fees, location_id, display_order, published ON `room_types` BEGIN
	DELETE FROM location_search WHERE location_id IN (OLD.location_id, NEW.location_id);
	INSERT INTO location_search (location_id, name, place, rooms, description)
	SELECT location_id, name, place, rooms, description FROM location_search_source
	WHERE location_id IN (OLD.location_id, NEW.location_id);
END;
