/**
 * `npm run check:translations`: compares every active question and every module with its French
 * (scripts/lib/translations.ts says what is compared) and exits non-zero on any mismatch. `npm
 * test` runs the same check (tests/content/translations.test.ts, translation-anchors.test.ts).
 * It then prints how much of a reordering of the French options the comparison would catch,
 * with the figures and section numbers alone and with the anchors.
 */
import {
  loadFrenchModules,
  loadFrenchQuestions,
  loadModules,
  loadQuestions,
} from './lib/content.ts';
import {
  checkModules,
  checkQuestions,
  swapCoverage,
  type SwapCoverage,
} from './lib/translations.ts';

const questions = loadQuestions();
const french = loadFrenchQuestions();
const problems = [
  ...checkQuestions(questions, french),
  ...checkModules(loadModules(), loadFrenchModules()),
];
for (const problem of problems) console.error(`${problem.where}: ${problem.what}`);
console.info(
  problems.length
    ? `${problems.length} translation mismatches.`
    : `Translations consistent: ${questions.length} questions and their modules.`,
);

// What a reordering of the French options would be caught by: each pair swapped in turn.
const noDigit = (q: { options: readonly string[] }) => !q.options.some((o) => /\d/.test(o));
const line = (label: string, c: SwapCoverage) =>
  `  ${label}: ${c.twoCompared} with a swap of two compared options caught, ${c.keyGuarded} whose keyed option cannot move unseen, ${c.everySwap} with every swap caught`;
for (const [title, only] of [
  ['questions', () => true],
  ['questions without a digit in any option', noDigit],
] as const) {
  const before = swapCoverage(questions, french, { anchors: false, only });
  const after = swapCoverage(questions, french, { anchors: true, only });
  console.info(`Options swapped, of ${after.questions} ${title}:`);
  console.info(line('figures and section numbers', before));
  console.info(line('with the anchors', after));
}
process.exit(problems.length ? 1 : 0);
