-- Stays are sold in whole weeks. Seasons opened before that made each stay as long as the
-- location's minimum nights (three nights at the weekly price where the minimum is three): the
-- open ones among them grow to the whole weeks that cover those nights, unless another stay of
-- the room already holds a night they would take. Requested and booked stays keep what the member
-- asked for.
UPDATE `weeks` SET `nights` = ((`nights` + 6) / 7) * 7, `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE `state` = 'open'
  AND `nights` % 7 <> 0
  AND `nights` = (
    SELECT `locations`.`minimum_nights` FROM `room_types`
    JOIN `locations` ON `locations`.`id` = `room_types`.`location_id`
    WHERE `room_types`.`id` = `weeks`.`room_type_id`
  )
  AND NOT EXISTS (
    SELECT 1 FROM `weeks` AS `other`
    WHERE `other`.`room_type_id` = `weeks`.`room_type_id`
      AND `other`.`id` <> `weeks`.`id`
      AND `other`.`check_in` >= `weeks`.`check_in`
      AND `other`.`check_in` < date(`weeks`.`check_in`, '+' || (((`weeks`.`nights` + 6) / 7) * 7) || ' days')
  );
