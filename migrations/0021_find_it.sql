-- The open-book drill "Find it" (issue 29): the module section a learner picked for a question,
-- as "module-slug#section-id". A find answer leaves selected_index null, so the item statistics
-- (0013) and every reader of option choices pass it by. The attempt's mode 'find' needs no change.
ALTER TABLE `attempt_questions` ADD `found_section` text;
