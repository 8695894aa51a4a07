import type { APIRequestContext, Page } from '@playwright/test';
import {
  type ApiHeaders,
  createLearner,
  expect,
  expectNoAxeViolations,
  type Learner,
  premiumLearner,
  test,
  mainOf,
} from './fixtures.ts';
import {
  QUESTION_CATEGORY_LABELS,
  type QuestionCategory,
} from '../../shared/src/schemas/quiz-values.ts';

/** Answers a whole quiz through the API (the first choice every time) and finishes it. */
async function answerQuiz(request: APIRequestContext, headers: ApiHeaders, body: object) {
  const created = await request.post('/api/quiz/attempt', { data: body, headers });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { attempt: { id: string } } }).data.attempt.id;
  const detail = await request.get(`/api/quiz/attempt/${id}`, { headers });
  const questions = (
    (await detail.json()) as { data: { attempt: { questions: Array<{ questionId: string }> } } }
  ).data.attempt.questions;
  for (const question of questions) {
    const answered = await request.post(`/api/quiz/attempt/${id}/answer`, {
      data: { questionId: question.questionId, selectedIndex: 0 },
      headers,
    });
    expect(answered.ok()).toBeTruthy();
  }
  await request.post(`/api/quiz/attempt/${id}/finish`, { data: {}, headers });
  return id;
}

const masteryOf = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Mastery by topic' })
    .getByRole('listitem')
    .filter({ hasText: label });

test.describe('readiness', () => {
  test('a new learner is told how many more answers readiness needs, and the dashboard passes axe', async ({
    page,
    signIn,
    baseURL,
  }) => {
    const learner: Learner = await createLearner(baseURL!);
    await signIn(learner);
    await page.goto('/dashboard');
    await expect(mainOf(page).getByTestId('readiness-card')).toContainText(
      'Answer 30 more questions across at least 5 topics to see your readiness.',
    );
    await expect(masteryOf(page, 'Airspace')).toContainText('Not answered yet');
    await expectNoAxeViolations(page);
  });

  test('from the weakest topic’s button to a quiz of that topic, and back to a changed mastery chart', async ({
    page,
    signIn,
    request,
    baseURL,
  }) => {
    const { learner, headers } = await premiumLearner(request, baseURL!);
    await answerQuiz(request, headers, { mode: 'study', questionCount: 40 });
    await signIn(learner);
    await page.goto('/dashboard');
    await expect(mainOf(page).getByTestId('readiness-card')).toContainText(
      'chance of passing today',
    );
    const weakest = (
      await mainOf(page).getByText('Your weakest topic is').locator('strong').innerText()
    ).trim();
    const before = await masteryOf(page, weakest).innerText();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Practise it now' }).click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    await expect(page.getByText(weakest, { exact: false }).first()).toBeVisible();
    // Every question of the quiz is of that topic.
    const attemptId = new URL(page.url()).pathname.split('/').pop()!;
    const detail = await request.get(`/api/quiz/attempt/${attemptId}`, { headers });
    const { questions } = (
      (await detail.json()) as {
        data: { attempt: { questions: Array<{ category: QuestionCategory }> } };
      }
    ).data.attempt;
    expect(questions.length).toBeGreaterThan(0);
    expect(new Set(questions.map((q) => QUESTION_CATEGORY_LABELS[q.category]))).toEqual(
      new Set([weakest]),
    );
    for (;;) {
      await page.getByRole('list', { name: 'Answers' }).getByRole('button').first().click();
      const finish = page.getByRole('button', { name: 'Finish Quiz' });
      if (await finish.isVisible()) {
        await finish.click();
        break;
      }
      await page.getByRole('button', { name: /^Next/ }).click();
    }
    await expect(page).toHaveURL(/\/results$/);
    await expect(page.getByTestId('question-history').first()).toContainText(
      'Your history: answered',
    );

    await page.goto('/dashboard');
    await expect(masteryOf(page, weakest)).not.toHaveText(before);
  });

  test('practice pools show their counts; a retake takes the questions missed', async ({
    page,
    signIn,
    request,
    baseURL,
  }) => {
    const { learner, headers } = await premiumLearner(request, baseURL!);
    const attemptId = await answerQuiz(request, headers, {
      mode: 'study',
      questionCount: 10,
      categories: ['operations'],
    });
    await signIn(learner);
    await page.goto('/practice');
    await expect(page.getByTestId('pool-counts')).toContainText(
      /Unseen \d+ · Incorrect \d+ · Flagged 0/,
    );
    // The form checks itself before it is sent, with the API's own schema loaded on first use.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page.getByText('Choose at least one category')).toBeVisible();
    await expect(page).toHaveURL(/\/practice$/);

    await page.goto(`/quiz/${attemptId}/results`);
    const retake = page.getByRole('button', { name: /^Retake the \d+ you missed$/ });
    const missed = Number(/\d+/.exec(await retake.innerText())![0]);
    await retake.click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    await expect(page.getByText(`Question 1 of ${missed}`)).toBeVisible();
  });

  test('the exam’s Reference drawer searches the modules while the timer runs, and passes axe', async ({
    page,
    signIn,
    request,
    baseURL,
  }) => {
    const { learner } = await premiumLearner(request, baseURL!);
    await signIn(learner);
    await page.goto('/practice');
    await page.getByRole('radio', { name: 'Exam Mode' }).check();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    const timer = page.getByTestId('quiz-timer');
    const startedAt = await timer.innerText();

    await page.getByRole('button', { name: 'Reference', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Reference' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('searchbox', { name: 'Search the study modules' })).toBeFocused();
    await page.keyboard.type('icing');
    await expect(drawer.getByRole('link', { name: /Weather for Drone Pilots/ })).toBeVisible();
    await expect(drawer.getByText('122 m (400 ft) AGL', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    // Typing in the drawer never answered the question behind it.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Reference', exact: true })).toBeFocused();
    await expect(page.getByText('0 of 35 answered')).toBeVisible();
    await expect(timer).not.toHaveText(startedAt);
  });
});
