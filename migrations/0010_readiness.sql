-- Readiness (issue 16): per learner and category, the answers, the right ones, the distinct
-- questions answered, and the same answers weighted by recency, kept on write in each answer's
-- batch (api-worker/src/learning). Weights are 2^((t - 2026-01-01) / 14 days), so a new answer
-- adds its own weight without reading the sums; readiness divides by today's weight.
-- Filled here from the answers already given. D1 does not allow power(), so a past answer's weight
-- is 2^x computed as 2^floor(x) (a shift) times a series for 2^frac(x) (within 0.2 %); answers
-- from before 2026 weigh 1.
CREATE TABLE `learner_categories` (
	`user_id` text NOT NULL,
	`category` text NOT NULL,
	`answers` integer DEFAULT 0 NOT NULL,
	`correct` integer DEFAULT 0 NOT NULL,
	`questions` integer DEFAULT 0 NOT NULL,
	`weighted_answers` real DEFAULT 0 NOT NULL,
	`weighted_correct` real DEFAULT 0 NOT NULL,
	`last_answered_at` integer,
	PRIMARY KEY(`user_id`, `category`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `learner_categories` (`user_id`, `category`, `answers`, `correct`, `questions`, `weighted_answers`, `weighted_correct`, `last_answered_at`)
SELECT qa.`user_id`, v.`category`, count(*), coalesce(sum(a.`is_correct`), 0), count(DISTINCT v.`question_seq`),
	sum(w.weight), sum(CASE WHEN a.`is_correct` THEN w.weight ELSE 0 END), max(a.`answered_at`)
FROM `attempt_questions` a
JOIN (
	SELECT attempt_seq, position,
		(1 << CAST(x AS INTEGER)) * (1 + (x - CAST(x AS INTEGER)) * 0.6931471805599453
			+ (x - CAST(x AS INTEGER)) * (x - CAST(x AS INTEGER)) * 0.2402265069591007
			+ (x - CAST(x AS INTEGER)) * (x - CAST(x AS INTEGER)) * (x - CAST(x AS INTEGER)) * 0.0555041086648216
			+ (x - CAST(x AS INTEGER)) * (x - CAST(x AS INTEGER)) * (x - CAST(x AS INTEGER)) * (x - CAST(x AS INTEGER)) * 0.0096181291076285) AS weight
	FROM (SELECT attempt_seq, position, max(0, (answered_at - 1767225600000) / 1209600000.0) AS x
		FROM `attempt_questions` WHERE selected_index IS NOT NULL)
) w ON w.attempt_seq = a.`attempt_seq` AND w.position = a.`position`
JOIN `quiz_attempts` qa ON qa.`seq` = a.`attempt_seq`
JOIN `question_versions` v ON v.`id` = a.`version_id`
WHERE a.`selected_index` IS NOT NULL
GROUP BY qa.`user_id`, v.`category`;
