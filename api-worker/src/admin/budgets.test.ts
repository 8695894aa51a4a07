import { describe, it } from 'vitest';
import { call, callOk, createUser, signedInUser } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import { recomputeCounters, seedAttempt, seedModule, seedProgress } from './test-fixtures.ts';

/**
 * The admin console's reads stay within the D1 budget (at most 2 round trips, no table scans),
 * whatever the filters, so the console costs the same at any scale.
 */
async function admin() {
  const learner = await createUser({ firstName: 'Ada', lastName: 'Lovelace' });
  await seedAttempt(learner.id, { status: 'completed', score: 80 });
  await seedAttempt(learner.id, { mode: 'timed', status: 'in-progress' });
  await seedProgress(learner.id, await seedModule('air-law', 1), true);
  await recomputeCounters();
  const instructor = await signedInUser();
  await callOk('/api/classes', {
    token: instructor.token,
    body: { name: 'Spring ground school', exam: 'basic' },
  });
  return signedInUser({ role: 'admin' });
}

describe('hot admin reads stay within the D1 budget', () => {
  const paths = [
    '/api/admin/stats',
    '/api/admin/stats?exam=basic',
    '/api/admin/stats?exam=advanced',
    '/api/admin/recent-activity',
    '/api/admin/users',
    '/api/admin/users?page=2',
    '/api/admin/users?role=admin',
    '/api/admin/users?role=premium',
    '/api/admin/users?role=user',
    '/api/admin/users?search=ada',
    '/api/admin/users?search=ada%20lov&role=user',
    '/api/admin/quiz-attempts',
    '/api/admin/quiz-attempts?status=completed',
    '/api/admin/quiz-attempts?mode=timed',
    '/api/admin/quiz-attempts?status=in-progress&mode=timed',
    '/api/admin/quiz-attempts?status=completed&mode=study&page=2',
    '/api/admin/quiz-analytics',
    '/api/admin/analytics?days=90',
    '/api/admin/analytics/modules',
    '/api/admin/analytics/questions',
    '/api/admin/email/stats',
    '/api/admin/email/log',
    '/api/admin/email/log?status=failed',
    '/api/admin/email/campaigns',
    '/api/admin/classes',
    '/api/admin/classes?page=2&limit=5',
    '/api/admin/classes?search=spring',
    '/api/admin/classes?search=spring%20gro&page=2',
  ];

  for (const path of paths) {
    it(`GET ${path}`, async () => {
      const { token } = await admin();
      await expectWithinBudget(() => callOk(path, { token }));
    });
  }

  it('suspends a class within the budget', async () => {
    const { token } = await admin();
    const { classes } = await callOk<{ classes: Array<{ id: string }> }>('/api/admin/classes', {
      token,
    });
    for (const action of ['suspend', 'unsuspend']) {
      const path = `/api/admin/classes/${classes[0]!.id}/${action}`;
      await expectWithinBudget(() => call(path, { method: 'POST', token }));
    }
  });
});
