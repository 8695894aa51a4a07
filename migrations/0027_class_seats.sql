CREATE TABLE `class_seat_purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`class_id` text NOT NULL,
	`instructor_id` text NOT NULL,
	`provider` text NOT NULL,
	`checkout_session_id` text NOT NULL,
	`payment_intent_id` text,
	`seats` integer NOT NULL,
	`seats_refunded` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`refund_event_id` text,
	`refunded_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instructor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `class_seat_purchases_checkout_session_unique` ON `class_seat_purchases` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `class_seat_purchases_payment_intent_idx` ON `class_seat_purchases` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `class_seat_purchases_class_created_idx` ON `class_seat_purchases` (`class_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `class_members` ADD `seat_grant_id` text;--> statement-breakpoint
ALTER TABLE `classes` ADD `seats_bought` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `classes` ADD `seats_used` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `class_id` text;