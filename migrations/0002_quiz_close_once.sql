-- A quiz attempt is closed (completed or abandoned) exactly once, and only with the answers it was
-- scored on. The closing write runs in one batch with its bookkeeping (counters, learner stats,
-- activity, analytics); this trigger aborts the whole batch when the attempt was closed meanwhile
-- or an answer landed after the closer read it, so two concurrent closes never count twice and a
-- score never misses an answer. Written by hand: drizzle-kit does not model triggers.

CREATE TRIGGER `quiz_attempts_close_once` BEFORE UPDATE OF status ON `quiz_attempts`
WHEN OLD.status <> 'in-progress' OR NEW.answered_count <> OLD.answered_count
BEGIN
	SELECT RAISE(ABORT, 'quiz attempt closed or changed');
END;
