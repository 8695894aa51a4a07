-- Spaced review (issue 17). Written by hand (the drizzle snapshot is regenerated at merge).
-- * learner_questions gains the FSRS card of each question a learner has answered (ts-fsrs's
--   state, due time, stability, difficulty, repetitions, lapses and learning step); the last review
--   is last_answered_at, which every answer already sets. A partial index on (user_id, card_due_at)
--   serves "what is due" without touching the rows that are not.
-- * learner_plans holds a learner's exam date, time zone, the per-day review load planned before
--   the exam, the recency date (CARs 901.56) and the reminder choices.
-- Every question already answered becomes a new card. Its history was never rated, so it starts
-- as FSRS's new card, due from now and spread 50 a day per learner, oldest answer first.
ALTER TABLE `learner_questions` ADD `card_state` integer;--> statement-breakpoint
ALTER TABLE `learner_questions` ADD `card_due_at` integer;--> statement-breakpoint
ALTER TABLE `learner_questions` ADD `card_stability` real;--> statement-breakpoint
ALTER TABLE `learner_questions` ADD `card_difficulty` real;--> statement-breakpoint
ALTER TABLE `learner_questions` ADD `card_reps` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `learner_questions` ADD `card_lapses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `learner_questions` ADD `card_learning_steps` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `learner_questions` SET `card_state` = 0,
	`card_due_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER) + (numbered.n / 50) * 86400000
FROM (
	SELECT `user_id`, `question_seq`,
		row_number() OVER (PARTITION BY `user_id` ORDER BY `last_answered_at`, `question_seq`) - 1 AS n
	FROM `learner_questions` WHERE `times_answered` > 0
) AS numbered
WHERE numbered.`user_id` = `learner_questions`.`user_id` AND numbered.`question_seq` = `learner_questions`.`question_seq`;--> statement-breakpoint
CREATE INDEX `learner_questions_card_due_idx` ON `learner_questions` (`user_id`,`card_due_at`) WHERE `card_due_at` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `learner_plans` (
	`user_id` text PRIMARY KEY NOT NULL,
	`exam_date` text,
	`time_zone` text DEFAULT 'America/Toronto' NOT NULL,
	`review_load_json` text DEFAULT '{}' NOT NULL,
	`review_emails` integer DEFAULT false NOT NULL,
	`review_emailed_on` text,
	`certificate_date` text,
	`recency_due_on` text,
	`recency_emails` integer DEFAULT true NOT NULL,
	`recency_reminded` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX `learner_plans_review_emails_idx` ON `learner_plans` (`user_id`) WHERE `review_emails` = 1;--> statement-breakpoint
CREATE INDEX `learner_plans_recency_due_idx` ON `learner_plans` (`recency_due_on`) WHERE `recency_emails` = 1 AND `recency_due_on` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `questions_recency_program_idx` ON `questions` (`id`) WHERE `is_active` = 1 AND instr(`tags_json`, '"recency-program"') > 0;
