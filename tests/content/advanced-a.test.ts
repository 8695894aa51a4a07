/**
 * The staged Advanced content of part a (issue 28): the Division V and flight review modules and
 * their advanced-only questions, in content/advanced/ and content/fr/advanced/. The seed does not
 * read them yet, so these checks hold them to the Basic bank's standard until it does.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadFrenchModules,
  loadModules,
  loadQuestionFiles,
  ROOT,
} from '../../scripts/lib/content.ts';
import { checkModules, checkQuestions } from '../../scripts/lib/translations.ts';
import {
  ContentQuestionFrenchSchema,
  ContentQuestionSchema,
  type ContentQuestion,
  type ContentQuestionFrench,
} from '../../shared/src/schemas/content.ts';
import type { LearnMoreRef } from '../../shared/src/schemas/exam.ts';

const ADVANCED = path.join(ROOT, 'content/advanced');
const FRENCH_ADVANCED = path.join(ROOT, 'content/fr/advanced');
/** This part's files; the other parts of the Advanced content stage theirs beside them. */
const QUESTION_FILES = ['division-v.json', 'flight-review.json'];
const MODULE_SLUGS = ['advanced-operations-division-v', 'the-flight-review'];

type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };

/** This part's question files in one language, each item checked by the schema the seed uses. */
function parseFiles<T>(dir: string, schema: { safeParse: (item: unknown) => ParseResult<T> }): T[] {
  const files = loadQuestionFiles(dir).filter(({ file }) => QUESTION_FILES.includes(file));
  if (files.length !== QUESTION_FILES.length)
    throw new Error(`${dir}: expected the files ${QUESTION_FILES.join(', ')}`);
  return files.flatMap(({ file, raw }) => {
    if (!Array.isArray(raw)) throw new Error(`${file}: not a JSON array`);
    return raw.map((item: unknown, i) => {
      const parsed = schema.safeParse(item);
      if (parsed.success) return parsed.data;
      const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
      throw new Error(`${file}[${i}]: ${issues.join('; ')}`);
    });
  });
}

const questions: ContentQuestion[] = parseFiles(
  path.join(ADVANCED, 'questions'),
  ContentQuestionSchema,
);
const frenchList: ContentQuestionFrench[] = parseFiles(
  path.join(FRENCH_ADVANCED, 'questions'),
  ContentQuestionFrenchSchema,
);
const french = new Map(frenchList.map((q) => [q.id, q]));
const moduleList = loadModules(path.join(ADVANCED, 'modules'));
const modules = new Map(moduleList.map((module) => [module.slug, module]));
const frenchModules = loadFrenchModules(path.join(FRENCH_ADVANCED, 'modules'));

const headingIds = (html: string) =>
  new Set([...html.matchAll(/<h[1-4] id="([^"]+)"/g)].map((match) => match[1]));

/** Why a learnMore does not resolve in one language, or null when it does. */
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

describe('Advanced content, part a: Division V and the flight review', () => {
  it('stages both modules for the advanced exam only, with the same headings in French', () => {
    for (const slug of MODULE_SLUGS) {
      const english = modules.get(slug);
      const inFrench = frenchModules.get(slug);
      expect(english?.exams, slug).toEqual(['advanced']);
      expect(inFrench?.exams, `${slug} in French`).toEqual(['advanced']);
      expect(english!.toc.some((entry) => entry.id === 'check-yourself')).toBe(true);
      expect(inFrench!.toc.map((entry) => entry.id)).toEqual(english!.toc.map((entry) => entry.id));
    }
  });

  it('holds at least 60 questions with unique ids, advanced only, each with a source', () => {
    expect(questions.length).toBeGreaterThanOrEqual(60);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    for (const question of questions) {
      expect(question.id, question.id).toMatch(/^adv-(divv|review)-\d{3}$/);
      expect(question.exams, question.id).toEqual(['advanced']);
      expect(question.regulationReference?.trim(), question.id).toBeTruthy();
    }
  });

  it('keys every French question like the English: same ids, key and number of options', () => {
    expect(frenchList.length).toBe(questions.length);
    expect(new Set(frenchList.map((q) => q.id)).size).toBe(frenchList.length);
    for (const question of questions) {
      const fr = french.get(question.id);
      expect(fr, `${question.id} in French`).toBeDefined();
      expect(fr!.options).toHaveLength(question.options.length);
      // The French carries no key of its own: it is read at the English index.
      expect(fr!.options[question.correctAnswer]?.trim(), question.id).toBeTruthy();
    }
  });

  it('says the same in French: figures, section numbers and terms, option by option', () => {
    expect(checkQuestions(questions, french)).toEqual([]);
    const mine = moduleList.filter((module) => MODULE_SLUGS.includes(module.slug));
    const mineInFrench = new Map(
      [...frenchModules].filter(([slug]) => MODULE_SLUGS.includes(slug)),
    );
    expect(checkModules(mine, mineInFrench)).toEqual([]);
  });

  it('explains every option in both languages', () => {
    for (const question of questions) {
      const fr = french.get(question.id)?.optionExplanations;
      expect(question.optionExplanations, question.id).toHaveLength(question.options.length);
      expect(fr, `${question.id} in French`).toHaveLength(question.options.length);
      for (const rationale of [...question.optionExplanations!, ...fr!])
        expect(rationale.trim().length, question.id).toBeGreaterThanOrEqual(20);
    }
  });

  it('points every question at a heading of its module in both languages', () => {
    const problems = questions.flatMap((question) => {
      if (!question.learnMore) return [`${question.id}: no learnMore`];
      if (!MODULE_SLUGS.includes(question.learnMore.moduleSlug))
        return [`${question.id}: learnMore outside this part's modules`];
      const problem = unresolved(question.learnMore);
      return problem ? [`${question.id}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('spreads the questions over the sections and the key over the positions', () => {
    const sections = new Set(
      questions.map((q) => `${q.learnMore?.moduleSlug}#${q.learnMore?.sectionId}`),
    );
    expect(sections.size).toBeGreaterThanOrEqual(15);
    for (const position of [0, 1, 2, 3]) {
      const share = questions.filter((q) => q.correctAnswer === position).length / questions.length;
      expect(share, `key at option ${position}`).toBeGreaterThanOrEqual(0.15);
    }
  });

  it('refuses a section that is not a heading (the check can fail)', () => {
    expect(unresolved({ moduleSlug: 'the-flight-review', sectionId: 'no-such-heading' })).toMatch(
      /no heading/,
    );
    expect(unresolved({ moduleSlug: 'no-such-module', sectionId: 'traps' })).toMatch(/no module/);
    expect(
      unresolved({ moduleSlug: 'the-flight-review', sectionId: 'the-nine-exercises' }),
    ).toBeNull();
  });
});
