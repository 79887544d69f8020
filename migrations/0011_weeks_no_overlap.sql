-- Two weeks of one room type never share a night, whoever writes them (the import, the season
-- opening, the editor): two members could otherwise hold the same nights through two weeks. An
-- insert of a week whose check-in exists already is that week's update (an upsert), not an overlap.
-- A week is at most 365 nights, so only weeks checking in up to 366 days before can reach it.
CREATE TRIGGER `weeks_no_overlap_insert` BEFORE INSERT ON `weeks`
WHEN EXISTS (
  SELECT 1 FROM `weeks` AS `other`
  WHERE `other`.`room_type_id` = NEW.`room_type_id`
    AND `other`.`check_in` <> NEW.`check_in`
    AND `other`.`check_in` > date(NEW.`check_in`, '-366 days')
    AND `other`.`check_in` < date(NEW.`check_in`, '+' || NEW.`nights` || ' days')
    AND date(`other`.`check_in`, '+' || `other`.`nights` || ' days') > NEW.`check_in`
)
BEGIN
  SELECT RAISE(ABORT, 'overlapping week');
END;
--> statement-breakpoint
CREATE TRIGGER `weeks_no_overlap_update` BEFORE UPDATE OF `check_in`, `nights` ON `weeks`
WHEN EXISTS (
  SELECT 1 FROM `weeks` AS `other`
  WHERE `other`.`room_type_id` = NEW.`room_type_id`
    AND `other`.`id` <> NEW.`id`
    AND `other`.`check_in` > date(NEW.`check_in`, '-366 days')
    AND `other`.`check_in` < date(NEW.`check_in`, '+' || NEW.`nights` || ' days')
    AND date(`other`.`check_in`, '+' || `other`.`nights` || ' days') > NEW.`check_in`
)
BEGIN
  SELECT RAISE(ABORT, 'overlapping week');
END;
