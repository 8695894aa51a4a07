/**
 * The French content (issue 19): every active question and every module has its French, and the
 * translation-consistency check (scripts/lib/translations.ts, also `npm run check:translations`)
 * finds the same options, figures and section numbers in both languages. The check itself is
 * tested on texts made wrong on purpose, so it cannot pass by finding nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  loadFrenchModules,
  loadFrenchQuestions,
  loadModules,
  loadQuestions,
} from '../../scripts/lib/content.ts';
import {
  checkModules,
  checkQuestions,
  figuresOf,
  sectionsOf,
} from '../../scripts/lib/translations.ts';
import type { ContentQuestion } from '../../shared/src/schemas/content.ts';

const questions = loadQuestions();
const french = loadFrenchQuestions();
const modules = loadModules();
const frenchModules = loadFrenchModules();

describe('the French content', () => {
  it('has the French of every active question, under the same id', () => {
    const missing = questions.filter((q) => !french.has(q.id)).map((q) => q.id);
    expect(missing).toEqual([]);
    expect(french.size).toBe(questions.length);
  });

  it('has the French of every module, under the same file name and slug', () => {
    expect([...frenchModules.values()].map((m) => m.file).sort()).toEqual(
      modules.map((m) => m.file).sort(),
    );
  });

  it('says the same as the English: options, figures and section numbers', () => {
    expect(checkQuestions(questions, french)).toEqual([]);
    expect(checkModules(modules, frenchModules)).toEqual([]);
  });
});

const question: ContentQuestion = {
  id: 'operations-900',
  question: 'How far from a person not involved, at 122 m (400 ft), under CARs 901.26?',
  options: ['30 m (100 ft)', '5.6 km', '3,000 ft', '1 NM'],
  correctAnswer: 0,
  explanation: 'CARs 901.26 keeps 30 m; at 7:45 pm the rule is the same (CARs 901.38.1).',
  category: 'operations',
  difficulty: 'easy',
  tags: ['people'],
  regulationReference: 'CARs 901.26',
};
const good = {
  id: 'operations-900',
  question: 'À quelle distance d’une personne, à 122 m (400 pi), selon le RAC 901.26?',
  options: ['30 m (100 pi)', '5,6 km', '3 000 pi', '1 NM'],
  explanation: 'Le RAC 901.26 exige 30 m; à 7 h 45 du soir, la règle est la même (RAC 901.38.1).',
};
const check = (fr: Partial<typeof good>, english: ContentQuestion = question) =>
  checkQuestions([english], new Map([[good.id, { ...good, ...fr }]])).map((p) => p.what);

describe('the translation-consistency check', () => {
  it('reads each language in its own notation', () => {
    expect(figuresOf('3,000 ft and 9.3 km at 14:00', 'en')).toEqual([9.3, 1400, 3000]);
    expect(figuresOf('3 000 pi et 9,3 km à 14 h 00', 'fr')).toEqual([9.3, 1400, 3000]);
    expect(sectionsOf('CARs 901.47(2), 901.38.1 and 121.5 MHz')).toEqual(['901.38.1', '901.47']);
    expect(check({})).toEqual([]);
  });

  it('fails on options in another order', () => {
    const swapped = [good.options[1]!, good.options[0]!, good.options[2]!, good.options[3]!];
    // The units say it too (translation-anchors.test.ts).
    expect(check({ options: swapped })).toEqual(
      expect.arrayContaining([
        expect.stringContaining('option A (index 0): figures differ'),
        expect.stringContaining('option B (index 1): figures differ'),
        'option A (index 0): "ft / pi" in the English, not in the French',
      ]),
    );
  });

  it('fails on a changed figure, a changed section and a missing option', () => {
    expect(check({ question: good.question.replace('122 m', '12 m') })).toEqual([
      expect.stringContaining('question: figures differ'),
    ]);
    expect(check({ explanation: good.explanation.replace('901.38.1', '901.83.1') })).toEqual([
      expect.stringContaining('explanation: section numbers differ'),
    ]);
    expect(check({ options: good.options.slice(0, 3) })).toEqual([
      '4 options in English, 3 in French',
    ]);
  });

  it('fails on an active question without its French, and on French without a question', () => {
    expect(checkQuestions([question], new Map()).map((p) => p.what)).toEqual([
      'an active question without its French',
    ]);
    expect(checkQuestions([], new Map([[good.id, good]])).map((p) => p.what)).toEqual([
      'French without an English question',
    ]);
    expect(checkQuestions([{ ...question, isActive: false }], new Map())).toEqual([]);
  });

  it('fails on a module whose headings or figures differ', () => {
    const [first] = modules;
    const fr = frenchModules.get(first!.slug)!;
    const fewerHeadings = { ...fr, bodyMarkdown: fr.bodyMarkdown.replace(/^## /m, '') };
    const otherFigure = { ...fr, bodyMarkdown: `${fr.bodyMarkdown}\n\n987654 m` };
    expect(checkModules([first!], new Map([[first!.slug, fewerHeadings]]))).toEqual([
      { where: first!.file, what: expect.stringContaining('headings differ') },
    ]);
    expect(checkModules([first!], new Map([[first!.slug, otherFigure]]))).toEqual([
      { where: first!.file, what: expect.stringContaining('body: figures differ') },
    ]);
  });
});
