-- Every location's name, hidden ones too, for the admin's name searches (the picker and the
-- Checklist): its words folded as the public search folds them (any case, no accents), so
-- "curacao" finds "Curaçao". Triggers keep it in step inside the statement that writes a location,
-- whichever path wrote it.
CREATE VIRTUAL TABLE `location_names` USING fts5(
	location_id UNINDEXED,
	name,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO location_names (location_id, name) SELECT id, name FROM locations;
--> statement-breakpoint
CREATE TRIGGER `location_names_location_inserted` AFTER INSERT ON `locations` BEGIN
	INSERT INTO location_names (location_id, name) VALUES (NEW.id, NEW.name);
END;
--> statement-breakpoint
CREATE TRIGGER `location_names_location_renamed` AFTER UPDATE OF name ON `locations` BEGIN
	UPDATE location_names SET name = NEW.name WHERE location_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `location_names_location_deleted` AFTER DELETE ON `locations` BEGIN
	DELETE FROM location_names WHERE location_id = OLD.id;
END;
