import { describe, expect, it } from 'vitest';
import { quotasByShare } from '../quiz/selection.ts';
import {
  answerWeight,
  overallPrior,
  passingCount,
  posteriors,
  readiness,
  type AreaCounts,
} from './model.ts';
import {
  CATEGORY_MINIMUM_COUNTS,
  OFFICIAL_EXAM_QUESTIONS,
  QUESTION_CATEGORIES,
  type QuestionCategory,
} from '@drone-exam/shared/schemas/quiz-values';

/** mulberry32: a small seeded generator, so the simulation gives the same table every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LEARNERS = 500;
const mean = (values: number[]) => values.reduce((a, v) => a + v, 0) / (values.length || 1);
const ANSWERS = 150;
const EXAMS_EACH = 40;
const DAY_MS = 86_400_000;

describe('readiness is calibrated (a seeded simulation of 500 learners)', () => {
  it('predicts the pass rate within 0.1 in every bin of at least 25 learners', () => {
    const random = seeded(20261125);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const quotas = quotasByShare(CATEGORY_MINIMUM_COUNTS, OFFICIAL_EXAM_QUESTIONS);
    const bankTotal = QUESTION_CATEGORIES.reduce((sum, c) => sum + CATEGORY_MINIMUM_COUNTS[c], 0);
    const pickCategory = () => {
      let r = random() * bankTotal;
      for (const category of QUESTION_CATEGORIES) {
        r -= CATEGORY_MINIMUM_COUNTS[category];
        if (r < 0) return category;
      }
      return QUESTION_CATEGORIES[0]!;
    };
    const pass = passingCount();
    const now = Date.UTC(2026, 10, 25);

    const results: Array<{ predicted: number; outcomes: number[] }> = [];
    for (let l = 0; l < LEARNERS; l++) {
      // Known abilities: an overall level, and each area a little above or below it.
      const level = 0.45 + 0.47 * random();
      const ability = Object.fromEntries(
        QUESTION_CATEGORIES.map((c) => [
          c,
          Math.min(0.98, Math.max(0.05, level + 0.08 * normal())),
        ]),
      ) as Record<QuestionCategory, number>;
      // 150 answers over the last 30 days, in the bank's proportions, kept as the API keeps them.
      const counts = new Map<QuestionCategory, AreaCounts>();
      for (let i = 0; i < ANSWERS; i++) {
        const category = pickCategory();
        const right = random() < ability[category];
        const weight = answerWeight(now - 30 * DAY_MS * random());
        const area = counts.get(category) ?? { category, weightedAnswers: 0, weightedCorrect: 0 };
        area.weightedAnswers += weight;
        if (right) area.weightedCorrect += weight;
        counts.set(category, area);
      }
      const areas = [...counts.values()];
      const { passProbability } = readiness(
        quotas,
        posteriors(areas, now),
        overallPrior(areas, now),
      );
      // Then they sit simulated exams: each question right with their true ability.
      const outcomes = Array.from({ length: EXAMS_EACH }, () => {
        let right = 0;
        for (const category of QUESTION_CATEGORIES)
          for (let q = 0; q < quotas[category]; q++) if (random() < ability[category]) right += 1;
        return right >= pass ? 1 : 0;
      });
      results.push({ predicted: passProbability, outcomes });
    }

    const brier =
      results.reduce(
        (sum, r) => sum + r.outcomes.reduce((s, o) => s + (r.predicted - o) ** 2, 0) / EXAMS_EACH,
        0,
      ) / LEARNERS;
    const bins = Array.from({ length: 10 }, (_, b) => {
      const inBin = results.filter((r) => Math.min(9, Math.floor(r.predicted * 10)) === b);
      return {
        bin: `${(b / 10).toFixed(1)}–${((b + 1) / 10).toFixed(1)}`,
        learners: inBin.length,
        predicted: mean(inBin.map((r) => r.predicted)),
        observed: mean(inBin.map((r) => mean(r.outcomes))),
      };
    });
    console.info(`Brier score: ${brier.toFixed(4)} (${LEARNERS} learners × ${EXAMS_EACH} exams)`);
    console.info('| predicted | learners | mean predicted | observed pass rate |');
    for (const bin of bins)
      console.info(
        `| ${bin.bin} | ${bin.learners} | ${bin.learners ? bin.predicted.toFixed(3) : '—'} | ${bin.learners ? bin.observed.toFixed(3) : '—'} |`,
      );
    for (const bin of bins.filter((b) => b.learners >= 25))
      expect(Math.abs(bin.predicted - bin.observed), `bin ${bin.bin}`).toBeLessThanOrEqual(0.1);
    expect(bins.filter((b) => b.learners >= 25).length).toBeGreaterThanOrEqual(5);
    expect(brier).toBeLessThan(0.2);
  });
});
