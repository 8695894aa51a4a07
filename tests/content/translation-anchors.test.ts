/**
 * The anchors of the translation check (scripts/lib/translations.ts): options without figures
 * are compared on what survives translation (official terms, codes, names, letters), so a French
 * reordering of them, which would make the shared key point at another answer, is caught.
 */
import { describe, expect, it } from 'vitest';
import { loadFrenchQuestions, loadQuestions } from '../../scripts/lib/content.ts';
import { checkQuestions, swapCoverage } from '../../scripts/lib/translations.ts';
import type { ContentQuestion } from '../../shared/src/schemas/content.ts';

const questions = loadQuestions();
const french = loadFrenchQuestions();

/** No digit in any option: the figures alone can tell none of them apart. */
const question: ContentQuestion = {
  id: 'airspace-900',
  question: 'Near the control zone, what lets a basic pilot fly there?',
  options: [
    'An SFOC from Transport Canada',
    'A NAV Drone authorization',
    'Nothing, since Class G is uncontrolled airspace',
    'A call to the tower at Winnipeg, while keeping VLOS',
  ],
  correctAnswer: 1,
  explanation: 'NAV CANADA authorizes basic flights in its controlled airspace through NAV Drone.',
  category: 'airspace',
  difficulty: 'easy',
  tags: ['controlled'],
};
const good = {
  id: 'airspace-900',
  question: 'Près de la zone de contrôle, qu’est-ce qui permet à un pilote de base d’y voler?',
  options: [
    'Un COAS de Transports Canada',
    'Une autorisation NAV Drone',
    'Rien, puisque la classe G est un espace aérien non contrôlé',
    'Un appel à la tour de Winnipeg, en gardant la VLOS',
  ],
  explanation:
    'NAV CANADA autorise les vols de base dans son espace aérien contrôlé au moyen de NAV Drone.',
};
const noDigit = (q: ContentQuestion) => !q.options.some((o) => /\d/.test(o));
const check = (options: string[]) =>
  checkQuestions([question], new Map([[good.id, { ...good, options }]]));
const swap = (options: readonly string[], i: number, j: number) => {
  const swapped = [...options];
  [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
  return swapped;
};

describe('the anchors of the translation check', () => {
  it('find the same anchors option by option in a good translation', () => {
    expect(noDigit(question)).toBe(true);
    expect(check(good.options)).toEqual([]);
  });

  it('catch a swap of two options without figures, naming the question, option and anchor', () => {
    expect(check(swap(good.options, 0, 1))).toEqual([
      {
        where: 'airspace-900',
        what: 'option A (index 0): "Transport Canada / Transports Canada" in the English, not in the French',
      },
      {
        where: 'airspace-900',
        what: 'option A (index 0): "SFOC / COAS" in the English, not in the French',
      },
      {
        where: 'airspace-900',
        what: 'option A (index 0): "NAV Drone" in the French, not in the English',
      },
      {
        where: 'airspace-900',
        what: 'option B (index 1): "NAV Drone" in the English, not in the French',
      },
      {
        where: 'airspace-900',
        what: 'option B (index 1): "Transport Canada / Transports Canada" in the French, not in the English',
      },
      {
        where: 'airspace-900',
        what: 'option B (index 1): "SFOC / COAS" in the French, not in the English',
      },
    ]);
    // A letter and a glossary term against a name and a kept code.
    const whats = check(swap(good.options, 2, 3)).map((p) => p.what);
    expect(whats).toContain('option C (index 2): "letter G" in the English, not in the French');
    expect(whats).toContain(
      'option C (index 2): "uncontrolled / non contrôlé" in the English, not in the French',
    );
    expect(whats).toContain('option D (index 3): "Winnipeg" in the English, not in the French');
    expect(whats).toContain('option D (index 3): "VLOS" in the English, not in the French');
  });

  it('catch an official term missing, or present without its English', () => {
    const options = [...good.options];
    options[0] = 'Un COAS du ministre';
    options[1] = 'Une autorisation NAV Drone de Transports Canada';
    expect(check(options).map((p) => p.what)).toEqual([
      'option A (index 0): "Transport Canada / Transports Canada" in the English, not in the French',
      'option B (index 1): "Transport Canada / Transports Canada" in the French, not in the English',
    ]);
  });

  it('let the French name the aircraft where the English leaves it unsaid', () => {
    const options = [...good.options];
    options[1] = 'Une autorisation NAV Drone pour l’ATP';
    expect(check(options)).toEqual([]);
  });

  it('count the swaps they catch that the figures alone did not', () => {
    const map = new Map([[good.id, good]]);
    expect(swapCoverage([question], map, { anchors: false })).toEqual({
      questions: 1,
      twoCompared: 0,
      keyGuarded: 0,
      everySwap: 0,
    });
    expect(swapCoverage([question], map, { anchors: true })).toEqual({
      questions: 1,
      twoCompared: 1,
      keyGuarded: 1,
      everySwap: 1,
    });
  });
});

describe('the anchors on the content', () => {
  it('find nothing wrong in the current French', () => {
    expect(checkQuestions(questions, french)).toEqual([]);
  });

  it('catch a swap of the keyed option in a real question without figures', () => {
    const real = questions.find((q) => q.id === 'air-law-regulations-020')!;
    expect(noDigit(real)).toBe(true);
    const fr = french.get(real.id)!;
    const swapped = swap(fr.options, real.correctAnswer, 0);
    const problems = checkQuestions([real], new Map([[real.id, { ...fr, options: swapped }]]));
    expect(problems).toContainEqual({
      where: 'air-law-regulations-020',
      what: 'option A (index 0): "NAV Drone" in the English, not in the French',
    });
  });

  it('guard questions without a digit in any option, which the figures could not', () => {
    const before = swapCoverage(questions, french, { anchors: false, only: noDigit });
    const after = swapCoverage(questions, french, { anchors: true, only: noDigit });
    expect(before.twoCompared).toBe(0);
    expect(after.twoCompared).toBeGreaterThan(before.questions / 3);
    expect(after.keyGuarded).toBeGreaterThan(before.questions / 3);
  });
});
