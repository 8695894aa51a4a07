-- Every option explained (issue 29): why each option is right or wrong, in the options' stored
-- order (JSON arrays, English and French), and where the question's fact is taught (JSON
-- {learnMore: {moduleSlug, sectionId}, alsoTaughtIn?: [...]}).
-- Written partly by hand: the kept versions (0009, 0014, 0015) now hold the rationales and the
-- learnMore, so a past attempt's review shows them as they were. A changed rationale makes a new
-- version, as a changed explanation does; it does not start new item statistics, which follow
-- only the options and the key (question_versions_stats_epoch_ai, 0013, compares just those).
-- A snapshot holds optionExplanations (stored order), learnMore, alsoTaughtIn and
-- fr.optionExplanations, each null where the question has none.
ALTER TABLE `questions` ADD `option_explanations_json` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `option_explanations_fr_json` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `learn_more_json` text;
--> statement-breakpoint
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
			'figure', json(figure_json), 'optionExplanations', json(option_explanations_json),
			'learnMore', json_extract(learn_more_json, '$.learnMore'),
			'alsoTaughtIn', json_extract(learn_more_json, '$.alsoTaughtIn'),
			'fr', CASE WHEN question_fr IS NULL THEN NULL ELSE json_object('question', question_fr,
				'options', json(options_fr_json), 'explanation', coalesce(explanation_fr, ''),
				'figure', json(figure_fr_json), 'optionExplanations', json(option_explanations_fr_json)) END),
		updated_at
	FROM questions WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `questions_version_au` AFTER UPDATE OF question, options_json, correct_answer, explanation, regulation_reference, image_url, figure_json, option_explanations_json, learn_more_json, question_fr, options_fr_json, explanation_fr, figure_fr_json, option_explanations_fr_json ON `questions`
WHEN old.question IS NOT new.question OR old.options_json IS NOT new.options_json
	OR old.correct_answer IS NOT new.correct_answer OR old.explanation IS NOT new.explanation
	OR old.regulation_reference IS NOT new.regulation_reference OR old.image_url IS NOT new.image_url
	OR old.figure_json IS NOT new.figure_json
	OR old.option_explanations_json IS NOT new.option_explanations_json
	OR old.learn_more_json IS NOT new.learn_more_json
	OR old.question_fr IS NOT new.question_fr OR old.options_fr_json IS NOT new.options_fr_json
	OR old.explanation_fr IS NOT new.explanation_fr OR old.figure_fr_json IS NOT new.figure_fr_json
	OR old.option_explanations_fr_json IS NOT new.option_explanations_fr_json
BEGIN
	UPDATE questions SET version = old.version + 1,
		text_changed_at = CASE WHEN old.question IS NOT new.question OR old.options_json IS NOT new.options_json
			OR old.explanation IS NOT new.explanation OR old.figure_json IS NOT new.figure_json
			OR old.option_explanations_json IS NOT new.option_explanations_json
			THEN unixepoch('subsec') * 1000 ELSE old.text_changed_at END,
		fr_changed_at = CASE WHEN new.question_fr IS NULL THEN NULL
			WHEN old.question_fr IS NOT new.question_fr OR old.options_fr_json IS NOT new.options_fr_json
			OR old.explanation_fr IS NOT new.explanation_fr OR old.figure_fr_json IS NOT new.figure_fr_json
			OR old.option_explanations_fr_json IS NOT new.option_explanations_fr_json
			THEN unixepoch('subsec') * 1000 ELSE old.fr_changed_at END
	WHERE id = new.id;
	INSERT INTO question_versions (question_seq, question_id, version, category, snapshot_json, created_at)
	SELECT seq, id, version, category,
		json_object('question', question, 'options', json(options_json), 'correctAnswer', correct_answer,
			'explanation', explanation, 'regulationReference', regulation_reference, 'imageUrl', image_url,
			'figure', json(figure_json), 'optionExplanations', json(option_explanations_json),
			'learnMore', json_extract(learn_more_json, '$.learnMore'),
			'alsoTaughtIn', json_extract(learn_more_json, '$.alsoTaughtIn'),
			'fr', CASE WHEN question_fr IS NULL THEN NULL ELSE json_object('question', question_fr,
				'options', json(options_fr_json), 'explanation', coalesce(explanation_fr, ''),
				'figure', json(figure_fr_json), 'optionExplanations', json(option_explanations_fr_json)) END),
		updated_at
	FROM questions WHERE id = new.id;
END;
