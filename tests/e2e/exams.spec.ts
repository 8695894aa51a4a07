import { AxeBuilder } from '@axe-core/playwright';
import { expect, premiumLearner, test } from './fixtures.ts';

/** Issue 28: both exams on one product; the practice page chooses which one a quiz practises. */
test.describe('exams', () => {
  test('a premium learner picks Advanced and starts a timed exam of its reported 50 questions in 60 minutes', async ({
    page,
    request,
    baseURL,
    signIn,
  }) => {
    const { learner } = await premiumLearner(request, baseURL!);
    await signIn(learner);
    await page.goto('/practice');
    await page.getByRole('radio', { name: /Advanced Operations/ }).check();
    await page.getByRole('radio', { name: 'Exam Mode' }).check();
    await expect(page.getByText('50, the exam’s count')).toBeVisible();
    await expect(page.getByLabel('Time limit')).toContainText('60 minutes (the exam’s time)');
    const note = page.getByTestId('exam-source-note');
    await expect(note).toContainText('reported by candidates');
    await expect(note).toContainText('not published');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page.getByText('Question 1 of 50')).toBeVisible();
    await expect(page.getByTestId('quiz-timer')).toHaveText(/^(1:00:00|59:[0-5]\d)$/);
  });
});
