ALTER TABLE `payments` ADD `granted_by` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `note` text;