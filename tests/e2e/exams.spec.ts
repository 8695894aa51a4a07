import { DEMO_ACCOUNTS, expect, expectNoAxeViolations, premiumLearner, test } from './fixtures.ts';

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
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page.getByText('Question 1 of 50')).toBeVisible();
    await expect(page.getByTestId('quiz-timer')).toHaveText(/^(1:00:00|59:[0-5]\d)$/);
  });

  test('an admin switches the Overview to Advanced and sees the Advanced question count the bank holds', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    // The bank's count for each exam, as the API's question list filtered by exam gives it. Other
    // tests add questions to the same bank while this one runs, so a count the page shows is
    // compared with one read right after it, and both are read again when a change came between.
    const held = async (exam: 'basic' | 'advanced') => {
      const response = await page.request.get(`/api/admin/questions?exam=${exam}&limit=1`);
      expect(response.ok()).toBeTruthy();
      const body = (await response.json()) as { data: { pagination: { totalItems: number } } };
      return body.data.pagination.totalItems;
    };
    // Opened at its URL, so the caption is the filtered list's, never the previous filter's.
    const caption = page.locator('caption');
    const captionCount = async () => Number(/\d+/.exec((await caption.textContent())!)![0]);
    const listed = async (exam: 'basic' | 'advanced') => {
      let shown = 0;
      await expect(async () => {
        await page.goto(`/admin/content/questions?exam=${exam}`);
        await expect(page.getByLabel('Exam', { exact: true })).toHaveValue(exam);
        await expect(caption).toHaveText(/^Questions, \d+ in all/);
        shown = await captionCount();
        expect(shown).toBe(await held(exam));
      }).toPass();
      return shown;
    };
    const basic = await listed('basic');
    const advanced = await listed('advanced');
    // The Basic bank belongs to both exams; the advanced-only questions make the difference.
    expect(advanced).toBeGreaterThan(basic);
    // The select filters too: back to Basic shows the bank's Basic count (chosen again, through
    // Advanced, when a change came between).
    let selections = 0;
    await expect(async () => {
      if (selections++ > 0) await page.getByLabel('Exam', { exact: true }).selectOption('advanced');
      await page.getByLabel('Exam', { exact: true }).selectOption('basic');
      await expect(page).toHaveURL(/\/admin\/content\/questions\?exam=basic$/);
      const count = await held('basic');
      await expect(caption).toHaveText(`Questions, ${count} in all, latest update first`, {
        timeout: 3000,
      });
    }).toPass();

    await page.goto('/admin');
    const questions = page
      .getByText('Questions', { exact: true })
      .locator('..')
      .locator('p')
      .nth(1);
    /** The overview shows the bank's count for the exam (the page read again after a change). */
    const overviewHolds = async (exam: 'basic' | 'advanced') => {
      let tries = 0;
      await expect(async () => {
        if (tries++ > 0) await page.reload();
        await expect(page.getByLabel('Exam', { exact: true })).toHaveValue(exam);
        const count = (await held(exam)).toLocaleString('en-CA');
        await expect(questions).toHaveText(count, { timeout: 3000 });
      }).toPass();
    };
    await expect(page.getByLabel('Exam', { exact: true })).toHaveValue('');
    await page.getByLabel('Exam', { exact: true }).selectOption('advanced');
    await expect(page).toHaveURL(/\/admin\?exam=advanced$/);
    await overviewHolds('advanced');
    await expect(page.getByText('Advanced questions', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Users, module reads, reports and system health are for all exams'),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Exam', { exact: true }).selectOption('basic');
    await overviewHolds('basic');
    // The filter is in the URL: a reload keeps it.
    await page.reload();
    await overviewHolds('basic');
    await page.getByLabel('Exam', { exact: true }).selectOption('');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('for all exams: they do not belong to one')).toBeHidden();
  });
});
