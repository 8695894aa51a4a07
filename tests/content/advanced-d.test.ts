/**
 * The staged Advanced content of part d (issue 28): mixed questions over the five Advanced modules
 * of parts a, b and c (traps, rule changes, Standard 922 declarations, recency), in
 * content/advanced/questions/adv-mix.json and its French. Part d writes no module: every question
 * links to a heading of an existing module. The seed does not read these folders yet, so this file
 * holds the questions to the Basic bank's rules on its own: schema-valid, keyed the same in French,
 * every option explained, every question linked to a heading in both languages and sourced, and no
 * stem repeating one of the 234 questions already staged.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadFrenchModules,
  loadFrenchQuestions,
  loadModules,
  loadQuestions,
  ROOT,
} from '../../scripts/lib/content.ts';
import { checkQuestions } from '../../scripts/lib/translations.ts';
import { normaliseStem } from '../../shared/src/hash.ts';
import { QuestionFrenchSchema, QuestionInputSchema } from '../../shared/src/schemas/content.ts';
import type { LearnMoreRef } from '../../shared/src/schemas/exam.ts';

const ADVANCED = path.join(ROOT, 'content/advanced');
const FRENCH_ADVANCED = path.join(ROOT, 'content/fr/advanced');
const QUESTION_FILE = 'adv-mix.json';
const ID_PATTERN = /^adv-mix-\d{3}$/;
/** The five modules of parts a, b and c; the questions must reach every one of them. */
const MODULE_SLUGS = [
  'advanced-operations-division-v',
  'the-flight-review',
  'controlled-airspace-and-atc',
  'aviation-weather-for-advanced-pilots',
  'beyond-advanced',
];

const modules = new Map(loadModules(path.join(ADVANCED, 'modules')).map((m) => [m.slug, m]));
const frenchModules = loadFrenchModules(path.join(FRENCH_ADVANCED, 'modules'));
const ours = (id: string) => ID_PATTERN.test(id);
const allQuestions = loadQuestions(path.join(ADVANCED, 'questions'));
const questions = allQuestions.filter((q) => ours(q.id));
const staged = allQuestions.filter((q) => !ours(q.id));
const french = new Map(
  [...loadFrenchQuestions(path.join(FRENCH_ADVANCED, 'questions'))].filter(([id]) => ours(id)),
);

const headingIds = (html: string) =>
  new Set([...html.matchAll(/<h[1-4] id="([^"]+)"/g)].map((match) => match[1]));

/** Why a section reference does not resolve in one language, or null when it does. */
function unresolved(ref: LearnMoreRef): string | null {
  const english = modules.get(ref.moduleSlug);
  const inFrench = frenchModules.get(ref.moduleSlug);
  if (!MODULE_SLUGS.includes(ref.moduleSlug) || !english || !inFrench)
    return `no module ${ref.moduleSlug} in both languages`;
  if (!headingIds(english.contentHtml).has(ref.sectionId))
    return `no heading #${ref.sectionId} in ${ref.moduleSlug}`;
  if (!headingIds(inFrench.contentHtml).has(ref.sectionId))
    return `no heading #${ref.sectionId} in the French of ${ref.moduleSlug}`;
  return null;
}

/** The ids of the question file, read as it is (the loaders above would hide a duplicate). */
const idsIn = (dir: string) =>
  (
    JSON.parse(readFileSync(path.join(dir, 'questions', QUESTION_FILE), 'utf8')) as Array<{
      id: string;
    }>
  ).map((q) => q.id);

describe('Advanced content, part d: mixed questions over the five Advanced modules', () => {
  it('holds at least 75 questions, spread over all five modules', () => {
    expect(questions.length).toBeGreaterThanOrEqual(75);
    const reached = new Set(questions.map((q) => q.learnMore?.moduleSlug));
    expect([...reached].sort()).toEqual([...MODULE_SLUGS].sort());
    expect(questions.filter((q) => q.tags?.includes('scenario')).length).toBeGreaterThanOrEqual(10);
  });

  it('gives every question a unique id, in English and in French', () => {
    const english = idsIn(ADVANCED);
    const inFrench = idsIn(FRENCH_ADVANCED);
    expect(english.every(ours)).toBe(true);
    expect(new Set(english).size).toBe(english.length);
    expect(new Set(inFrench).size).toBe(inFrench.length);
    expect([...inFrench].sort()).toEqual([...english].sort());
  });

  it('repeats no stem of the questions parts a, b and c staged', () => {
    const existing = new Set(staged.map((q) => normaliseStem(q.question)));
    expect(staged.length).toBeGreaterThanOrEqual(234);
    expect(
      questions.filter((q) => existing.has(normaliseStem(q.question))).map((q) => q.id),
    ).toEqual([]);
  });

  it('keys every French question like the English: same options count, rationales for each', () => {
    // The French has no key of its own (ContentQuestionFrenchSchema is strict): its options are in
    // the English order, so the English correctAnswer points at the same option.
    for (const question of questions) {
      const fr = french.get(question.id);
      expect(fr, `${question.id} in French`).toBeDefined();
      expect(fr!.options, question.id).toHaveLength(question.options.length);
      expect(question.optionExplanations, question.id).toHaveLength(question.options.length);
      expect(fr!.optionExplanations, `${question.id} in French`).toHaveLength(
        question.options.length,
      );
      for (const rationale of [...question.optionExplanations!, ...fr!.optionExplanations!]) {
        expect(rationale.trim(), question.id).not.toBe('');
        expect(rationale.trim(), question.id).not.toMatch(/^(in)?correct\b|^(in)?exact\b/i);
      }
    }
  });

  it('says the same in French as in English: options, figures and section numbers', () => {
    // The check `npm run check:translations` applies to the Basic bank (scripts/lib/translations.ts).
    expect(checkQuestions(questions, french)).toEqual([]);
  });

  it('passes the rules the admin console applies to a question and its French', () => {
    // `exams` is a content-file field the import schema does not take (issue 28).
    for (const { id, exams: _exams, ...question } of questions) {
      const english = QuestionInputSchema.safeParse(question);
      expect(english.success, `${id}: ${english.error?.issues[0]?.message}`).toBe(true);
      const { id: _id, ...fr } = french.get(id)!;
      const inFrench = QuestionFrenchSchema.safeParse(fr);
      expect(inFrench.success, `${id} in French: ${inFrench.error?.issues[0]?.message}`).toBe(true);
    }
  });

  it('belongs to the Advanced exam only and names its source', () => {
    for (const question of questions) {
      expect(question.exams, question.id).toEqual(['advanced']);
      expect(question.regulationReference?.trim(), question.id).toBeTruthy();
    }
  });

  it('varies the key position and never gives the key away by its length', () => {
    const keys = new Set(questions.map((q) => q.correctAnswer));
    expect(keys).toEqual(new Set([0, 1, 2, 3]));
    for (const key of keys)
      expect(questions.filter((q) => q.correctAnswer === key).length).toBeLessThan(
        questions.length * 0.35,
      );
    const longestIsKey = questions.filter((q) => {
      const key = q.options[q.correctAnswer]!.length;
      return q.options.every((o, i) => i === q.correctAnswer || o.length < key);
    });
    expect(longestIsKey.length).toBeLessThan(questions.length * 0.4);
    const standouts = questions.filter((q) => {
      const key = q.options[q.correctAnswer]!.length;
      const others = q.options.filter((_, i) => i !== q.correctAnswer).map((o) => o.length);
      const [shortest, longest] = [Math.min(...others), Math.max(...others)];
      return longest <= shortest * 1.5 && (key > longest * 1.6 || key * 1.6 < shortest);
    });
    expect(standouts.map((q) => q.id)).toEqual([]);
  });

  it('points every learnMore at a heading of an Advanced module in both languages', () => {
    const problems = questions.flatMap((question) => {
      if (!question.learnMore) return [`${question.id}: no learnMore`];
      const problem = unresolved(question.learnMore);
      return problem ? [`${question.id}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('refuses a section the module lacks (the check can fail)', () => {
    expect(unresolved({ moduleSlug: 'beyond-advanced', sectionId: 'no-such-heading' })).toMatch(
      /no heading/,
    );
    expect(unresolved({ moduleSlug: 'no-such-module', sectionId: 'traps' })).toMatch(/no module/);
    expect(
      unresolved({ moduleSlug: 'advanced-operations-division-v', sectionId: 'traps' }),
    ).toBeNull();
  });
});
