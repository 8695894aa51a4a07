import { describe, it } from 'vitest';
import { callOk } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import { answerAll, finish, seedBank } from '../quiz/testing.ts';
import { admin, closeReports, learnerShownAll, report } from './testing.ts';
import { ITEM_ANALYSIS_SORTS, ITEM_FLAGS } from '@drone-exam/shared/schemas/quality-values';

/**
 * The Reports and Item analysis views read within the D1 budget (at most 2 round trips, no
 * table scans) in every order, filter and category, so they cost the same at any scale.
 */
async function withData() {
  await seedBank({ airspace: 5, operations: 5 });
  const learner = await learnerShownAll(5);
  await answerAll(learner.token, learner.attemptId, (i) => i % 2 === 0);
  await finish(learner.token, learner.attemptId);
  const { token } = await admin();
  const sent = await report(learner.token, 'airspace-001', { reason: 'wrong-answer' });
  await report(learner.token, 'airspace-002', { reason: 'typo' });
  if (sent.json.success)
    await closeReports(token, sent.json.data.report.id, { status: 'resolved', note: 'Fixed.' });
  return token;
}

describe('question quality admin reads stay within the D1 budget', () => {
  const paths = [
    '/api/admin/question-reports',
    '/api/admin/question-reports?status=resolved',
    '/api/admin/question-reports?status=rejected&page=2',
    '/api/admin/questions/airspace-001/analysis',
    '/api/admin/stats',
    ...ITEM_ANALYSIS_SORTS.flatMap((sort) => [
      `/api/admin/item-analysis?sort=${sort}`,
      `/api/admin/item-analysis?sort=${sort}&category=airspace`,
      `/api/admin/item-analysis?sort=${sort}&exam=advanced`,
    ]),
    ...ITEM_FLAGS.flatMap((filter) => [
      `/api/admin/item-analysis?filter=${filter}`,
      `/api/admin/item-analysis?filter=${filter}&category=operations&sort=-attempts&page=2`,
    ]),
  ];
  for (const path of paths) {
    it(`GET ${path}`, async () => {
      const token = await withData();
      await expectWithinBudget(() => callOk(path, { token }));
    });
  }
});
