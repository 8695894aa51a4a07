-- The console's quiz figures by exam (issue 28): counters kept on write from now on, started from
-- the attempts already stored (every mode but the unscored Find-it drills), as COUNTER_RECOMPUTE_SQL
-- reads them.
INSERT INTO `counters` (`key`, `value`)
SELECT 'attempts.exam.' || `exam` || '.started', count(*) FROM `quiz_attempts` WHERE `mode` <> 'find' GROUP BY `exam`
ON CONFLICT(`key`) DO UPDATE SET `value` = excluded.`value`;--> statement-breakpoint
INSERT INTO `counters` (`key`, `value`)
SELECT 'attempts.exam.' || `exam` || '.completed', count(*) FROM `quiz_attempts` WHERE `mode` <> 'find' AND `status` = 'completed' GROUP BY `exam`
ON CONFLICT(`key`) DO UPDATE SET `value` = excluded.`value`;--> statement-breakpoint
INSERT INTO `counters` (`key`, `value`)
SELECT 'attempts.exam.' || `exam` || '.score_sum', coalesce(sum(`score`), 0) FROM `quiz_attempts` WHERE `mode` <> 'find' AND `status` = 'completed' GROUP BY `exam`
ON CONFLICT(`key`) DO UPDATE SET `value` = excluded.`value`;
