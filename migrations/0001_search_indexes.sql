-- Full-text indexes (SQLite FTS5) for study search, the admin question bank and the admin user
-- list. They are external-content tables kept in step by triggers, so searches never scan the
-- base tables. Written by hand: drizzle-kit does not model virtual tables.

CREATE VIRTUAL TABLE `study_modules_fts` USING fts5(
	title, description, summary, body_markdown, tags,
	content='study_modules', content_rowid='rowid', tokenize='porter unicode61'
);
--> statement-breakpoint
CREATE TRIGGER `study_modules_fts_ai` AFTER INSERT ON `study_modules` BEGIN
	INSERT INTO study_modules_fts(rowid, title, description, summary, body_markdown, tags)
	VALUES (new.rowid, new.title, new.description, new.summary, new.body_markdown, new.tags_json);
END;
--> statement-breakpoint
CREATE TRIGGER `study_modules_fts_ad` AFTER DELETE ON `study_modules` BEGIN
	INSERT INTO study_modules_fts(study_modules_fts, rowid, title, description, summary, body_markdown, tags)
	VALUES ('delete', old.rowid, old.title, old.description, old.summary, old.body_markdown, old.tags_json);
END;
--> statement-breakpoint
CREATE TRIGGER `study_modules_fts_au` AFTER UPDATE OF title, description, summary, body_markdown, tags_json ON `study_modules` BEGIN
	INSERT INTO study_modules_fts(study_modules_fts, rowid, title, description, summary, body_markdown, tags)
	VALUES ('delete', old.rowid, old.title, old.description, old.summary, old.body_markdown, old.tags_json);
	INSERT INTO study_modules_fts(rowid, title, description, summary, body_markdown, tags)
	VALUES (new.rowid, new.title, new.description, new.summary, new.body_markdown, new.tags_json);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `questions_fts` USING fts5(
	question, explanation, tags, regulation_reference,
	content='questions', content_rowid='rowid', tokenize='porter unicode61'
);
--> statement-breakpoint
CREATE TRIGGER `questions_fts_ai` AFTER INSERT ON `questions` BEGIN
	INSERT INTO questions_fts(rowid, question, explanation, tags, regulation_reference)
	VALUES (new.rowid, new.question, new.explanation, new.tags_json, new.regulation_reference);
END;
--> statement-breakpoint
CREATE TRIGGER `questions_fts_ad` AFTER DELETE ON `questions` BEGIN
	INSERT INTO questions_fts(questions_fts, rowid, question, explanation, tags, regulation_reference)
	VALUES ('delete', old.rowid, old.question, old.explanation, old.tags_json, old.regulation_reference);
END;
--> statement-breakpoint
CREATE TRIGGER `questions_fts_au` AFTER UPDATE OF question, explanation, tags_json, regulation_reference ON `questions` BEGIN
	INSERT INTO questions_fts(questions_fts, rowid, question, explanation, tags, regulation_reference)
	VALUES ('delete', old.rowid, old.question, old.explanation, old.tags_json, old.regulation_reference);
	INSERT INTO questions_fts(rowid, question, explanation, tags, regulation_reference)
	VALUES (new.rowid, new.question, new.explanation, new.tags_json, new.regulation_reference);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `users_fts` USING fts5(
	first_name, last_name, email,
	content='users', content_rowid='rowid', tokenize='unicode61'
);
--> statement-breakpoint
CREATE TRIGGER `users_fts_ai` AFTER INSERT ON `users` BEGIN
	INSERT INTO users_fts(rowid, first_name, last_name, email)
	VALUES (new.rowid, new.first_name, new.last_name, new.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_ad` AFTER DELETE ON `users` BEGIN
	INSERT INTO users_fts(users_fts, rowid, first_name, last_name, email)
	VALUES ('delete', old.rowid, old.first_name, old.last_name, old.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_au` AFTER UPDATE OF first_name, last_name, email ON `users` BEGIN
	INSERT INTO users_fts(users_fts, rowid, first_name, last_name, email)
	VALUES ('delete', old.rowid, old.first_name, old.last_name, old.email);
	INSERT INTO users_fts(rowid, first_name, last_name, email)
	VALUES (new.rowid, new.first_name, new.last_name, new.email);
END;
