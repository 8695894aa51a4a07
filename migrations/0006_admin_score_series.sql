-- Daily score series for the admin report (average score by week), kept by the database itself:
-- whichever code completes an attempt, its score lands in daily_metrics in the same transaction.
-- quiz_score_sum adds the percent scores of the attempts completed that day, quiz_scored counts
-- them, so a week's average is their ratio. Written by hand: drizzle-kit does not model triggers.

CREATE TRIGGER `quiz_attempts_score_series_ai` AFTER INSERT ON `quiz_attempts`
WHEN new.status = 'completed' AND new.score IS NOT NULL
BEGIN
	INSERT INTO daily_metrics (day, name, value)
	VALUES (strftime('%Y-%m-%d', coalesce(new.completed_at, new.last_activity_at) / 1000, 'unixepoch'), 'quiz_score_sum', new.score)
	ON CONFLICT(name, day) DO UPDATE SET value = value + excluded.value;
	INSERT INTO daily_metrics (day, name, value)
	VALUES (strftime('%Y-%m-%d', coalesce(new.completed_at, new.last_activity_at) / 1000, 'unixepoch'), 'quiz_scored', 1)
	ON CONFLICT(name, day) DO UPDATE SET value = value + excluded.value;
END;
--> statement-breakpoint
CREATE TRIGGER `quiz_attempts_score_series_au` AFTER UPDATE OF status, score ON `quiz_attempts`
WHEN new.status = 'completed' AND new.score IS NOT NULL AND (old.status <> 'completed' OR old.score IS NULL)
BEGIN
	INSERT INTO daily_metrics (day, name, value)
	VALUES (strftime('%Y-%m-%d', coalesce(new.completed_at, new.last_activity_at) / 1000, 'unixepoch'), 'quiz_score_sum', new.score)
	ON CONFLICT(name, day) DO UPDATE SET value = value + excluded.value;
	INSERT INTO daily_metrics (day, name, value)
	VALUES (strftime('%Y-%m-%d', coalesce(new.completed_at, new.last_activity_at) / 1000, 'unixepoch'), 'quiz_scored', 1)
	ON CONFLICT(name, day) DO UPDATE SET value = value + excluded.value;
END;
