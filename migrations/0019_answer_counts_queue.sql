-- A question's counters (times answered, times right) move off the answer's batch: each answer is
-- stored with counts_pending = 1 and a Queue consumer adds the pending answers to their questions
-- in batches, clearing the flag in the same transaction (api-worker/src/quality/answer-counts.ts).
-- Answers stored before this migration were counted by their own batch, hence the default 0.
ALTER TABLE `attempt_questions` ADD `counts_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `attempt_questions_counts_pending_idx` ON `attempt_questions` (`answered_at`) WHERE "attempt_questions"."counts_pending" = 1;