-- The console's content figures by exam (issue 28): for each exam, its questions (total, active) and
-- its modules (total, published), under counters keys `questions.exam.<exam>.<figure>` and
-- `modules.exam.<exam>.<figure>`. Kept by triggers rather than by the handlers' bumpCounter: a
-- question's exams change in the editor, the bulk update, every import format and the French
-- workflow, and a trigger sees every one of those writes (as reports.open does, 0013). A row in
-- both exams counts in both. The exams' bits are EXAM_BITS (shared/src/schemas/exam-values.ts);
-- a third exam needs a migration that adds its bit here. Each counter starts from the stored rows,
-- as COUNTER_RECOMPUTE_SQL reads them. Written by hand: drizzle-kit does not model triggers.
CREATE TRIGGER `questions_exam_counters_ai` AFTER INSERT ON `questions`
BEGIN
	INSERT INTO counters (key, value, updated_at)
	SELECT 'questions.exam.' || e.exam || '.' || f.figure, 1, unixepoch('subsec') * 1000
	FROM (SELECT 'basic' AS exam, 1 AS bit UNION ALL SELECT 'advanced', 2) AS e, (SELECT 'total' AS figure UNION ALL SELECT 'active') AS f
	WHERE ((new.exams_mask & e.bit) <> 0 AND (f.figure = 'total' OR new.is_active))
	ON CONFLICT(key) DO UPDATE SET value = value + excluded.value, updated_at = excluded.updated_at;
END;--> statement-breakpoint
CREATE TRIGGER `questions_exam_counters_au` AFTER UPDATE OF exams_mask, is_active ON `questions`
WHEN old.exams_mask IS NOT new.exams_mask OR old.is_active IS NOT new.is_active
BEGIN
	INSERT INTO counters (key, value, updated_at)
	SELECT key, delta, unixepoch('subsec') * 1000 FROM (
		SELECT 'questions.exam.' || e.exam || '.' || f.figure AS key,
			((new.exams_mask & e.bit) <> 0 AND (f.figure = 'total' OR new.is_active)) - ((old.exams_mask & e.bit) <> 0 AND (f.figure = 'total' OR old.is_active)) AS delta
		FROM (SELECT 'basic' AS exam, 1 AS bit UNION ALL SELECT 'advanced', 2) AS e, (SELECT 'total' AS figure UNION ALL SELECT 'active') AS f
	)
	WHERE delta <> 0
	ON CONFLICT(key) DO UPDATE SET value = value + excluded.value, updated_at = excluded.updated_at;
END;--> statement-breakpoint
CREATE TRIGGER `questions_exam_counters_ad` AFTER DELETE ON `questions`
BEGIN
	INSERT INTO counters (key, value, updated_at)
	SELECT 'questions.exam.' || e.exam || '.' || f.figure, -1, unixepoch('subsec') * 1000
	FROM (SELECT 'basic' AS exam, 1 AS bit UNION ALL SELECT 'advanced', 2) AS e, (SELECT 'total' AS figure UNION ALL SELECT 'active') AS f
	WHERE ((old.exams_mask & e.bit) <> 0 AND (f.figure = 'total' OR old.is_active))
	ON CONFLICT(key) DO UPDATE SET value = value + excluded.value, updated_at = excluded.updated_at;
END;--> statement-breakpoint
INSERT INTO counters (key, value)
SELECT 'questions.exam.' || e.exam || '.' || f.figure,
	(SELECT count(*) FROM `questions` AS row WHERE (row.exams_mask & e.bit) <> 0 AND (f.figure = 'total' OR row.is_active))
FROM (SELECT 'basic' AS exam, 1 AS bit UNION ALL SELECT 'advanced', 2) AS e, (SELECT 'total' AS figure UNION ALL SELECT 'active') AS f
WHERE true
ON CONFLICT(key) DO UPDATE SET value = excluded.value;--> statement-breakpoint
CREATE TRIGGER `study_modules_exam_counters_ai` AFTER INSERT ON `study_modules`
BEGIN
	INSERT INTO counters (key, value, updated_at)
	SELECT 'modules.exam.' || e.exam || '.' || f.figure, 1, unixepoch('subsec') * 1000
	FROM (SELECT 'basic' AS exam, 1 AS bit UNION ALL SELECT 'advanced', 2) AS e, (SELECT 'total' AS figure UNION ALL SELECT 'published') AS f
	WHERE ((new.exams_mask & e.bit) <> 0 AND (f.figure = 'total' OR new.status = 'published'))
	ON CONFLICT(key) DO UPDATE SET value = value + excluded.value, updated_at = excluded.updated_at;
END;--> statement-breakpoint
CREATE TRIGGER `study_modules_exam_counters_au` AFTER UPDATE OF exams_mask, status ON `study_modules`
WHEN old.exams_mask IS NOT new.exams_mask OR old.status IS NOT new.status
BEGIN
	INSERT INTO counters (key, value, updated_at)
	SELECT key, delta, unixepoch('subsec') * 1000 FROM (
		SELECT 'modules.exam.' || e.exam || '.' || f.figure AS key,
			((new.exams_mask & e.bit) <> 0 AND (f.figure = 'total' OR new.status = 'published')) - ((old.exams_mask & e.bit) <> 0 AND (f.figure = 'total' OR old.status = 'published')) AS delta
		FROM (SELECT 'basic' AS exam, 1 AS bit UNION ALL SELECT 'advanced', 2) AS e, (SELECT 'total' AS figure UNION ALL SELECT 'published') AS f
	)
	WHERE delta <> 0
	ON CONFLICT(key) DO UPDATE SET value = value + excluded.value, updated_at = excluded.updated_at;
END;--> statement-breakpoint
CREATE TRIGGER `study_modules_exam_counters_ad` AFTER DELETE ON `study_modules`
BEGIN
	INSERT INTO counters (key, value, updated_at)
	SELECT 'modules.exam.' || e.exam || '.' || f.figure, -1, unixepoch('subsec') * 1000
	FROM (SELECT 'basic' AS exam, 1 AS bit UNION ALL SELECT 'advanced', 2) AS e, (SELECT 'total' AS figure UNION ALL SELECT 'published') AS f
	WHERE ((old.exams_mask & e.bit) <> 0 AND (f.figure = 'total' OR old.status = 'published'))
	ON CONFLICT(key) DO UPDATE SET value = value + excluded.value, updated_at = excluded.updated_at;
END;--> statement-breakpoint
INSERT INTO counters (key, value)
SELECT 'modules.exam.' || e.exam || '.' || f.figure,
	(SELECT count(*) FROM `study_modules` AS row WHERE (row.exams_mask & e.bit) <> 0 AND (f.figure = 'total' OR row.status = 'published'))
FROM (SELECT 'basic' AS exam, 1 AS bit UNION ALL SELECT 'advanced', 2) AS e, (SELECT 'total' AS figure UNION ALL SELECT 'published') AS f
WHERE true
ON CONFLICT(key) DO UPDATE SET value = excluded.value;
