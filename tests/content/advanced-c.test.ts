/**
 * The staged Advanced content of part c (issue 28): the module "Aviation weather for advanced
 * pilots" and its questions, in content/advanced/ and content/fr/advanced/. The seed does not read
 * these folders yet, so this file holds them to the Basic bank's rules on its own: schema-valid,
 * keyed the same in French, every option explained, every question linked to a heading in both
 * languages and sourced, and every METAR or TAF figure decoding to the values its question keys.
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
import { checkModules, checkQuestions } from '../../scripts/lib/translations.ts';
import { normaliseStem } from '../../shared/src/hash.ts';
import { QuestionFrenchSchema, QuestionInputSchema } from '../../shared/src/schemas/content.ts';
import type { LearnMoreRef } from '../../shared/src/schemas/exam.ts';
import { decodedMismatches, MIN_DECODED_CHECKS } from './metar-taf.ts';

const ADVANCED = path.join(ROOT, 'content/advanced');
const FRENCH_ADVANCED = path.join(ROOT, 'content/fr/advanced');
const MODULE_SLUG = 'aviation-weather-for-advanced-pilots';
/** Chart questions send learners to part b's ATC module, which teaches Classes C, D and E. */
const LINKED_SLUGS = [MODULE_SLUG, 'controlled-airspace-and-atc'];
const QUESTION_FILES = ['adv-weather.json', 'adv-charts.json'];
const ID_PATTERN = /^adv-(wx|chart)-\d{3}$/;

const modules = new Map(loadModules(path.join(ADVANCED, 'modules')).map((m) => [m.slug, m]));
const frenchModules = loadFrenchModules(path.join(FRENCH_ADVANCED, 'modules'));
const ours = (id: string) => ID_PATTERN.test(id);
const questions = loadQuestions(path.join(ADVANCED, 'questions')).filter((q) => ours(q.id));
const french = new Map(
  [...loadFrenchQuestions(path.join(FRENCH_ADVANCED, 'questions'))].filter(([id]) => ours(id)),
);
const reports = questions.filter((q) => q.figure?.format === 'metar' || q.figure?.format === 'taf');
const artefacts = questions.filter((q) => q.figure);

const headingIds = (html: string) =>
  new Set([...html.matchAll(/<h[1-4] id="([^"]+)"/g)].map((match) => match[1]));

/** Why a section reference does not resolve in one language, or null when it does. */
function unresolved(ref: LearnMoreRef): string | null {
  const english = modules.get(ref.moduleSlug);
  const inFrench = frenchModules.get(ref.moduleSlug);
  if (!LINKED_SLUGS.includes(ref.moduleSlug) || !english || !inFrench)
    return `no module ${ref.moduleSlug} in both languages`;
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

describe('Advanced content, part c: aviation weather for advanced pilots', () => {
  it('stages the module in English and French, for the Advanced exam only', () => {
    const english = modules.get(MODULE_SLUG);
    const inFrench = frenchModules.get(MODULE_SLUG);
    expect(english).toBeDefined();
    expect(inFrench).toBeDefined();
    expect(english!.exams).toEqual(['advanced']);
    expect(inFrench!.exams).toEqual(['advanced']);
    expect([...headingIds(inFrench!.contentHtml)].sort()).toEqual(
      [...headingIds(english!.contentHtml)].sort(),
    );
  });

  it('holds at least 70 questions, 40 of them on a METAR, TAF, NOTAM or chart excerpt', () => {
    expect(questions.length).toBeGreaterThanOrEqual(70);
    expect(artefacts.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(artefacts.map((q) => q.figure!.format ?? q.figure!.kind));
    expect(kinds).toEqual(new Set(['metar', 'taf', 'notam', 'svg']));
    const sections = new Set(
      questions
        .filter((q) => q.learnMore?.moduleSlug === MODULE_SLUG)
        .map((q) => q.learnMore!.sectionId),
    );
    expect(sections.size).toBeGreaterThanOrEqual(15);
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
        .filter((file) => QUESTION_FILES.includes(file))
        .sort(),
    ).toEqual([...QUESTION_FILES].sort());
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
      expect(Boolean(fr!.figure), `${question.id}: a French text alternative`).toBe(
        Boolean(question.figure),
      );
    }
  });

  it('says the same in French as in English: options, figures and section numbers', () => {
    // The check `npm run check:translations` applies to the Basic bank (scripts/lib/translations.ts).
    expect(checkQuestions(questions, french)).toEqual([]);
    const module = modules.get(MODULE_SLUG)!;
    expect(
      checkModules([module], new Map([[MODULE_SLUG, frenchModules.get(MODULE_SLUG)!]])),
    ).toEqual([]);
  });

  it('passes the rules the admin console applies to a question and its French', () => {
    // `exams` and `decoded` are content-file fields the import schema does not take (issue 28).
    for (const { id, exams: _exams, decoded: _decoded, ...question } of questions) {
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
        questions.length / 2,
      );
    const standouts = questions.filter((q) => {
      const key = q.options[q.correctAnswer]!.length;
      const others = q.options.filter((_, i) => i !== q.correctAnswer).map((o) => o.length);
      const [shortest, longest] = [Math.min(...others), Math.max(...others)];
      return longest <= shortest * 1.5 && (key > longest * 1.6 || key * 1.6 < shortest);
    });
    expect(standouts.map((q) => q.id)).toEqual([]);
  });

  it('points every learnMore at a heading of the module (or the ATC module) in both languages', () => {
    const problems = questions.flatMap((question) => {
      if (!question.learnMore) return [`${question.id}: no learnMore`];
      const problem = unresolved(question.learnMore);
      return problem ? [`${question.id}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('refuses a section the module lacks (the check can fail)', () => {
    expect(unresolved({ moduleSlug: MODULE_SLUG, sectionId: 'no-such-heading' })).toMatch(
      /no heading/,
    );
    expect(unresolved({ moduleSlug: 'no-such-module', sectionId: 'metar-wind' })).toMatch(
      /no module/,
    );
    expect(unresolved({ moduleSlug: MODULE_SLUG, sectionId: 'metar-wind' })).toBeNull();
  });

  it('draws every chart excerpt as "not for navigation", with a text alternative that keeps the key', () => {
    for (const question of questions.filter((q) => q.figure?.kind === 'svg')) {
      expect(question.figure!.content, question.id).toContain('NOT FOR NAVIGATION');
      expect(question.figure!.alt, question.id).toContain('NOT FOR NAVIGATION');
    }
    const giveaways = artefacts.filter((q) => {
      const key = normaliseStem(q.options[q.correctAnswer]!);
      return key.length >= 12 && normaliseStem(q.figure!.alt).includes(key);
    });
    expect(giveaways.map((q) => q.id)).toEqual([]);
  });

  it('gives each METAR or TAF question at least two decoded values, and only those questions', () => {
    for (const question of reports)
      expect(Object.keys(question.decoded ?? {}).length, question.id).toBeGreaterThanOrEqual(
        MIN_DECODED_CHECKS,
      );
    for (const question of questions.filter((q) => q.decoded))
      expect(reports, `${question.id}: decoded values without a METAR or TAF`).toContain(question);
  });

  it.each(reports.map((q) => [q.id, q] as const))(
    '%s: the report decodes to the values the question relies on',
    (_id, question) => {
      const { content, format } = question.figure!;
      expect(
        decodedMismatches(content, format === 'taf' ? 'taf' : 'metar', question.decoded!),
      ).toEqual([]);
    },
  );
});
