/**
 * The readiness model (issue 16), pure functions the API and the calibration simulation share.
 *
 * For each knowledge area the learner's chance of answering a question right is estimated with a
 * Beta posterior from their answers in every mode, recent answers weighing more: an answer's
 * weight halves every MASTERY_HALF_LIFE_DAYS. Areas borrow strength from the learner's overall
 * level (the prior of an area is centred on it, worth PRIOR_STRENGTH answers), so an area with few
 * answers is uncertain and pulled towards how the learner does elsewhere.
 *
 * Readiness is the probability of scoring at least the official 65 % on a 35-question exam drawn
 * across the areas in the bank's proportions: each area's right answers follow a beta-binomial
 * (its posterior carried through), and the areas are convolved exactly. The range beside it is the
 * same probability with every area at the 10th, then the 90th percentile of its posterior.
 */
import { meetsPassMark } from '@drone-exam/shared/text';
import { MASTERY_HALF_LIFE_DAYS, MASTERY_WEIGHT_EPOCH } from './constants.ts';
import {
  OFFICIAL_EXAM_QUESTIONS,
  OFFICIAL_PASS_MARK,
  type QuestionCategory,
} from '@drone-exam/shared/schemas/quiz-values';

const HALF_LIFE_MS = MASTERY_HALF_LIFE_DAYS * 86_400_000;
/** How many answers the learner's overall level counts for in an area's prior. */
export const PRIOR_STRENGTH = 4;
/** The posterior percentiles the range is drawn from. */
const RANGE_QUANTILES = [0.1, 0.9] as const;

/** An answer's weight, growing with time so it can be added without reading the sums. */
export const answerWeight = (at: number) => 2 ** ((at - MASTERY_WEIGHT_EPOCH) / HALF_LIFE_MS);

export type AreaCounts = {
  category: QuestionCategory;
  weightedAnswers: number;
  weightedCorrect: number;
};

export type Posterior = { alpha: number; beta: number };

/** Each area's Beta posterior at `now`, centred on the learner's overall level before its answers. */
export function posteriors(
  areas: readonly AreaCounts[],
  now: number,
): Map<QuestionCategory, Posterior> {
  const today = answerWeight(now);
  const decayed = areas.map((area) => ({
    category: area.category,
    n: area.weightedAnswers / today,
    s: area.weightedCorrect / today,
  }));
  const total = decayed.reduce((sum, area) => sum + area.n, 0);
  const right = decayed.reduce((sum, area) => sum + area.s, 0);
  const overall = (1 + right) / (2 + total);
  return new Map(
    decayed.map((area) => [
      area.category,
      {
        alpha: PRIOR_STRENGTH * overall + area.s,
        beta: PRIOR_STRENGTH * (1 - overall) + (area.n - area.s),
      },
    ]),
  );
}

export const posteriorMean = (p: Posterior) => p.alpha / (p.alpha + p.beta);

// ---- distributions ---------------------------------------------------------------------------

function logGamma(x: number): number {
  // Lanczos approximation (g = 7), accurate to about 1e-15 for x > 0.
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** P(X = k) for X ~ BetaBinomial(n, α, β), k = 0..n. */
export function betaBinomialPmf(n: number, { alpha, beta }: Posterior): number[] {
  const logChoose = (k: number) => logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
  return Array.from({ length: n + 1 }, (_, k) =>
    Math.exp(logChoose(k) + logBeta(k + alpha, n - k + beta) - logBeta(alpha, beta)),
  );
}

/** P(X = k) for X ~ Binomial(n, p), k = 0..n. */
export function binomialPmf(n: number, p: number): number[] {
  let pmf = [1];
  for (let i = 0; i < n; i++) {
    const next = Array.from({ length: pmf.length + 1 }, () => 0);
    pmf.forEach((mass, k) => {
      next[k]! += mass * (1 - p);
      next[k + 1]! += mass * p;
    });
    pmf = next;
  }
  return pmf;
}

/** The distribution of a sum of independent counts, by convolution. */
export function convolve(pmfs: readonly number[][]): number[] {
  return pmfs.reduce<number[]>(
    (sum, pmf) => {
      const next = Array.from({ length: sum.length + pmf.length - 1 }, () => 0);
      sum.forEach((a, i) => pmf.forEach((b, j) => (next[i + j]! += a * b)));
      return next;
    },
    [1],
  );
}

const TINY = 1e-300;
const notTiny = (value: number) => (Math.abs(value) < TINY ? TINY : value);

/** The continued fraction of the incomplete beta (Numerical Recipes' betacf, modified Lentz). */
function betaFraction(x: number, a: number, b: number): number {
  let c = 1;
  let d = 1 / notTiny(1 - ((a + b) * x) / (a + 1));
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    const even = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 / notTiny(1 + even * d);
    c = notTiny(1 + even / c);
    h *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 / notTiny(1 + odd * d);
    c = notTiny(1 + odd / c);
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-12) break;
  }
  return h;
}

/** The regularised incomplete beta I_x(a, b). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - logBeta(a, b));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaFraction(x, a, b)) / a
    : 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** The q-quantile of a Beta posterior, by bisection on its CDF. */
export function betaQuantile(q: number, { alpha, beta }: Posterior): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (incompleteBeta(mid, alpha, beta) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// ---- readiness -------------------------------------------------------------------------------

/** The fewest right answers out of `total` that pass the exam's mark, as results are rounded. */
export function passingCount(
  total = OFFICIAL_EXAM_QUESTIONS,
  passMark = OFFICIAL_PASS_MARK,
): number {
  for (let k = 0; k <= total; k++) if (meetsPassMark((k / total) * 100, passMark)) return k;
  return total;
}

const passProbabilityOf = (pmf: readonly number[], pass: number) =>
  Math.min(
    1,
    pmf.slice(pass).reduce((sum, mass) => sum + mass, 0),
  );

const quotaEntries = (quotas: Partial<Record<QuestionCategory, number>>) =>
  Object.entries(quotas).filter(([, k]) => (k ?? 0) > 0) as Array<[QuestionCategory, number]>;

/**
 * The probability of passing alone, without the range: what a class roster shows for each of up
 * to 200 learners, where the range's percentile searches would cost too much.
 */
export function passProbability(
  quotas: Partial<Record<QuestionCategory, number>>,
  estimates: Map<QuestionCategory, Posterior>,
  prior: Posterior,
  passMark = OFFICIAL_PASS_MARK,
): number {
  const entries = quotaEntries(quotas);
  const pass = passingCount(
    entries.reduce((sum, [, k]) => sum + k, 0),
    passMark,
  );
  const of = (category: QuestionCategory) => estimates.get(category) ?? prior;
  return passProbabilityOf(
    convolve(entries.map(([category, k]) => betaBinomialPmf(k, of(category)))),
    pass,
  );
}

export type Readiness = {
  passProbability: number;
  range: [number, number];
  /** Percent of the exam expected right. */
  expectedScore: number;
};

/**
 * Readiness for an exam of `quotas` questions per area (they sum to the exam's length), from
 * each area's posterior; an area the learner has not answered uses the prior (their overall level).
 */
export function readiness(
  quotas: Partial<Record<QuestionCategory, number>>,
  estimates: Map<QuestionCategory, Posterior>,
  prior: Posterior,
  passMark = OFFICIAL_PASS_MARK,
): Readiness {
  const entries = quotaEntries(quotas);
  const total = entries.reduce((sum, [, k]) => sum + k, 0);
  const pass = passingCount(total, passMark);
  const of = (category: QuestionCategory) => estimates.get(category) ?? prior;
  const at = (q: number) =>
    passProbabilityOf(
      convolve(entries.map(([category, k]) => binomialPmf(k, betaQuantile(q, of(category))))),
      pass,
    );
  const expected = entries.reduce((sum, [category, k]) => sum + k * posteriorMean(of(category)), 0);
  return {
    passProbability: passProbability(quotas, estimates, prior, passMark),
    range: [at(RANGE_QUANTILES[0]), at(RANGE_QUANTILES[1])],
    expectedScore: total ? (expected / total) * 100 : 0,
  };
}

/** The prior of an area nobody has answered yet: the learner's overall level. */
export function overallPrior(areas: readonly AreaCounts[], now: number): Posterior {
  const today = answerWeight(now);
  const n = areas.reduce((sum, area) => sum + area.weightedAnswers / today, 0);
  const s = areas.reduce((sum, area) => sum + area.weightedCorrect / today, 0);
  const overall = (1 + s) / (2 + n);
  return { alpha: PRIOR_STRENGTH * overall, beta: PRIOR_STRENGTH * (1 - overall) };
}
