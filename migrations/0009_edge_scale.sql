-- Edge scale (issue 15): an answer costs about 30 bytes instead of about 1 KB.
-- * question_versions keeps each version of a question once (written by triggers from now on);
-- * quiz_attempts gains a compact integer key (seq) that answers refer to;
-- * attempt_questions keeps, per question of an attempt, only the version it showed, how it
--   shuffled the options and the answer (no JSON copy, no secondary index, WITHOUT ROWID);
-- * learner_questions is the one record per learner and question the learning features share;
-- * questions gain a compact key (seq) from a counter, so a key is never reused after a delete.
-- Existing attempts move over without losing one: each old snapshot maps to the version it
-- showed (the current one when its content matches, else a version rebuilt from the snapshot),
-- with its shuffle, its answer, its correctness and its time. D1 keeps foreign keys on, so the
-- old tables are copied first and dropped child-first. Written by hand: drizzle-kit's table
-- rebuild turns foreign keys off, which D1 ignores, and cannot express the data move or triggers.

-- ---- questions: a compact, never reused key -------------------------------------------------
ALTER TABLE `questions` ADD `seq` integer;--> statement-breakpoint
UPDATE `questions` SET `seq` = numbered.n
FROM (SELECT `id`, row_number() OVER (ORDER BY `created_at`, `id`) AS n FROM `questions`) AS numbered
WHERE numbered.`id` = `questions`.`id`;--> statement-breakpoint
CREATE UNIQUE INDEX `questions_seq_unique` ON `questions` (`seq`);--> statement-breakpoint
INSERT INTO `counters` (`key`, `value`, `updated_at`)
VALUES ('questions.seq', (SELECT coalesce(max(`seq`), 0) FROM `questions`), unixepoch('subsec') * 1000)
ON CONFLICT(`key`) DO UPDATE SET `value` = excluded.`value`, `updated_at` = excluded.`updated_at`;--> statement-breakpoint

-- ---- question_versions ---------------------------------------------------------------------
CREATE TABLE `question_versions` (
	`id` integer PRIMARY KEY NOT NULL,
	`question_seq` integer NOT NULL,
	`question_id` text NOT NULL,
	`version` integer NOT NULL,
	`category` text NOT NULL,
	`snapshot_json` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `question_versions_question_version_unique` ON `question_versions` (`question_id`,`version`);--> statement-breakpoint
INSERT INTO `question_versions` (`question_seq`, `question_id`, `version`, `category`, `snapshot_json`, `created_at`)
SELECT `seq`, `id`, `version`, `category`,
	json_object('question', `question`, 'options', json(`options_json`), 'correctAnswer', `correct_answer`,
		'explanation', `explanation`, 'regulationReference', `regulation_reference`, 'imageUrl', `image_url`),
	`updated_at`
FROM `questions`;--> statement-breakpoint

-- Versions that only old attempts still show (the question was edited or deleted since): one per
-- (question, version), rebuilt from one of its snapshots with the options in text order. A
-- deleted question's versions get a new key of their own, from the same counter.
CREATE TABLE `migration_legacy_versions` AS
SELECT l.`question_id`, l.`question_version`, min(l.rowid) AS sample,
	coalesce((SELECT q.`seq` FROM `questions` q WHERE q.`id` = l.`question_id`),
		(SELECT `value` FROM `counters` WHERE `key` = 'questions.seq')
		+ dense_rank() OVER (ORDER BY (SELECT count(*) FROM `questions` q WHERE q.`id` = l.`question_id`), l.`question_id`)) AS question_seq
FROM `attempt_questions` AS l
WHERE NOT EXISTS (SELECT 1 FROM `question_versions` v WHERE v.`question_id` = l.`question_id` AND v.`version` = l.`question_version`)
GROUP BY l.`question_id`, l.`question_version`;--> statement-breakpoint
UPDATE `counters` SET `value` = max(`value`, (SELECT coalesce(max(question_seq), 0) FROM `migration_legacy_versions`))
WHERE `key` = 'questions.seq';--> statement-breakpoint
INSERT INTO `question_versions` (`question_seq`, `question_id`, `version`, `category`, `snapshot_json`, `created_at`)
SELECT lv.question_seq, lv.`question_id`, lv.`question_version`, a.`category`,
	json_object(
		'question', json_extract(a.`snapshot_json`, '$.question'),
		'options', (SELECT json_group_array(o.value ORDER BY o.value) FROM json_each(a.`snapshot_json`, '$.options') o),
		'correctAnswer', (SELECT count(*) FROM json_each(a.`snapshot_json`, '$.options') o
			WHERE o.value < json_extract(a.`snapshot_json`, '$.options[' || json_extract(a.`snapshot_json`, '$.correctAnswer') || ']')),
		'explanation', json_extract(a.`snapshot_json`, '$.explanation'),
		'regulationReference', json_extract(a.`snapshot_json`, '$.regulationReference'),
		'imageUrl', json_extract(a.`snapshot_json`, '$.imageUrl')),
	coalesce(a.`answered_at`, unixepoch('subsec') * 1000)
FROM `migration_legacy_versions` lv JOIN `attempt_questions` a ON a.rowid = lv.sample;--> statement-breakpoint
DROP TABLE `migration_legacy_versions`;--> statement-breakpoint

-- ---- quiz_attempts with a compact key --------------------------------------------------------
CREATE TABLE `quiz_attempts_compact` (
	`seq` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`user_id` text NOT NULL,
	`mode` text NOT NULL,
	`status` text DEFAULT 'in-progress' NOT NULL,
	`categories_json` text DEFAULT '[]' NOT NULL,
	`question_count` integer NOT NULL,
	`time_limit_seconds` integer,
	`deadline_at` integer,
	`current_index` integer DEFAULT 0 NOT NULL,
	`answered_count` integer DEFAULT 0 NOT NULL,
	`correct_count` integer DEFAULT 0 NOT NULL,
	`score` real,
	`passed` integer,
	`time_spent_seconds` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`completed_at` integer,
	`last_activity_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `quiz_attempts_compact` (`id`, `user_id`, `mode`, `status`, `categories_json`, `question_count`, `time_limit_seconds`, `deadline_at`, `current_index`, `answered_count`, `correct_count`, `score`, `passed`, `time_spent_seconds`, `started_at`, `completed_at`, `last_activity_at`, `created_at`)
SELECT `id`, `user_id`, `mode`, `status`, `categories_json`, `question_count`, `time_limit_seconds`, `deadline_at`, `current_index`, `answered_count`, `correct_count`, `score`, `passed`, `time_spent_seconds`, `started_at`, `completed_at`, `last_activity_at`, `created_at`
FROM `quiz_attempts` ORDER BY `created_at`, `id`;--> statement-breakpoint

-- ---- attempt_questions: the version shown, the shuffle, the answer ----------------------------
CREATE TABLE `attempt_questions_compact` (
	`attempt_seq` integer NOT NULL,
	`position` integer NOT NULL,
	`version_id` integer NOT NULL,
	`option_order` integer NOT NULL,
	`selected_index` integer,
	`is_correct` integer,
	`flagged` integer DEFAULT false NOT NULL,
	`time_spent_seconds` integer DEFAULT 0 NOT NULL,
	`answered_at` integer,
	PRIMARY KEY(`attempt_seq`, `position`),
	FOREIGN KEY (`attempt_seq`) REFERENCES `quiz_attempts_compact`(`seq`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`version_id`) REFERENCES `question_versions`(`id`) ON UPDATE no action ON DELETE no action
) WITHOUT ROWID;--> statement-breakpoint
-- The shuffle: the version's index of the option shown at position i, in base-4 digit i.
INSERT INTO `attempt_questions_compact` (`attempt_seq`, `position`, `version_id`, `option_order`, `selected_index`, `is_correct`, `flagged`, `time_spent_seconds`, `answered_at`)
SELECT qa.`seq`, a.`position`, v.`id`,
	(SELECT coalesce(sum((SELECT min(vo.key) FROM json_each(v.`snapshot_json`, '$.options') vo WHERE vo.value = so.value) * (1 << (2 * so.key))), 0)
		FROM json_each(a.`snapshot_json`, '$.options') so),
	a.`selected_index`, a.`is_correct`, a.`flagged`, a.`time_spent_seconds`, a.`answered_at`
FROM `attempt_questions` a
JOIN `quiz_attempts_compact` qa ON qa.`id` = a.`attempt_id`
JOIN `question_versions` v ON v.`question_id` = a.`question_id` AND v.`version` = a.`question_version`;--> statement-breakpoint

-- ---- learner_questions, filled from the answers so far -------------------------------------
CREATE TABLE `learner_questions` (
	`user_id` text NOT NULL,
	`question_seq` integer NOT NULL,
	`times_shown` integer DEFAULT 0 NOT NULL,
	`times_answered` integer DEFAULT 0 NOT NULL,
	`times_correct` integer DEFAULT 0 NOT NULL,
	`recent_outcomes` integer DEFAULT 0 NOT NULL,
	`last_correct` integer,
	`flagged` integer DEFAULT false NOT NULL,
	`first_answered_at` integer,
	`last_answered_at` integer,
	PRIMARY KEY(`user_id`, `question_seq`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `learner_questions` (`user_id`, `question_seq`, `times_shown`, `times_answered`, `times_correct`, `recent_outcomes`, `last_correct`, `flagged`, `first_answered_at`, `last_answered_at`)
SELECT `user_id`, `question_seq`, count(*), count(`selected_index`), coalesce(sum(`is_correct`), 0),
	coalesce(sum(CASE WHEN `selected_index` IS NOT NULL AND latest <= 16 AND `is_correct` THEN 1 << (latest - 1) ELSE 0 END), 0),
	max(CASE WHEN latest = 1 AND `selected_index` IS NOT NULL THEN `is_correct` END),
	max(`flagged`), min(`answered_at`), max(`answered_at`)
FROM (
	SELECT qa.`user_id`, v.`question_seq`, a.`selected_index`, a.`is_correct`, a.`flagged`, a.`answered_at`,
		row_number() OVER (PARTITION BY qa.`user_id`, v.`question_seq` ORDER BY a.`selected_index` IS NULL, a.`answered_at` DESC) AS latest
	FROM `attempt_questions_compact` a
	JOIN `quiz_attempts_compact` qa ON qa.`seq` = a.`attempt_seq`
	JOIN `question_versions` v ON v.`id` = a.`version_id`
)
GROUP BY `user_id`, `question_seq`;--> statement-breakpoint

-- ---- swap the tables in, child first ---------------------------------------------------------
DROP TABLE `attempt_questions`;--> statement-breakpoint
DROP TABLE `quiz_attempts`;--> statement-breakpoint
ALTER TABLE `quiz_attempts_compact` RENAME TO `quiz_attempts`;--> statement-breakpoint
ALTER TABLE `attempt_questions_compact` RENAME TO `attempt_questions`;--> statement-breakpoint
CREATE UNIQUE INDEX `quiz_attempts_id_unique` ON `quiz_attempts` (`id`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_user_created_idx` ON `quiz_attempts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_user_status_idx` ON `quiz_attempts` (`user_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_status_activity_idx` ON `quiz_attempts` (`status`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_created_idx` ON `quiz_attempts` (`created_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_status_created_idx` ON `quiz_attempts` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_mode_created_idx` ON `quiz_attempts` (`mode`,`created_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_status_mode_created_idx` ON `quiz_attempts` (`status`,`mode`,`created_at`);--> statement-breakpoint

-- The triggers of 0002 and 0006 went with the old table; the same rules, on the new one.
CREATE TRIGGER `quiz_attempts_close_once` BEFORE UPDATE OF status ON `quiz_attempts`
WHEN OLD.status <> 'in-progress' OR NEW.answered_count <> OLD.answered_count
BEGIN
	SELECT RAISE(ABORT, 'quiz attempt closed or changed');
END;--> statement-breakpoint
CREATE TRIGGER `quiz_attempts_score_series_ai` AFTER INSERT ON `quiz_attempts`
WHEN new.status = 'completed' AND new.score IS NOT NULL
BEGIN
	INSERT INTO daily_metrics (day, name, value)
	VALUES (strftime('%Y-%m-%d', coalesce(new.completed_at, new.last_activity_at) / 1000, 'unixepoch'), 'quiz_score_sum', new.score)
	ON CONFLICT(name, day) DO UPDATE SET value = value + excluded.value;
	INSERT INTO daily_metrics (day, name, value)
	VALUES (strftime('%Y-%m-%d', coalesce(new.completed_at, new.last_activity_at) / 1000, 'unixepoch'), 'quiz_scored', 1)
	ON CONFLICT(name, day) DO UPDATE SET value = value + excluded.value;
END;--> statement-breakpoint
CREATE TRIGGER `quiz_attempts_score_series_au` AFTER UPDATE OF status, score ON `quiz_attempts`
WHEN new.status = 'completed' AND new.score IS NOT NULL AND (old.status <> 'completed' OR old.score IS NULL)
BEGIN
	INSERT INTO daily_metrics (day, name, value)
	VALUES (strftime('%Y-%m-%d', coalesce(new.completed_at, new.last_activity_at) / 1000, 'unixepoch'), 'quiz_score_sum', new.score)
	ON CONFLICT(name, day) DO UPDATE SET value = value + excluded.value;
	INSERT INTO daily_metrics (day, name, value)
	VALUES (strftime('%Y-%m-%d', coalesce(new.completed_at, new.last_activity_at) / 1000, 'unixepoch'), 'quiz_scored', 1)
	ON CONFLICT(name, day) DO UPDATE SET value = value + excluded.value;
END;--> statement-breakpoint

-- ---- from now on the database keeps the keys and the versions itself ----------------------
-- A new question takes the next key of the counter, and its first version is kept.
CREATE TRIGGER `questions_key_and_version_ai` AFTER INSERT ON `questions`
BEGIN
	INSERT INTO counters (key, value, updated_at) VALUES ('questions.seq', 1, unixepoch('subsec') * 1000)
	ON CONFLICT(key) DO UPDATE SET value = value + 1, updated_at = excluded.updated_at;
	UPDATE questions SET seq = (SELECT CAST(value AS INTEGER) FROM counters WHERE key = 'questions.seq')
	WHERE id = new.id AND new.seq IS NULL;
	INSERT INTO question_versions (question_seq, question_id, version, category, snapshot_json, created_at)
	SELECT seq, id, version, category,
		json_object('question', question, 'options', json(options_json), 'correctAnswer', correct_answer,
			'explanation', explanation, 'regulationReference', regulation_reference, 'imageUrl', image_url),
		updated_at
	FROM questions WHERE id = new.id;
END;--> statement-breakpoint
-- What a learner sees changed: a new version number and a new kept version (other edits, such
-- as category, difficulty, tags or active, are not new versions).
CREATE TRIGGER `questions_version_au` AFTER UPDATE OF question, options_json, correct_answer, explanation, regulation_reference, image_url ON `questions`
WHEN old.question IS NOT new.question OR old.options_json IS NOT new.options_json
	OR old.correct_answer IS NOT new.correct_answer OR old.explanation IS NOT new.explanation
	OR old.regulation_reference IS NOT new.regulation_reference OR old.image_url IS NOT new.image_url
BEGIN
	UPDATE questions SET version = old.version + 1 WHERE id = new.id;
	INSERT INTO question_versions (question_seq, question_id, version, category, snapshot_json, created_at)
	SELECT seq, id, version, category,
		json_object('question', question, 'options', json(options_json), 'correctAnswer', correct_answer,
			'explanation', explanation, 'regulationReference', regulation_reference, 'imageUrl', image_url),
		updated_at
	FROM questions WHERE id = new.id;
END;--> statement-breakpoint

-- ---- bounded bookkeeping: the daily clean-up deletes the oldest events first ----------------
CREATE INDEX `analytics_events_created_idx` ON `analytics_events` (`created_at`);
