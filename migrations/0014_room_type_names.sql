-- A location's room types get distinct names, whatever their capitals and outer spaces (the
-- spreadsheets name a room by it). Any that share one keep it once, in the location's order; the
-- others are told apart by the start of their id, so that the index can be made.
UPDATE `room_types` SET `name` = trim(`name`) || ' (' || substr(`id`, 1, 8) || ')'
WHERE EXISTS (
  SELECT 1 FROM `room_types` AS `earlier`
  WHERE `earlier`.`location_id` = `room_types`.`location_id`
    AND lower(trim(`earlier`.`name`)) = lower(trim(`room_types`.`name`))
    AND (`earlier`.`display_order`, `earlier`.`id`) < (`room_types`.`display_order`, `room_types`.`id`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `room_types_location_name_idx` ON `room_types` (`location_id`,lower(trim("name")));
