-- The weeks are read by room and date (their unique index); an index of every open week by date,
-- briefly made by an earlier version of 0019, led other queries to read every open week instead.
DROP INDEX IF EXISTS `weeks_state_check_in_idx`;
