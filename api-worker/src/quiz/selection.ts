import { IMPORT_MAX_OPTIONS, type QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';

export type Random = () => number;

/** A uniform pick of `count` distinct items (a partial Fisher–Yates shuffle of a copy). */
export function sampleWithoutRepeats<T>(
  items: readonly T[],
  count: number,
  random: Random = Math.random,
): T[] {
  const pool = [...items];
  const picked = Math.min(count, pool.length);
  for (let i = 0; i < picked; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, picked);
}

/**
 * How many questions each category gets so the attempt mirrors the bank: each category's exact
 * share rounded down, then the questions left over go to the largest remainders (Hamilton's
 * method), so the quotas always add up to `total`.
 */
export function quotasByShare<K extends string>(
  available: Record<K, number>,
  total: number,
): Record<K, number> {
  const keys = Object.keys(available) as K[];
  const bank = keys.reduce((sum, key) => sum + available[key], 0);
  const wanted = Math.min(total, bank);
  const quotas = {} as Record<K, number>;
  const remainders: Array<{ key: K; remainder: number }> = [];
  let given = 0;
  for (const key of keys) {
    const exact = bank ? (available[key] * wanted) / bank : 0;
    quotas[key] = Math.floor(exact);
    given += quotas[key];
    remainders.push({ key, remainder: exact - quotas[key] });
  }
  remainders.sort((a, b) => b.remainder - a.remainder || available[b.key] - available[a.key]);
  for (const { key } of remainders) {
    if (given >= wanted) break;
    if (quotas[key] < available[key]) {
      quotas[key] += 1;
      given += 1;
    }
  }
  return quotas;
}

type PoolQuestion = { id: string; category: QuestionCategory };

/** Exam mode: each category drawn in proportion to its share of the active bank, then mixed. */
export function drawByCategoryShare(
  pool: readonly PoolQuestion[],
  total: number,
  random: Random = Math.random,
): PoolQuestion[] {
  const byCategory = new Map<QuestionCategory, PoolQuestion[]>();
  for (const question of pool) {
    const list = byCategory.get(question.category) ?? [];
    list.push(question);
    byCategory.set(question.category, list);
  }
  const quotas = quotasByShare(
    Object.fromEntries([...byCategory].map(([category, list]) => [category, list.length])),
    total,
  );
  const drawn = [...byCategory].flatMap(([category, list]) =>
    sampleWithoutRepeats(list, quotas[category] ?? 0, random),
  );
  return sampleWithoutRepeats(drawn, drawn.length, random);
}

/**
 * The order the options of one question are shown in, as a string of option indexes ("2031":
 * the original option 2 is shown first). Questions have 2 to 4 options; the SQL that snapshots
 * the question keeps the indexes that exist, in this order.
 */
export function optionOrder(random: Random = Math.random): string {
  const indexes = Array.from({ length: IMPORT_MAX_OPTIONS }, (_, i) => i);
  return sampleWithoutRepeats(indexes, indexes.length, random).join('');
}
