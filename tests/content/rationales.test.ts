/**
 * Every option explained and every question linked to where it is taught (issue 29): every
 * question of the bank has one rationale per option in both languages, and its learnMore (and
 * alsoTaughtIn) sections are headings that exist in the module's rendered HTML in English and in
 * French.
 */
import { describe, expect, it } from 'vitest';
import {
  loadFrenchModules,
  loadFrenchQuestions,
  loadModules,
  loadQuestions,
} from '../../scripts/lib/content.ts';
import type { LearnMoreRef } from '../../shared/src/schemas/exam.ts';

const questions = loadQuestions();
const french = loadFrenchQuestions();
const modules = new Map(loadModules().map((m) => [m.slug, m]));
const frenchModules = loadFrenchModules();

/** The ids of a module's headings as its rendered HTML carries them. */
const headingIds = (html: string) =>
  new Set([...html.matchAll(/<h[1-4] id="([^"]+)"/g)].map((match) => match[1]));

/** Why a section reference does not resolve in one language, or null when it does. */
function unresolved(ref: LearnMoreRef): string | null {
  const english = modules.get(ref.moduleSlug);
  const inFrench = frenchModules.get(ref.moduleSlug);
  if (!english || !inFrench) return `no module ${ref.moduleSlug}`;
  if (!headingIds(english.contentHtml).has(ref.sectionId))
    return `no heading #${ref.sectionId} in ${ref.moduleSlug}`;
  if (!headingIds(inFrench.contentHtml).has(ref.sectionId))
    return `no heading #${ref.sectionId} in the French of ${ref.moduleSlug}`;
  return null;
}

describe('option rationales and where each question is taught', () => {
  it('gives every question one rationale per option, in English and in French', () => {
    for (const question of questions) {
      expect(question.optionExplanations, question.id).toHaveLength(question.options.length);
      const fr = french.get(question.id)?.optionExplanations;
      expect(fr, `${question.id}: the French rationales`).toHaveLength(question.options.length);
      for (const rationale of [...question.optionExplanations!, ...fr!])
        expect(rationale.trim().length, question.id).toBeGreaterThanOrEqual(20);
    }
  });

  it('links every question to the section that teaches it', () => {
    for (const question of questions) expect(question.learnMore, question.id).toBeDefined();
  });

  it('points every learnMore and alsoTaughtIn at a heading of a module in both languages', () => {
    const problems = questions.flatMap((question) =>
      [question.learnMore, ...(question.alsoTaughtIn ?? [])]
        .filter((ref): ref is LearnMoreRef => Boolean(ref))
        .map((ref) => unresolved(ref))
        .filter((problem): problem is string => problem !== null)
        .map((problem) => `${question.id}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('refuses a section that is not a heading of the module (the check can fail)', () => {
    expect(unresolved({ moduleSlug: 'human-factors', sectionId: 'no-such-heading' })).toMatch(
      /no heading/,
    );
    expect(unresolved({ moduleSlug: 'no-such-module', sectionId: 'x' })).toMatch(/no module/);
    const [first] = modules.values();
    const heading = first!.toc[1]!;
    expect(unresolved({ moduleSlug: first!.slug, sectionId: heading.id })).toBeNull();
  });
});
