import { describe, expect, it } from 'vitest';
import { drawByBlueprint, optionOrder, quotasByShare, sampleWithoutRepeats } from './selection.ts';

describe('question selection', () => {
  it('samples without repeats, never more than there are', () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    for (let run = 0; run < 20; run++) {
      const picked = sampleWithoutRepeats(items, 25);
      expect(picked).toHaveLength(25);
      expect(new Set(picked).size).toBe(25);
      expect(picked.every((item) => items.includes(item))).toBe(true);
    }
    expect(sampleWithoutRepeats([1, 2, 3], 10).sort()).toEqual([1, 2, 3]);
    expect(items).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('gives each category its share of the bank, with the remainders to the largest fractions', () => {
    // The real bank's minimum counts (premium-quiz-admin-spec §3), 445 questions, for a 35-question exam.
    const bank = {
      'air-law-regulations': 120,
      airspace: 85,
      'weather-notams': 65,
      'rpas-theory': 55,
      operations: 45,
      'human-factors': 35,
      'first-flights': 40,
    };
    const quotas = quotasByShare(bank, 35);
    // Exact shares: 9.44, 6.69, 5.11, 4.33, 3.54, 2.75, 3.15.
    expect(quotas).toEqual({
      'air-law-regulations': 9,
      airspace: 7,
      'weather-notams': 5,
      'rpas-theory': 4,
      operations: 4,
      'human-factors': 3,
      'first-flights': 3,
    });
    expect(quotasByShare({ a: 3, b: 0 }, 5)).toEqual({ a: 3, b: 0 });
    expect(Object.values(quotasByShare({ a: 1, b: 1, c: 1 }, 2)).reduce((x, y) => x + y)).toBe(2);
  });

  it("draws an exam by its blueprint's shares, mixed", () => {
    const pool = [
      ...Array.from({ length: 30 }, (_, i) => ({ id: `a${i}`, category: 'airspace' as const })),
      ...Array.from({ length: 10 }, (_, i) => ({ id: `o${i}`, category: 'operations' as const })),
    ];
    const blueprint = [
      { category: 'airspace' as const, share: 25 },
      { category: 'operations' as const, share: 75 },
    ];
    const drawn = drawByBlueprint(pool, blueprint, 8);
    expect(drawn).toHaveLength(8);
    expect(new Set(drawn.map((q) => q.id)).size).toBe(8);
    expect(drawn.filter((q) => q.category === 'operations')).toHaveLength(6);
    // Operations holds only 10: what it cannot give goes to airspace.
    const long = drawByBlueprint(pool, blueprint, 20);
    expect(long.filter((q) => q.category === 'operations')).toHaveLength(10);
    expect(long).toHaveLength(20);
    // A category outside the blueprint only tops up what the blueprint's cannot fill.
    const only = drawByBlueprint(pool, [{ category: 'operations', share: 100 }], 12);
    expect(only.filter((q) => q.category === 'airspace')).toHaveLength(2);
  });

  it('orders the options as a permutation of the four option slots', () => {
    for (let run = 0; run < 20; run++) {
      expect(optionOrder().split('').sort().join('')).toBe('0123');
    }
    // With a source that always says "the last one", each slot swaps with the end.
    expect(optionOrder(() => 0.999)).toBe('3012');
  });
});
