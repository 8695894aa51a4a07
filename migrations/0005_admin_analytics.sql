CREATE TABLE `daily_visitors` (
	`day` text NOT NULL,
	`visitor_hash` text NOT NULL,
	PRIMARY KEY(`day`, `visitor_hash`)
);
--> statement-breakpoint
CREATE INDEX `questions_correct_share_idx` ON `questions` (("times_correct" * 1.0 / "times_answered"),`id`) WHERE "questions"."times_answered" >= 5;--> statement-breakpoint
CREATE INDEX `questions_missed_idx` ON `questions` (("times_answered" - "times_correct")) WHERE "questions"."times_answered" > "questions"."times_correct";--> statement-breakpoint
CREATE INDEX `questions_flagged_idx` ON `questions` (`times_flagged`) WHERE "questions"."times_flagged" > 0;--> statement-breakpoint
CREATE INDEX `study_progress_module_completed_idx` ON `study_progress` (`module_id`,`is_completed`);--> statement-breakpoint
CREATE INDEX `user_stats_best_score_idx` ON `user_stats` (`best_score`,`attempts_completed`);