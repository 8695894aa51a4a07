CREATE TABLE `exams` (
	`id` text PRIMARY KEY NOT NULL,
	`name_en` text NOT NULL,
	`name_fr` text NOT NULL,
	`question_count` integer NOT NULL,
	`time_limit_minutes` integer NOT NULL,
	`pass_mark` integer NOT NULL,
	`practice_pass_mark` integer NOT NULL,
	`blueprint_json` text NOT NULL,
	`source_note` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `questions` ADD `exams_mask` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
CREATE INDEX `questions_category_active_exams_idx` ON `questions` (`category`,`is_active`,`exams_mask`,`id`);--> statement-breakpoint
CREATE INDEX `questions_exams_updated_idx` ON `questions` (`exams_mask`,`updated_at`);--> statement-breakpoint
ALTER TABLE `quiz_attempts` ADD `exam` text DEFAULT 'basic' NOT NULL;--> statement-breakpoint
ALTER TABLE `quiz_attempts` ADD `pass_mark` integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE `quiz_attempts` ADD `exam_pass_mark` integer DEFAULT 65 NOT NULL;--> statement-breakpoint
ALTER TABLE `study_modules` ADD `exams_mask` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
CREATE INDEX `study_modules_exams_updated_idx` ON `study_modules` (`exams_mask`,`updated_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `target_exam` text DEFAULT 'basic' NOT NULL;--> statement-breakpoint
-- The two exams (issue 28). Basic keeps the figures the product used until now; its blueprint is
-- the bank's minimum count per area (premium-quiz-admin-spec §3) as whole percents.
INSERT INTO `exams` (`id`, `name_en`, `name_fr`, `question_count`, `time_limit_minutes`, `pass_mark`, `practice_pass_mark`, `blueprint_json`, `source_note`) VALUES
('basic', 'Basic Operations', 'Opérations de base', 35, 90, 65, 70,
 '[{"category":"air-law-regulations","share":27},{"category":"airspace","share":19},{"category":"weather-notams","share":15},{"category":"rpas-theory","share":12},{"category":"operations","share":10},{"category":"human-factors","share":8},{"category":"first-flights","share":9}]',
 'Pass mark 65 %: Standard 921.01(1). 35 questions in 90 minutes: as schools and Transport Canada''s exam page give them; no regulation sets the count. Blueprint: the product''s shares, in proportion to the bank''s minimum count per knowledge area of TP 15263, not Transport Canada''s. Practice pass mark 70 %: the product''s margin above the official mark.'),
('advanced', 'Advanced Operations', 'Opérations avancées', 50, 60, 80, 85,
 '[{"category":"air-law-regulations","share":30},{"category":"airspace","share":20},{"category":"weather-notams","share":15},{"category":"operations","share":15},{"category":"rpas-theory","share":8},{"category":"human-factors","share":5},{"category":"first-flights","share":7}]',
 'Pass mark 80 %: Standard 921.02(1)(a). 50 questions in 60 minutes: reported by candidates (a 2019 account); Transport Canada has not published the Advanced exam''s question count or time. Blueprint: the product''s shares over the knowledge areas of TP 15263 that the Advanced content covers, weighted towards the air law, airspace and weather the Advanced topics add; not Transport Canada''s. Practice pass mark 85 %: the product''s margin above the official mark.');
