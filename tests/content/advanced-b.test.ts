/**
 * The staged Advanced content of part b (issue 28): the modules "Controlled airspace and working
 * with ATC" and "Beyond Advanced" and their questions, in content/advanced/ and
 * content/fr/advanced/. The seed does not read these folders yet, so this file holds them to the
 * Basic bank's rules on its own: schema-valid, keyed the same in French, every option explained,
 * every question linked to a heading of its module in both languages and sourced.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadFrenchModules,
  loadFrenchQuestions,
  loadModules,
  loadQuestionFiles,
  loadQuestions,
  ROOT,
} from '../../scripts/lib/content.ts';
import { QuestionFrenchSchema, QuestionInputSchema } from '../../shared/src/schemas/content.ts';
import type { LearnMoreRef } from '../../shared/src/schemas/exam.ts';

const ADVANCED = path.join(ROOT, 'content/advanced');
const FRENCH_ADVANCED = path.join(ROOT, 'content/fr/advanced');
/** This part's modules and question files; part a stages its own beside them. */
const MODULE_SLUGS = ['controlled-airspace-and-atc', 'beyond-advanced'];
const QUESTION_FILES = ['adv-atc.json', 'adv-beyond.json'];
const ID_PATTERN = /^adv-(atc|beyond)-\d{3}$/;

const modules = new Map(
  loadModules(path.join(ADVANCED, 'modules'))
    .filter((m) => MODULE_SLUGS.includes(m.slug))
    .map((m) => [m.slug, m]),
);
const frenchModules = loadFrenchModules(path.join(FRENCH_ADVANCED, 'modules'));
const ours = (id: string) => ID_PATTERN.test(id);
const questions = loadQuestions(path.join(ADVANCED, 'questions')).filter((q) => ours(q.id));
const french = loadFrenchQuestions(path.join(FRENCH_ADVANCED, 'questions'));

const headingIds = (html: string) =>
  new Set([...html.matchAll(/<h[1-4] id="([^"]+)"/g)].map((match) => match[1]));

/** Why a section reference does not resolve in one language, or null when it does. */
function unresolved(ref: LearnMoreRef): string | null {
  const english = modules.get(ref.moduleSlug);
  const inFrench = frenchModules.get(ref.moduleSlug);
  if (!english || !inFrench) return `no module ${ref.moduleSlug} in both languages`;
  if (!headingIds(english.contentHtml).has(ref.sectionId))
    return `no heading #${ref.sectionId} in ${ref.moduleSlug}`;
  if (!headingIds(inFrench.contentHtml).has(ref.sectionId))
    return `no heading #${ref.sectionId} in the French of ${ref.moduleSlug}`;
  return null;
}

/** The ids of a question file, read as it is (the loaders above would hide a duplicate). */
const idsIn = (dir: string, file: string) =>
  (
    JSON.parse(readFileSync(path.join(dir, 'questions', file), 'utf8')) as Array<{ id: string }>
  ).map((q) => q.id);

/** True when the key is the single longest option: a test-wise learner's guess. */
const keyIsLongest = (q: { options: string[]; correctAnswer: number }) =>
  q.options.every(
    (option, i) => i === q.correctAnswer || option.length < q.options[q.correctAnswer]!.length,
  );

/** Files (by id prefix) where the key is the single longest option in more than 35 % of questions. */
function lengthCues(
  list: Array<{ id: string; options: string[]; correctAnswer: number }>,
): string[] {
  const byFile = new Map<string, typeof list>();
  for (const q of list) {
    const file = q.id.replace(/-\d{3}$/, '');
    byFile.set(file, [...(byFile.get(file) ?? []), q]);
  }
  return [...byFile].flatMap(([file, items]) => {
    const cued = items.filter(keyIsLongest).length;
    return cued > items.length * 0.35 ? [`${file}: key longest in ${cued} of ${items.length}`] : [];
  });
}

describe('Advanced content, part b: controlled airspace and ATC, beyond Advanced', () => {
  it('stages both modules in English and French, for the Advanced exam only', () => {
    for (const slug of MODULE_SLUGS) {
      const english = modules.get(slug);
      const inFrench = frenchModules.get(slug);
      expect(english, slug).toBeDefined();
      expect(inFrench, `${slug} in French`).toBeDefined();
      expect(english!.exams, slug).toEqual(['advanced']);
      expect(inFrench!.exams, `${slug} in French`).toEqual(['advanced']);
      expect([...headingIds(inFrench!.contentHtml)].sort(), `${slug}: the same anchors`).toEqual(
        [...headingIds(english!.contentHtml)].sort(),
      );
    }
  });

  it('holds at least 60 questions spread over the sections of both modules', () => {
    expect(questions.length).toBeGreaterThanOrEqual(60);
    for (const slug of MODULE_SLUGS) {
      const sections = new Set(
        questions
          .filter((q) => q.learnMore?.moduleSlug === slug)
          .map((q) => q.learnMore!.sectionId),
      );
      expect(sections.size, `${slug}: sections asked about`).toBeGreaterThanOrEqual(8);
    }
  });

  it('gives every question a unique id, in English and in French', () => {
    const english = QUESTION_FILES.flatMap((file) => idsIn(ADVANCED, file));
    const inFrench = QUESTION_FILES.flatMap((file) => idsIn(FRENCH_ADVANCED, file));
    expect(english.every(ours)).toBe(true);
    expect(new Set(english).size).toBe(english.length);
    expect(new Set(inFrench).size).toBe(inFrench.length);
    expect([...inFrench].sort()).toEqual([...english].sort());
    expect(
      loadQuestionFiles(path.join(ADVANCED, 'questions'))
        .map(({ file }) => file)
        .filter((file) => QUESTION_FILES.includes(file)),
    ).toEqual(QUESTION_FILES);
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
      for (const rationale of [...question.optionExplanations!, ...fr!.optionExplanations!])
        expect(rationale.trim(), question.id).not.toMatch(/^(in)?correct\b|^(in)?exact\b/i);
    }
  });

  it('passes the rules the admin console applies to a question and its French', () => {
    // `exams` is a seed field the import schema does not take yet (issue 28).
    for (const { id, exams: _exams, ...question } of questions) {
      const english = QuestionInputSchema.safeParse(question);
      expect(english.success, `${id}: ${english.error?.issues[0]?.message}`).toBe(true);
      const { id: _id, ...fr } = french.get(id)!;
      const inFrench = QuestionFrenchSchema.safeParse(fr);
      expect(inFrench.success, `${id} in French: ${inFrench.error?.issues[0]?.message}`).toBe(true);
    }
  });

  it('writes Level 1 Complex in French as the glossary does (opérations complexes de niveau 1)', () => {
    const files = [
      'modules/2-controlled-airspace-and-atc.md',
      'modules/5-beyond-advanced.md',
      ...QUESTION_FILES.map((file) => `questions/${file}`),
    ];
    for (const file of files)
      expect(readFileSync(path.join(FRENCH_ADVANCED, file), 'utf8'), file).not.toMatch(
        /niveau 1 complexe/i,
      );
  });

  it('belongs to the Advanced exam only and names its source', () => {
    for (const question of questions) {
      expect(question.exams, question.id).toEqual(['advanced']);
      expect(question.regulationReference?.trim(), question.id).toBeTruthy();
    }
  });

  it('varies the key position', () => {
    const keys = new Set(questions.map((q) => q.correctAnswer));
    expect(keys).toEqual(new Set([0, 1, 2, 3]));
    for (const key of keys)
      expect(questions.filter((q) => q.correctAnswer === key).length).toBeLessThan(
        questions.length / 2,
      );
  });

  it('points every learnMore at a heading of its module in both languages', () => {
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
    expect(unresolved({ moduleSlug: 'no-such-module', sectionId: 'evlos' })).toMatch(/no module/);
    expect(unresolved({ moduleSlug: 'beyond-advanced', sectionId: 'evlos' })).toBeNull();
  });

  it('never gives the key away by its length (at most 35 % of each file)', () => {
    expect(lengthCues(questions)).toEqual([]);
  });

  it('flags a file whose key is usually the longest option (the check can fail)', () => {
    const cued = { options: ['a', 'bb', 'the longest one', 'ccc'], correctAnswer: 2 };
    const fair = { options: ['a', 'bb', 'ccc', 'dddd'], correctAnswer: 2 };
    expect(
      lengthCues([
        { id: 'adv-atc-001', ...cued },
        { id: 'adv-atc-002', ...fair },
      ]),
    ).toEqual(['adv-atc: key longest in 1 of 2']);
    expect(
      lengthCues([
        { id: 'adv-atc-001', ...fair },
        { id: 'adv-atc-002', ...fair },
      ]),
    ).toEqual([]);
  });
});
