CREATE TABLE `learner_days` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`answered` integer DEFAULT 0 NOT NULL,
	`met` integer DEFAULT false NOT NULL,
	`frozen` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `learner_streaks` (
	`user_id` text PRIMARY KEY NOT NULL,
	`current` integer NOT NULL,
	`longest` integer NOT NULL,
	`freezes` integer NOT NULL,
	`last_met_day` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `learner_plans` ADD `daily_goal` integer DEFAULT 10 NOT NULL;