CREATE TABLE `push_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`endpoint` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`url` text NOT NULL,
	`sent_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `push_outbox_sent_idx` ON `push_outbox` (`sent_at`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`endpoint` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `learner_plans` ADD `push_hour` integer;--> statement-breakpoint
ALTER TABLE `learner_plans` ADD `push_next_at` integer;--> statement-breakpoint
ALTER TABLE `learner_plans` ADD `push_sent_on` text;--> statement-breakpoint
ALTER TABLE `learner_plans` ADD `push_opened_on` text;--> statement-breakpoint
ALTER TABLE `learner_plans` ADD `push_ignored` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `learner_plans` ADD `push_paused` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `learner_plans` ADD `weekly_emails` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `learner_plans` ADD `weekly_emailed_on` text;--> statement-breakpoint
ALTER TABLE `learner_plans` ADD `weekly_readiness` real;--> statement-breakpoint
CREATE INDEX `learner_plans_push_next_idx` ON `learner_plans` (`push_next_at`) WHERE "learner_plans"."push_next_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `learner_plans_weekly_emails_idx` ON `learner_plans` (`user_id`) WHERE "learner_plans"."weekly_emails" = 1;