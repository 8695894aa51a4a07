import { describe, expect, it } from 'vitest';
import type { ContentStatistics } from '@drone-exam/shared';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import { questions } from '../db/schema.ts';
import { bumpCounter } from '../lib/events.ts';

async function seedFigures() {
  const db = testDb();
  const now = Date.now();
  await db.batch([
    bumpCounter(db, 'modules.total', 5),
    bumpCounter(db, 'modules.published', 3),
    bumpCounter(db, 'modules.draft', 1),
    bumpCounter(db, 'modules.review', 1),
    bumpCounter(db, 'questions.total', 3),
    bumpCounter(db, 'questions.active', 2),
    bumpCounter(db, 'attempts.completed', 4),
    bumpCounter(db, 'attempts.score_sum', 300),
    db.insert(questions).values(
      (['airspace', 'airspace', 'operations'] as const).map((category, i) => ({
        id: `q${i}`,
        question: `Question ${i}?`,
        optionsJson: '["a","b"]',
        correctAnswer: 0,
        category,
        isActive: i < 2,
        stemHash: `q${i}`,
        createdAt: now,
        updatedAt: now,
      })),
    ),
  ]);
}

describe('GET /api/admin/content/statistics', () => {
  it('reports the counters and the active questions per category to an admin', async () => {
    await seedFigures();
    const admin = await signedInUser({ role: 'admin' });
    const data = await callOk<ContentStatistics>('/api/admin/content/statistics', {
      token: admin.token,
    });
    expect(data.studyModules).toEqual({ total: 5, published: 3, draft: 1, review: 1 });
    expect(data.questions).toMatchObject({ total: 3, active: 2 });
    expect(data.questions.byCategory).toContainEqual({ _id: 'airspace', count: 2 });
    expect(data.questions.byCategory).toContainEqual({ _id: 'operations', count: 0 });
    expect(data.quizAttempts).toEqual({ total: 4, averageScore: 75 });
  });

  it('refuses visitors and every role but admin', async () => {
    expect((await call('/api/admin/content/statistics')).status).toBe(401);
    for (const overrides of [{}, { premiumUntil: Date.now() + 86_400_000 }]) {
      const user = await signedInUser(overrides);
      const { status, json } = await call('/api/admin/content/statistics', { token: user.token });
      expect(status).toBe(403);
      expect(json).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  it('stays within the D1 budget', async () => {
    await seedFigures();
    const admin = await signedInUser({ role: 'admin' });
    await expectWithinBudget(() => callOk('/api/admin/content/statistics', { token: admin.token }));
  });
});
