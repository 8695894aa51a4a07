import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callOk, signedInUser, testDb } from '../test/helpers.ts';
import { expectWithinBudget, measure } from '../test/budget.ts';
import { users } from './db/schema.ts';

/**
 * DEVELOPERS.md budget: every hot API call costs at most 2 D1 round trips (a batch is one) and
 * no table scans. Each feature adds its hot calls here.
 */
describe('the budget harness', () => {
  it('counts each statement and each batch as one round trip, and sees a table scan', async () => {
    const db = testDb();
    const cost = await measure(async () => {
      await db.select().from(users).where(eq(users.firstName, 'Ada'));
      await db.batch([
        db.select().from(users).where(eq(users.id, 'a')),
        db.select().from(users).where(eq(users.id, 'b')),
      ]);
    });
    expect(cost.roundTrips).toBe(2);
    expect(cost.scans).toHaveLength(1);
    expect(cost.scans[0]).toMatch(/^SCAN users/);
  });
});

describe('hot API calls stay within the D1 budget', () => {
  it('GET /api/auth/me', async () => {
    const user = await signedInUser();
    await expectWithinBudget(() => callOk('/api/auth/me', { token: user.token }));
  });

  it('GET /api/auth/premium-status', async () => {
    const user = await signedInUser({ premiumUntil: Date.now() + 86_400_000 });
    await expectWithinBudget(() => callOk('/api/auth/premium-status', { token: user.token }));
  });

  it('GET /api/statistics', async () => {
    await expectWithinBudget(() => callOk('/api/statistics'));
  });

  it('GET /api/health', async () => {
    await expectWithinBudget(() => callOk('/api/health'));
  });
});
