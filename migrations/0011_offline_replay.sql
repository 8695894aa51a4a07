-- Offline replay (issue 20): a bookmark or note keeps the Idempotency-Key of the request that
-- created it, unique per learner, so a write queued offline and sent twice is recorded once.
ALTER TABLE `bookmarks` ADD `client_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `bookmarks_user_client_key_idx` ON `bookmarks` (`user_id`,`client_key`);--> statement-breakpoint
ALTER TABLE `notes` ADD `client_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `notes_user_client_key_idx` ON `notes` (`user_id`,`client_key`);