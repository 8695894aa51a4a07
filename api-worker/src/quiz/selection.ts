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
type Share = { category: QuestionCategory; share: number };

/**
 * How many questions each category of an exam's blueprint gets: its share of `total` (largest
 * remainders), and what a category cannot fill goes to the others by their shares, so the quotas
 * add up to `total` whenever the blueprint's categories hold that many.
 */
export function quotasByBlueprint(
  blueprint: readonly Share[],
  available: Partial<Record<QuestionCategory, number>>,
  total: number,
): Partial<Record<QuestionCategory, number>> {
  const room = (category: QuestionCategory) => available[category] ?? 0;
  const quotas: Partial<Record<QuestionCategory, number>> = {};
  let open = blueprint.filter((entry) => room(entry.category) > 0);
  let left = Math.min(
    total,
    open.reduce((sum, entry) => sum + room(entry.category), 0),
  );
  while (left > 0 && open.length > 0) {
    // Shares scaled far above any question count, so quotasByShare splits all that is left.
    const split = quotasByShare(
      Object.fromEntries(open.map((entry) => [entry.category, entry.share * 1000])),
      left,
    );
    for (const { category } of open) {
      const given = Math.min(split[category] ?? 0, room(category) - (quotas[category] ?? 0));
      quotas[category] = (quotas[category] ?? 0) + given;
      left -= given;
    }
    open = open.filter((entry) => (quotas[entry.category] ?? 0) < room(entry.category));
  }
  return quotas;
}

/**
 * Exam mode: each category drawn by the exam's blueprint, topped up from the other chosen
 * categories when the blueprint's cannot fill the count, then mixed.
 */
export function drawByBlueprint(
  pool: readonly PoolQuestion[],
  blueprint: readonly Share[],
  total: number,
  random: Random = Math.random,
): PoolQuestion[] {
  const byCategory = new Map<QuestionCategory, PoolQuestion[]>();
  for (const question of pool) {
    const list = byCategory.get(question.category) ?? [];
    list.push(question);
    byCategory.set(question.category, list);
  }
  const quotas = quotasByBlueprint(
    blueprint,
    Object.fromEntries([...byCategory].map(([category, list]) => [category, list.length])),
    total,
  );
  const drawn = [...byCategory].flatMap(([category, list]) =>
    sampleWithoutRepeats(list, quotas[category] ?? 0, random),
  );
  const taken = new Set(drawn.map((question) => question.id));
  const rest = pool.filter((question) => !taken.has(question.id));
  const topUp = sampleWithoutRepeats(rest, Math.max(0, total - drawn.length), random);
  return sampleWithoutRepeats([...drawn, ...topUp], drawn.length + topUp.length, random);
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
