-- French (issue 19). Written by hand: drizzle-kit models neither the FTS5 index nor the triggers.
--
-- * Each account keeps the language its emails are written in.
-- * Modules and questions keep their French beside the English, in the same row (same ids): one
--   indexed read serves either language, and English is the fallback where a column is null.
-- * text_changed_at / fr_changed_at record when the English a learner reads and its French last
--   changed (kept by triggers, whichever path wrote the row), so the admin console marks French
--   that is missing or older than the English.
-- * A question's kept versions (0009) now hold its French too: editing the French makes a new
--   version like editing the English, so a past attempt's review shows the question exactly as
--   it was then, in whichever language the learner reads it.
-- * French search has its own FTS5 index over the French columns, with accents folded
--   (unicode61 remove_diacritics 2): "sécurité" finds "securite" and the reverse.

ALTER TABLE `users` ADD `locale` text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE `questions` ADD `question_fr` text;
--> statement-breakpoint
ALTER TABLE `questions` ADD `options_fr_json` text;
--> statement-breakpoint
ALTER TABLE `questions` ADD `explanation_fr` text;
--> statement-breakpoint
ALTER TABLE `questions` ADD `text_changed_at` integer;
--> statement-breakpoint
ALTER TABLE `questions` ADD `fr_changed_at` integer;
--> statement-breakpoint
UPDATE `questions` SET `text_changed_at` = `updated_at`;
--> statement-breakpoint
ALTER TABLE `study_modules` ADD `title_fr` text;
--> statement-breakpoint
ALTER TABLE `study_modules` ADD `description_fr` text;
--> statement-breakpoint
ALTER TABLE `study_modules` ADD `summary_fr` text;
--> statement-breakpoint
ALTER TABLE `study_modules` ADD `body_markdown_fr` text;
--> statement-breakpoint
ALTER TABLE `study_modules` ADD `content_html_fr` text;
--> statement-breakpoint
ALTER TABLE `study_modules` ADD `toc_json_fr` text;
--> statement-breakpoint
ALTER TABLE `study_modules` ADD `word_count_fr` integer;
--> statement-breakpoint
ALTER TABLE `study_modules` ADD `text_changed_at` integer;
--> statement-breakpoint
ALTER TABLE `study_modules` ADD `fr_changed_at` integer;
--> statement-breakpoint
UPDATE `study_modules` SET `text_changed_at` = `updated_at`;
--> statement-breakpoint

-- ---- question versions: the French is part of what a learner sees ----------------------------
DROP TRIGGER IF EXISTS `questions_key_and_version_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `questions_version_au`;
--> statement-breakpoint
CREATE TRIGGER `questions_key_and_version_ai` AFTER INSERT ON `questions`
BEGIN
	INSERT INTO counters (key, value, updated_at) VALUES ('questions.seq', 1, unixepoch('subsec') * 1000)
	ON CONFLICT(key) DO UPDATE SET value = value + 1, updated_at = excluded.updated_at;
	UPDATE questions SET seq = (SELECT CAST(value AS INTEGER) FROM counters WHERE key = 'questions.seq')
	WHERE id = new.id AND new.seq IS NULL;
	UPDATE questions SET text_changed_at = coalesce(new.text_changed_at, new.updated_at),
		fr_changed_at = CASE WHEN new.question_fr IS NULL THEN NULL ELSE coalesce(new.fr_changed_at, new.updated_at) END
	WHERE id = new.id;
	INSERT INTO question_versions (question_seq, question_id, version, category, snapshot_json, created_at)
	SELECT seq, id, version, category,
		json_object('question', question, 'options', json(options_json), 'correctAnswer', correct_answer,
			'explanation', explanation, 'regulationReference', regulation_reference, 'imageUrl', image_url,
			'fr', CASE WHEN question_fr IS NULL THEN NULL ELSE json_object('question', question_fr,
				'options', json(options_fr_json), 'explanation', coalesce(explanation_fr, '')) END),
		updated_at
	FROM questions WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `questions_version_au` AFTER UPDATE OF question, options_json, correct_answer, explanation, regulation_reference, image_url, question_fr, options_fr_json, explanation_fr ON `questions`
WHEN old.question IS NOT new.question OR old.options_json IS NOT new.options_json
	OR old.correct_answer IS NOT new.correct_answer OR old.explanation IS NOT new.explanation
	OR old.regulation_reference IS NOT new.regulation_reference OR old.image_url IS NOT new.image_url
	OR old.question_fr IS NOT new.question_fr OR old.options_fr_json IS NOT new.options_fr_json
	OR old.explanation_fr IS NOT new.explanation_fr
BEGIN
	UPDATE questions SET version = old.version + 1,
		text_changed_at = CASE WHEN old.question IS NOT new.question OR old.options_json IS NOT new.options_json
			OR old.explanation IS NOT new.explanation THEN unixepoch('subsec') * 1000 ELSE old.text_changed_at END,
		fr_changed_at = CASE WHEN new.question_fr IS NULL THEN NULL
			WHEN old.question_fr IS NOT new.question_fr OR old.options_fr_json IS NOT new.options_fr_json
			OR old.explanation_fr IS NOT new.explanation_fr THEN unixepoch('subsec') * 1000 ELSE old.fr_changed_at END
	WHERE id = new.id;
	INSERT INTO question_versions (question_seq, question_id, version, category, snapshot_json, created_at)
	SELECT seq, id, version, category,
		json_object('question', question, 'options', json(options_json), 'correctAnswer', correct_answer,
			'explanation', explanation, 'regulationReference', regulation_reference, 'imageUrl', image_url,
			'fr', CASE WHEN question_fr IS NULL THEN NULL ELSE json_object('question', question_fr,
				'options', json(options_fr_json), 'explanation', coalesce(explanation_fr, '')) END),
		updated_at
	FROM questions WHERE id = new.id;
END;
--> statement-breakpoint

-- ---- modules: when the English and the French a learner reads last changed --------------------
CREATE TRIGGER `study_modules_text_changed_au` AFTER UPDATE OF title, description, summary, body_markdown ON `study_modules`
WHEN old.title IS NOT new.title OR old.description IS NOT new.description
	OR old.summary IS NOT new.summary OR old.body_markdown IS NOT new.body_markdown
BEGIN
	UPDATE study_modules SET text_changed_at = unixepoch('subsec') * 1000 WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `study_modules_fr_changed_au` AFTER UPDATE OF title_fr, description_fr, summary_fr, body_markdown_fr ON `study_modules`
WHEN old.title_fr IS NOT new.title_fr OR old.description_fr IS NOT new.description_fr
	OR old.summary_fr IS NOT new.summary_fr OR old.body_markdown_fr IS NOT new.body_markdown_fr
BEGIN
	UPDATE study_modules SET fr_changed_at = CASE WHEN new.title_fr IS NULL THEN NULL ELSE unixepoch('subsec') * 1000 END
	WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `study_modules_changed_ai` AFTER INSERT ON `study_modules`
BEGIN
	UPDATE study_modules SET text_changed_at = coalesce(new.text_changed_at, new.updated_at),
		fr_changed_at = CASE WHEN new.title_fr IS NULL THEN NULL ELSE coalesce(new.fr_changed_at, new.updated_at) END
	WHERE id = new.id;
END;
--> statement-breakpoint

-- ---- French search: its own index, accents folded -------------------------------------------
CREATE VIRTUAL TABLE `study_modules_fts_fr` USING fts5(
	title_fr, description_fr, summary_fr, body_markdown_fr, tags_json,
	content='study_modules', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `study_modules_fts_fr_ai` AFTER INSERT ON `study_modules` BEGIN
	INSERT INTO study_modules_fts_fr(rowid, title_fr, description_fr, summary_fr, body_markdown_fr, tags_json)
	VALUES (new.rowid, new.title_fr, new.description_fr, new.summary_fr, new.body_markdown_fr, new.tags_json);
END;
--> statement-breakpoint
CREATE TRIGGER `study_modules_fts_fr_ad` AFTER DELETE ON `study_modules` BEGIN
	INSERT INTO study_modules_fts_fr(study_modules_fts_fr, rowid, title_fr, description_fr, summary_fr, body_markdown_fr, tags_json)
	VALUES ('delete', old.rowid, old.title_fr, old.description_fr, old.summary_fr, old.body_markdown_fr, old.tags_json);
END;
--> statement-breakpoint
CREATE TRIGGER `study_modules_fts_fr_au` AFTER UPDATE OF title_fr, description_fr, summary_fr, body_markdown_fr, tags_json ON `study_modules` BEGIN
	INSERT INTO study_modules_fts_fr(study_modules_fts_fr, rowid, title_fr, description_fr, summary_fr, body_markdown_fr, tags_json)
	VALUES ('delete', old.rowid, old.title_fr, old.description_fr, old.summary_fr, old.body_markdown_fr, old.tags_json);
	INSERT INTO study_modules_fts_fr(rowid, title_fr, description_fr, summary_fr, body_markdown_fr, tags_json)
	VALUES (new.rowid, new.title_fr, new.description_fr, new.summary_fr, new.body_markdown_fr, new.tags_json);
END;
--> statement-breakpoint
INSERT INTO study_modules_fts_fr(study_modules_fts_fr) VALUES ('rebuild');
