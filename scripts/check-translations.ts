/**
 * `npm run check:translations`: compares every active question and every module with its French
 * (scripts/lib/translations.ts says what is compared) and exits non-zero on any mismatch. `npm
 * test` runs the same check (tests/content/translations.test.ts).
 */
import {
  loadFrenchModules,
  loadFrenchQuestions,
  loadModules,
  loadQuestions,
} from './lib/content.ts';
import { checkModules, checkQuestions } from './lib/translations.ts';

const questions = loadQuestions();
const problems = [
  ...checkQuestions(questions, loadFrenchQuestions()),
  ...checkModules(loadModules(), loadFrenchModules()),
];
for (const problem of problems) console.error(`${problem.where}: ${problem.what}`);
console.info(
  problems.length
    ? `${problems.length} translation mismatches.`
    : `Translations consistent: ${questions.length} questions and their modules.`,
);
process.exit(problems.length ? 1 : 0);
