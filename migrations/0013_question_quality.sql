-- Question quality (issue 18). Written by hand: triggers, generated columns and the backfill are
-- beyond drizzle-kit (api-worker/src/db/schema.ts mirrors the tables and indexes).
-- * Statistics epochs: a question's item statistics start afresh when its options or keyed answer
--   change, not on other edits. Each kept version carries the epoch it belongs to (the version
--   that began it), and the question carries its current one.
-- * question_stats: per question and epoch, the sums item analysis needs, kept by a trigger when
--   an attempt is completed (every path that completes one: finish, the deadline, a later call).
-- * question_reports: learners' reports, with the open counts on the question (what withdraws it
--   from new quizzes) and the global open count kept by triggers, so every path (a cascade from a
--   deleted account or question included) keeps them right.

-- ---- statistics epochs ----------------------------------------------------------------------
ALTER TABLE `question_versions` ADD `stats_epoch` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A version starts an epoch when its options or key differ from the version before it.
UPDATE `question_versions` SET `stats_epoch` = epochs.epoch
FROM (
	SELECT `id`, max(CASE WHEN changed THEN `version` END) OVER (PARTITION BY `question_id` ORDER BY `version` ROWS UNBOUNDED PRECEDING) AS epoch
	FROM (
		SELECT `id`, `question_id`, `version`,
			(lag(json_extract(`snapshot_json`, '$.options')) OVER w IS NOT json_extract(`snapshot_json`, '$.options')
				OR lag(json_extract(`snapshot_json`, '$.correctAnswer')) OVER w IS NOT json_extract(`snapshot_json`, '$.correctAnswer')) AS changed
		FROM `question_versions`
		WINDOW w AS (PARTITION BY `question_id` ORDER BY `version`)
	)
) AS epochs
WHERE epochs.`id` = `question_versions`.`id`;--> statement-breakpoint
ALTER TABLE `questions` ADD `stats_epoch` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE `questions` SET `stats_epoch` = coalesce(
	(SELECT v.`stats_epoch` FROM `question_versions` v WHERE v.`question_id` = `questions`.`id` AND v.`version` = `questions`.`version`), 1);--> statement-breakpoint

-- ---- item statistics --------------------------------------------------------------------------
-- x: right (1) or wrong (0) on the question; y: the share right on the attempt's other questions.
-- facility = Σx / n; discrimination r = (nΣxy − ΣxΣy) / √((nΣx − (Σx)²)(nΣy² − (Σy)²)). D1 has no
-- sqrt(), so rows are ordered and filtered by sign(r)·r² (discrimination_key), which orders as r
-- does; the API takes the root. chosen_i counts option i in the question's own order; the time
-- histogram counts answers per whole second, 0 to 300 (the last holds 300 s and more).
CREATE TABLE `question_stats` (
	`question_seq` integer NOT NULL,
	`epoch` integer NOT NULL,
	`is_current` integer DEFAULT true NOT NULL,
	`category` text NOT NULL,
	`option_count` integer NOT NULL,
	`correct_answer` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	`rest_sum` real DEFAULT 0 NOT NULL,
	`rest_squares` real DEFAULT 0 NOT NULL,
	`correct_rest` real DEFAULT 0 NOT NULL,
	`chosen_0` integer DEFAULT 0 NOT NULL,
	`chosen_1` integer DEFAULT 0 NOT NULL,
	`chosen_2` integer DEFAULT 0 NOT NULL,
	`chosen_3` integer DEFAULT 0 NOT NULL,
	`time_histogram` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`facility` real GENERATED ALWAYS AS (CASE WHEN `attempts` > 0 THEN `correct` * 1.0 / `attempts` END) VIRTUAL,
	`discrimination_key` real GENERATED ALWAYS AS (CASE
		WHEN `attempts` * `correct` - `correct` * `correct` > 0
			AND `attempts` * `rest_squares` - `rest_sum` * `rest_sum` > 1e-9 * `attempts` * `attempts`
		THEN (`attempts` * `correct_rest` - `correct` * `rest_sum`) * abs(`attempts` * `correct_rest` - `correct` * `rest_sum`)
			/ ((`attempts` * `correct` - `correct` * `correct`) * (`attempts` * `rest_squares` - `rest_sum` * `rest_sum`))
	END) VIRTUAL,
	`unused_distractors` integer GENERATED ALWAYS AS (
		(`option_count` > 0 AND `correct_answer` <> 0 AND `chosen_0` = 0)
		+ (`option_count` > 1 AND `correct_answer` <> 1 AND `chosen_1` = 0)
		+ (`option_count` > 2 AND `correct_answer` <> 2 AND `chosen_2` = 0)
		+ (`option_count` > 3 AND `correct_answer` <> 3 AND `chosen_3` = 0)) VIRTUAL,
	PRIMARY KEY(`question_seq`, `epoch`),
	FOREIGN KEY (`question_seq`) REFERENCES `questions`(`seq`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
-- The item-analysis table pages in the order asked, with or without a category, from an index.
CREATE INDEX `question_stats_attempts_idx` ON `question_stats` (`is_current`,`attempts`);--> statement-breakpoint
CREATE INDEX `question_stats_category_attempts_idx` ON `question_stats` (`is_current`,`category`,`attempts`);--> statement-breakpoint
CREATE INDEX `question_stats_facility_idx` ON `question_stats` (`is_current`,`facility`);--> statement-breakpoint
CREATE INDEX `question_stats_category_facility_idx` ON `question_stats` (`is_current`,`category`,`facility`);--> statement-breakpoint
-- Discrimination that cannot be told yet sorts last either way (keys lie within −1 and 1).
CREATE INDEX `question_stats_discrimination_asc_idx` ON `question_stats` (`is_current`,coalesce(`discrimination_key`, 2));--> statement-breakpoint
CREATE INDEX `question_stats_category_discrimination_asc_idx` ON `question_stats` (`is_current`,`category`,coalesce(`discrimination_key`, 2));--> statement-breakpoint
CREATE INDEX `question_stats_discrimination_desc_idx` ON `question_stats` (`is_current`,coalesce(`discrimination_key`, -2));--> statement-breakpoint
CREATE INDEX `question_stats_category_discrimination_desc_idx` ON `question_stats` (`is_current`,`category`,coalesce(`discrimination_key`, -2));--> statement-breakpoint

-- The statistics of the answers already given in completed attempts (of two questions or more:
-- a one-question attempt has no rest to compare with).
INSERT INTO `question_stats` (`question_seq`, `epoch`, `is_current`, `category`, `option_count`, `correct_answer`,
	`attempts`, `correct`, `rest_sum`, `rest_squares`, `correct_rest`, `chosen_0`, `chosen_1`, `chosen_2`, `chosen_3`, `time_histogram`, `updated_at`)
WITH RECURSIVE buckets(b) AS (SELECT 0 UNION ALL SELECT b + 1 FROM buckets WHERE b < 300),
answers AS (
	SELECT v.`question_seq` AS seq, v.`stats_epoch` AS epoch, v.`stats_epoch` = q.`stats_epoch` AS current, q.`category` AS category,
		json_array_length(v.`snapshot_json`, '$.options') AS option_count, json_extract(v.`snapshot_json`, '$.correctAnswer') AS correct_answer,
		a.`is_correct` AS x, (qa.`correct_count` - a.`is_correct`) * 1.0 / (qa.`question_count` - 1) AS y,
		(a.`option_order` >> (2 * a.`selected_index`)) & 3 AS original,
		min(max(a.`time_spent_seconds`, 0), 300) AS bucket,
		coalesce(qa.`completed_at`, qa.`last_activity_at`) AS at
	FROM `attempt_questions` a
	JOIN `quiz_attempts` qa ON qa.`seq` = a.`attempt_seq`
	JOIN `question_versions` v ON v.`id` = a.`version_id`
	JOIN `questions` q ON q.`seq` = v.`question_seq`
	WHERE qa.`status` = 'completed' AND qa.`question_count` >= 2 AND a.`selected_index` IS NOT NULL
),
times AS (SELECT seq, epoch, bucket, count(*) AS n FROM answers GROUP BY seq, epoch, bucket)
SELECT seq, epoch, max(current), max(category), max(option_count), max(correct_answer),
	count(*), sum(x), sum(y), sum(y * y), sum(x * y),
	sum(original = 0), sum(original = 1), sum(original = 2), sum(original = 3),
	(SELECT json_group_array(coalesce((SELECT t.n FROM times t WHERE t.seq = g.seq AND t.epoch = g.epoch AND t.bucket = buckets.b), 0) ORDER BY buckets.b) FROM buckets),
	max(at)
FROM answers g
GROUP BY seq, epoch;--> statement-breakpoint

-- An attempt completed: its answers join their question's statistics for the epoch each version
-- belongs to (an answer to a version from before an edit of the options or key joins that older
-- epoch, kept as history). A question deleted since has no statistics to join.
CREATE TRIGGER `quiz_attempts_item_stats_au` AFTER UPDATE OF status ON `quiz_attempts`
WHEN old.status = 'in-progress' AND new.status = 'completed' AND new.question_count >= 2
BEGIN
	INSERT INTO question_stats (question_seq, epoch, is_current, category, option_count, correct_answer, time_histogram, updated_at)
	SELECT v.question_seq, v.stats_epoch, v.stats_epoch = q.stats_epoch, q.category,
		json_array_length(v.snapshot_json, '$.options'), json_extract(v.snapshot_json, '$.correctAnswer'),
		'[' || replace(hex(zeroblob(300)), '00', '0,') || '0]', coalesce(new.completed_at, new.last_activity_at)
	FROM attempt_questions a
	JOIN question_versions v ON v.id = a.version_id
	JOIN questions q ON q.seq = v.question_seq
	WHERE a.attempt_seq = new.seq AND a.selected_index IS NOT NULL
	ON CONFLICT (question_seq, epoch) DO NOTHING;
	UPDATE question_stats SET
		attempts = attempts + 1,
		correct = correct + s.x,
		rest_sum = rest_sum + s.y,
		rest_squares = rest_squares + s.y * s.y,
		correct_rest = correct_rest + s.x * s.y,
		chosen_0 = chosen_0 + (s.original = 0),
		chosen_1 = chosen_1 + (s.original = 1),
		chosen_2 = chosen_2 + (s.original = 2),
		chosen_3 = chosen_3 + (s.original = 3),
		time_histogram = json_replace(time_histogram, '$[' || s.bucket || ']', json_extract(time_histogram, '$[' || s.bucket || ']') + 1),
		updated_at = coalesce(new.completed_at, new.last_activity_at)
	FROM (
		SELECT v.question_seq AS seq, v.stats_epoch AS epoch, a.is_correct AS x,
			(new.correct_count - a.is_correct) * 1.0 / (new.question_count - 1) AS y,
			(a.option_order >> (2 * a.selected_index)) & 3 AS original,
			min(max(a.time_spent_seconds, 0), 300) AS bucket
		FROM attempt_questions a
		JOIN question_versions v ON v.id = a.version_id
		WHERE a.attempt_seq = new.seq AND a.selected_index IS NOT NULL
	) AS s
	WHERE question_stats.question_seq = s.seq AND question_stats.epoch = s.epoch;
END;--> statement-breakpoint

-- A new version starts a new epoch when its options or key differ from the version before it;
-- the question's statistics then start afresh and the older ones become history.
CREATE TRIGGER `question_versions_stats_epoch_ai` AFTER INSERT ON `question_versions`
BEGIN
	UPDATE question_versions SET stats_epoch = coalesce((
		SELECT p.stats_epoch FROM question_versions p
		WHERE p.question_id = new.question_id AND p.version = new.version - 1
			AND json_extract(p.snapshot_json, '$.options') IS json_extract(new.snapshot_json, '$.options')
			AND json_extract(p.snapshot_json, '$.correctAnswer') IS json_extract(new.snapshot_json, '$.correctAnswer')
	), new.version)
	WHERE id = new.id;
	UPDATE questions SET stats_epoch = (SELECT stats_epoch FROM question_versions WHERE id = new.id)
	WHERE id = new.question_id;
	UPDATE question_stats SET is_current = (epoch = (SELECT stats_epoch FROM question_versions WHERE id = new.id))
	WHERE question_seq = new.question_seq;
END;--> statement-breakpoint

-- The statistics follow the question's category (a category change is not a new epoch).
CREATE TRIGGER `questions_stats_category_au` AFTER UPDATE OF category ON `questions`
WHEN old.category IS NOT new.category
BEGIN
	UPDATE question_stats SET category = new.category WHERE question_seq = new.seq;
END;--> statement-breakpoint

-- ---- reports --------------------------------------------------------------------------------
ALTER TABLE `questions` ADD `open_reports` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `open_wrong_answer_reports` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE `question_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`question_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`question_version` integer NOT NULL,
	`note` text,
	`resolved_by` text,
	`resolved_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
-- One open report per learner and question: a second one conflicts here, whatever the timing.
CREATE UNIQUE INDEX `question_reports_open_unique` ON `question_reports` (`question_id`,`user_id`) WHERE `status` = 'open';--> statement-breakpoint
CREATE INDEX `question_reports_status_created_idx` ON `question_reports` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `question_reports_question_status_idx` ON `question_reports` (`question_id`,`status`);--> statement-breakpoint
CREATE INDEX `question_reports_user_idx` ON `question_reports` (`user_id`);--> statement-breakpoint
INSERT INTO `counters` (`key`, `value`, `updated_at`) VALUES ('reports.open', 0, unixepoch('subsec') * 1000)
ON CONFLICT(`key`) DO NOTHING;--> statement-breakpoint

-- A report is closed once (resolved or rejected), never reopened, so the counts below only move
-- with an open report's arrival, closing or deletion.
CREATE TRIGGER `question_reports_close_once` BEFORE UPDATE OF status ON `question_reports`
WHEN old.status <> 'open'
BEGIN
	SELECT RAISE(ABORT, 'question report already closed');
END;--> statement-breakpoint
CREATE TRIGGER `question_reports_open_ai` AFTER INSERT ON `question_reports`
WHEN new.status = 'open'
BEGIN
	UPDATE questions SET open_reports = open_reports + 1,
		open_wrong_answer_reports = open_wrong_answer_reports + (new.reason = 'wrong-answer')
	WHERE id = new.question_id;
	INSERT INTO counters (key, value, updated_at) VALUES ('reports.open', 1, unixepoch('subsec') * 1000)
	ON CONFLICT(key) DO UPDATE SET value = value + 1, updated_at = excluded.updated_at;
END;--> statement-breakpoint
CREATE TRIGGER `question_reports_closed_au` AFTER UPDATE OF status ON `question_reports`
WHEN old.status = 'open' AND new.status <> 'open'
BEGIN
	UPDATE questions SET open_reports = open_reports - 1,
		open_wrong_answer_reports = open_wrong_answer_reports - (old.reason = 'wrong-answer')
	WHERE id = old.question_id;
	UPDATE counters SET value = value - 1, updated_at = unixepoch('subsec') * 1000 WHERE key = 'reports.open';
END;--> statement-breakpoint
CREATE TRIGGER `question_reports_open_ad` AFTER DELETE ON `question_reports`
WHEN old.status = 'open'
BEGIN
	UPDATE questions SET open_reports = open_reports - 1,
		open_wrong_answer_reports = open_wrong_answer_reports - (old.reason = 'wrong-answer')
	WHERE id = old.question_id;
	UPDATE counters SET value = value - 1, updated_at = unixepoch('subsec') * 1000 WHERE key = 'reports.open';
END;
