-- Study search shows a snippet of the matching text. FTS5 reads an external-content row back from
-- its content table by column name, so every indexed column must exist in study_modules under the
-- same name: the tags column is tags_json (0001 named it tags, which made snippet() and
-- highlight() fail). Recreated with matching names, its triggers with it, and rebuilt from the
-- table. Written by hand: drizzle-kit does not model virtual tables.

DROP TRIGGER IF EXISTS `study_modules_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `study_modules_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `study_modules_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `study_modules_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `study_modules_fts` USING fts5(
	title, description, summary, body_markdown, tags_json,
	content='study_modules', content_rowid='rowid', tokenize='porter unicode61'
);
--> statement-breakpoint
CREATE TRIGGER `study_modules_fts_ai` AFTER INSERT ON `study_modules` BEGIN
	INSERT INTO study_modules_fts(rowid, title, description, summary, body_markdown, tags_json)
	VALUES (new.rowid, new.title, new.description, new.summary, new.body_markdown, new.tags_json);
END;
--> statement-breakpoint
CREATE TRIGGER `study_modules_fts_ad` AFTER DELETE ON `study_modules` BEGIN
	INSERT INTO study_modules_fts(study_modules_fts, rowid, title, description, summary, body_markdown, tags_json)
	VALUES ('delete', old.rowid, old.title, old.description, old.summary, old.body_markdown, old.tags_json);
END;
--> statement-breakpoint
CREATE TRIGGER `study_modules_fts_au` AFTER UPDATE OF title, description, summary, body_markdown, tags_json ON `study_modules` BEGIN
	INSERT INTO study_modules_fts(study_modules_fts, rowid, title, description, summary, body_markdown, tags_json)
	VALUES ('delete', old.rowid, old.title, old.description, old.summary, old.body_markdown, old.tags_json);
	INSERT INTO study_modules_fts(rowid, title, description, summary, body_markdown, tags_json)
	VALUES (new.rowid, new.title, new.description, new.summary, new.body_markdown, new.tags_json);
END;
--> statement-breakpoint
INSERT INTO study_modules_fts(study_modules_fts) VALUES ('rebuild');
--> statement-breakpoint
-- The question bank's index had the same mismatch (tags for tags_json); fixed the same way so a
-- rebuild, snippet() or highlight() works on it too.
DROP TRIGGER IF EXISTS `questions_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `questions_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `questions_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `questions_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `questions_fts` USING fts5(
	question, explanation, tags_json, regulation_reference,
	content='questions', content_rowid='rowid', tokenize='porter unicode61'
);
--> statement-breakpoint
CREATE TRIGGER `questions_fts_ai` AFTER INSERT ON `questions` BEGIN
	INSERT INTO questions_fts(rowid, question, explanation, tags_json, regulation_reference)
	VALUES (new.rowid, new.question, new.explanation, new.tags_json, new.regulation_reference);
END;
--> statement-breakpoint
CREATE TRIGGER `questions_fts_ad` AFTER DELETE ON `questions` BEGIN
	INSERT INTO questions_fts(questions_fts, rowid, question, explanation, tags_json, regulation_reference)
	VALUES ('delete', old.rowid, old.question, old.explanation, old.tags_json, old.regulation_reference);
END;
--> statement-breakpoint
CREATE TRIGGER `questions_fts_au` AFTER UPDATE OF question, explanation, tags_json, regulation_reference ON `questions` BEGIN
	INSERT INTO questions_fts(questions_fts, rowid, question, explanation, tags_json, regulation_reference)
	VALUES ('delete', old.rowid, old.question, old.explanation, old.tags_json, old.regulation_reference);
	INSERT INTO questions_fts(rowid, question, explanation, tags_json, regulation_reference)
	VALUES (new.rowid, new.question, new.explanation, new.tags_json, new.regulation_reference);
END;
--> statement-breakpoint
INSERT INTO questions_fts(questions_fts) VALUES ('rebuild');
