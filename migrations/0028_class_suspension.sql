ALTER TABLE `classes` ADD `suspended_at` integer;--> statement-breakpoint
CREATE INDEX `classes_created_idx` ON `classes` (`created_at`,`id`);--> statement-breakpoint
-- The admin console searches classes by name through this index (never a scan of classes).
CREATE VIRTUAL TABLE `classes_fts` USING fts5(
	name,
	content='classes', content_rowid='rowid', tokenize='unicode61'
);
--> statement-breakpoint
INSERT INTO classes_fts(classes_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `classes_fts_ai` AFTER INSERT ON `classes` BEGIN
	INSERT INTO classes_fts(rowid, name) VALUES (new.rowid, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `classes_fts_ad` AFTER DELETE ON `classes` BEGIN
	INSERT INTO classes_fts(classes_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
END;
--> statement-breakpoint
CREATE TRIGGER `classes_fts_au` AFTER UPDATE OF name ON `classes` BEGIN
	INSERT INTO classes_fts(classes_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
	INSERT INTO classes_fts(rowid, name) VALUES (new.rowid, new.name);
END;
--> statement-breakpoint
-- classes.total, the admin list's total, kept by triggers so a class deleted with its instructor
-- (a foreign-key cascade) counts too.
INSERT INTO `counters` (`key`, `value`, `updated_at`)
SELECT 'classes.total', count(*), unixepoch('subsec') * 1000 FROM `classes` WHERE true
ON CONFLICT(`key`) DO UPDATE SET `value` = excluded.`value`, `updated_at` = excluded.`updated_at`;
--> statement-breakpoint
CREATE TRIGGER `classes_total_ai` AFTER INSERT ON `classes` BEGIN
	INSERT INTO counters (key, value, updated_at) VALUES ('classes.total', 1, unixepoch('subsec') * 1000)
	ON CONFLICT(key) DO UPDATE SET value = value + 1, updated_at = excluded.updated_at;
END;
--> statement-breakpoint
CREATE TRIGGER `classes_total_ad` AFTER DELETE ON `classes` BEGIN
	UPDATE counters SET value = value - 1, updated_at = unixepoch('subsec') * 1000 WHERE key = 'classes.total';
END;
