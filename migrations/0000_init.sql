CREATE TABLE `activities` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`score` real,
	`metadata_json` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `activities_created_idx` ON `activities` (`created_at`);--> statement-breakpoint
CREATE INDEX `activities_user_created_idx` ON `activities` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `analytics_events` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`user_id` text,
	`properties_json` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_events_name_created_idx` ON `analytics_events` (`name`,`created_at`);--> statement-breakpoint
CREATE INDEX `analytics_events_user_idx` ON `analytics_events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `attempt_questions` (
	`attempt_id` text NOT NULL,
	`position` integer NOT NULL,
	`question_id` text NOT NULL,
	`question_version` integer DEFAULT 1 NOT NULL,
	`snapshot_json` text NOT NULL,
	`category` text NOT NULL,
	`selected_index` integer,
	`is_correct` integer,
	`flagged` integer DEFAULT false NOT NULL,
	`time_spent_seconds` integer DEFAULT 0 NOT NULL,
	`answered_at` integer,
	PRIMARY KEY(`attempt_id`, `position`),
	FOREIGN KEY (`attempt_id`) REFERENCES `quiz_attempts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attempt_questions_attempt_question_unique` ON `attempt_questions` (`attempt_id`,`question_id`);--> statement-breakpoint
CREATE INDEX `attempt_questions_question_idx` ON `attempt_questions` (`question_id`);--> statement-breakpoint
CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_hash_unique` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user_type_idx` ON `auth_tokens` (`user_id`,`type`);--> statement-breakpoint
CREATE INDEX `auth_tokens_expires_at_idx` ON `auth_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `bookmarks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`module_id` text NOT NULL,
	`title` text NOT NULL,
	`section_id` text,
	`position` integer DEFAULT 0 NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`module_id`) REFERENCES `study_modules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bookmarks_user_module_created_idx` ON `bookmarks` (`user_id`,`module_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookmarks_user_created_idx` ON `bookmarks` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `counters` (
	`key` text PRIMARY KEY NOT NULL,
	`value` real DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `daily_metrics` (
	`day` text NOT NULL,
	`name` text NOT NULL,
	`value` real DEFAULT 0 NOT NULL,
	PRIMARY KEY(`name`, `day`)
);
--> statement-breakpoint
CREATE TABLE `email_campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`template` text NOT NULL,
	`created_by` text NOT NULL,
	`total` integer NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_campaigns_created_idx` ON `email_campaigns` (`created_at`);--> statement-breakpoint
CREATE TABLE `emails` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`user_id` text,
	`template` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`provider` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`campaign_id` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `emails_created_idx` ON `emails` (`created_at`);--> statement-breakpoint
CREATE INDEX `emails_provider_created_idx` ON `emails` (`provider`,`created_at`);--> statement-breakpoint
CREATE INDEX `emails_status_created_idx` ON `emails` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `emails_campaign_idx` ON `emails` (`campaign_id`);--> statement-breakpoint
CREATE INDEX `emails_to_created_idx` ON `emails` (`to_address`,`created_at`);--> statement-breakpoint
CREATE TABLE `import_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`created_by` text NOT NULL,
	`status` text NOT NULL,
	`total` integer NOT NULL,
	`successful` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`errors_json` text DEFAULT '[]' NOT NULL,
	`payload_json` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE INDEX `import_jobs_created_idx` ON `import_jobs` (`created_at`);--> statement-breakpoint
CREATE TABLE `notes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`module_id` text NOT NULL,
	`section_id` text,
	`selected_text` text,
	`note` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`color` text DEFAULT 'yellow' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`module_id`) REFERENCES `study_modules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notes_user_module_created_idx` ON `notes` (`user_id`,`module_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notes_user_created_idx` ON `notes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`checkout_session_id` text NOT NULL,
	`payment_intent_id` text,
	`customer_id` text,
	`price_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`reminder_sent_at` integer,
	`refunded_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_checkout_session_unique` ON `payments` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `payments_payment_intent_idx` ON `payments` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `payments_user_created_idx` ON `payments` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_status_period_end_idx` ON `payments` (`status`,`period_end`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` text PRIMARY KEY NOT NULL,
	`seed_key` text,
	`question` text NOT NULL,
	`options_json` text NOT NULL,
	`correct_answer` integer NOT NULL,
	`explanation` text DEFAULT '' NOT NULL,
	`category` text NOT NULL,
	`difficulty` text DEFAULT 'medium' NOT NULL,
	`tags_json` text DEFAULT '[]' NOT NULL,
	`regulation_reference` text,
	`image_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`seed_hash` text,
	`edited_at` integer,
	`stem_hash` text NOT NULL,
	`times_answered` integer DEFAULT 0 NOT NULL,
	`times_correct` integer DEFAULT 0 NOT NULL,
	`times_flagged` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `questions_seed_key_unique` ON `questions` (`seed_key`);--> statement-breakpoint
CREATE INDEX `questions_stem_hash_idx` ON `questions` (`stem_hash`);--> statement-breakpoint
CREATE INDEX `questions_category_active_idx` ON `questions` (`category`,`is_active`,`id`);--> statement-breakpoint
CREATE INDEX `questions_active_idx` ON `questions` (`is_active`,`id`);--> statement-breakpoint
CREATE INDEX `questions_category_updated_idx` ON `questions` (`category`,`updated_at`);--> statement-breakpoint
CREATE INDEX `questions_difficulty_updated_idx` ON `questions` (`difficulty`,`updated_at`);--> statement-breakpoint
CREATE INDEX `questions_updated_at_idx` ON `questions` (`updated_at`);--> statement-breakpoint
CREATE TABLE `quiz_attempts` (
	`id` text PRIMARY KEY NOT NULL,
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
);
--> statement-breakpoint
CREATE INDEX `quiz_attempts_user_created_idx` ON `quiz_attempts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_user_status_idx` ON `quiz_attempts` (`user_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_status_activity_idx` ON `quiz_attempts` (`status`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_created_idx` ON `quiz_attempts` (`created_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_status_created_idx` ON `quiz_attempts` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_mode_created_idx` ON `quiz_attempts` (`mode`,`created_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_status_mode_created_idx` ON `quiz_attempts` (`status`,`mode`,`created_at`);--> statement-breakpoint
CREATE TABLE `request_metrics` (
	`minute` integer PRIMARY KEY NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	`latency_json` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_at_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `study_module_tags` (
	`module_id` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`module_id`, `tag`),
	FOREIGN KEY (`module_id`) REFERENCES `study_modules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `study_module_tags_tag_idx` ON `study_module_tags` (`tag`,`module_id`);--> statement-breakpoint
CREATE TABLE `study_modules` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`body_markdown` text DEFAULT '' NOT NULL,
	`content_html` text DEFAULT '' NOT NULL,
	`toc_json` text DEFAULT '[]' NOT NULL,
	`tags_json` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`word_count` integer DEFAULT 0 NOT NULL,
	`estimated_read_time` integer DEFAULT 5 NOT NULL,
	`seed_hash` text,
	`edited_at` integer,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `study_modules_slug_unique` ON `study_modules` (`slug`);--> statement-breakpoint
CREATE INDEX `study_modules_status_order_idx` ON `study_modules` (`status`,`sort_order`);--> statement-breakpoint
CREATE INDEX `study_modules_updated_at_idx` ON `study_modules` (`updated_at`);--> statement-breakpoint
CREATE INDEX `study_modules_status_updated_at_idx` ON `study_modules` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `study_progress` (
	`user_id` text NOT NULL,
	`module_id` text NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`time_spent_seconds` integer DEFAULT 0 NOT NULL,
	`sections_read_json` text DEFAULT '[]' NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`completed_at` integer,
	`last_read_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `module_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`module_id`) REFERENCES `study_modules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `study_progress_user_last_read_idx` ON `study_progress` (`user_id`,`last_read_at`);--> statement-breakpoint
CREATE INDEX `study_progress_module_idx` ON `study_progress` (`module_id`);--> statement-breakpoint
CREATE TABLE `user_stats` (
	`user_id` text PRIMARY KEY NOT NULL,
	`attempts_started` integer DEFAULT 0 NOT NULL,
	`attempts_completed` integer DEFAULT 0 NOT NULL,
	`score_sum` real DEFAULT 0 NOT NULL,
	`best_score` real,
	`modules_completed` integer DEFAULT 0 NOT NULL,
	`modules_started` integer DEFAULT 0 NOT NULL,
	`progress_sum` integer DEFAULT 0 NOT NULL,
	`study_seconds` integer DEFAULT 0 NOT NULL,
	`bookmarks_count` integer DEFAULT 0 NOT NULL,
	`notes_count` integer DEFAULT 0 NOT NULL,
	`current_streak` integer DEFAULT 0 NOT NULL,
	`last_activity_day` text,
	`last_activity_at` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`premium_until` integer,
	`stripe_customer_id` text,
	`signup_intent` text,
	`last_login_at` integer,
	`last_active_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_role_created_at_idx` ON `users` (`role`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_last_active_at_idx` ON `users` (`last_active_at`);--> statement-breakpoint
CREATE INDEX `users_premium_until_idx` ON `users` (`premium_until`);--> statement-breakpoint
CREATE INDEX `users_stripe_customer_idx` ON `users` (`stripe_customer_id`);