import type { APIRequestContext, Page } from '@playwright/test';
import { activeQuestions, DEMO_ACCOUNTS, expect, test, mainOf } from './fixtures.ts';

/**
 * The right option of every human-factors question, read through the API as an admin (the only
 * role the API gives answers to), so the test can answer wrong on purpose.
 */
async function answerKey(request: APIRequestContext, baseURL: string) {
  // Every question a Basic quiz can draw from the topic (never the Advanced-only ones).
  const active = await activeQuestions(request, baseURL, 'category=human-factors&exam=basic');
  return new Map(
    active.map((q) => [
      q.question,
      { right: q.options[q.correctAnswer]!, explained: Boolean(q.explanation?.trim()) },
    ]),
  );
}

async function choices(page: Page) {
  const buttons = page.getByRole('list', { name: 'Answers' }).getByRole('button');
  const texts = await buttons.allInnerTexts();
  return { buttons, texts };
}

test.describe('practice quizzes', () => {
  test('a premium learner takes a short quiz, reviews a wrong answer and sees it on the dashboard', async ({
    page,
    signIn,
    request,
    baseURL,
  }) => {
    const key = await answerKey(request, baseURL!);
    await signIn(DEMO_ACCOUNTS.premium);
    await page.goto('/practice');
    await expect(page.getByRole('heading', { name: 'Start a quiz' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Human factors' })).toHaveAccessibleDescription(
      `${key.size} questions`,
    );
    await page.getByLabel('Questions', { exact: true }).selectOption('5');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page.getByText('Choose at least one category')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Human factors' }).check();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    const attemptId = new URL(page.url()).pathname.split('/')[2]!;

    // One wrong answer, on the first question with an explanation (the smoke suite imports one
    // without), and a flag on the first answered right.
    let wrongStem = '';
    let flagged = false;
    for (let n = 1; n <= 5; n++) {
      await expect(page.getByText(`Question ${n} of 5`)).toBeVisible();
      const stem = await page.getByRole('heading', { level: 1 }).innerText();
      const keyed = key.get(stem);
      expect(keyed, `answer key for "${stem}"`).toBeDefined();
      const { buttons, texts } = await choices(page);
      const rightIndex = texts.findIndex((text) => text.includes(keyed!.right));
      if (!wrongStem && keyed!.explained) {
        // A wrong answer, by mouse: the choices lock and the right one and the explanation show.
        wrongStem = stem;
        await buttons.nth(rightIndex === 0 ? 1 : 0).click();
        await expect(page.getByText(/^Incorrect\. The correct answer is [A-D]\.$/)).toBeVisible();
        await expect(buttons.nth(rightIndex)).toContainText('Correct answer');
        await expect(buttons.first()).toBeDisabled();
      } else {
        // The rest by keyboard: the answer's letter, then the arrow to move on.
        await page.keyboard.press('ABCD'[rightIndex]!);
        await expect(page.getByText('Correct!')).toBeVisible();
      }
      if (!flagged && stem !== wrongStem) {
        flagged = true;
        await page.getByRole('button', { name: 'Flag', exact: false }).click();
        await expect(page.getByRole('button', { name: /Unflag/ })).toBeVisible();
      }
      if (n < 5) await page.keyboard.press('ArrowRight');
    }
    expect(wrongStem, 'a question with an explanation among the five').not.toBe('');
    await expect(page.getByRole('button', { name: 'Previous', exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Finish Quiz' }).click();

    await expect(page).toHaveURL(new RegExp(`/quiz/${attemptId}/results$`));
    await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible();
    await expect(page.getByTestId('score')).toHaveText('80%');
    await expect(page.getByText('Passed', { exact: true })).toBeVisible();
    await expect(page.getByText('Practice pass mark')).toBeVisible();
    await expect(page.getByText('Official exam pass mark')).toBeVisible();
    await expect(page.getByText('4 of 5', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Incorrect (1)' }).click();
    const reviewed = page.getByRole('listitem').filter({ hasText: wrongStem });
    await expect(reviewed).toBeVisible();
    await expect(reviewed.getByText('Your answer', { exact: true })).toBeVisible();
    await expect(reviewed.getByText('Correct answer', { exact: true })).toBeVisible();
    await expect(reviewed.getByText('Why:')).toBeVisible();
    await page.getByRole('button', { name: 'Flagged (1)' }).click();
    await expect(reviewed).toHaveCount(0);
    await expect(page.getByText('Flagged', { exact: true })).toHaveCount(1);

    await page.goto(`/quiz-results/${attemptId}`);
    await expect(page).toHaveURL(new RegExp(`/quiz/${attemptId}/results$`));

    await page.goto('/dashboard');
    const activity = mainOf(page).getByTestId('recent-activity');
    const item = activity.getByRole('listitem').filter({
      has: page.locator(`a[href="/quiz/${attemptId}/results"]`),
    });
    await expect(item).toContainText('Study Mode quiz');
    await expect(item).toContainText('4 of 5 correct');
    await expect(item).toContainText('80%');
    await expect(
      mainOf(page).getByTestId('dashboard-stats').getByText('Quiz Attempts').locator('..'),
    ).toContainText('quizzes completed');
    await item.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/quiz/${attemptId}/results$`));
  });

  test('exam mode runs a timer, moves on by itself and can be resumed from /practice', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.premium);
    await page.goto('/practice');
    await page.getByRole('radio', { name: 'Exam Mode' }).check();
    await page.getByLabel('Time limit').selectOption('60');
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page.getByText('Question 1 of 35')).toBeVisible();
    const attemptId = new URL(page.url()).pathname.split('/')[2]!;
    const timer = page.getByTestId('quiz-timer');
    await expect(timer).toHaveText(/^(1:00:00|59:[0-5]\d)$/);
    await expect(page.getByRole('button', { name: 'Previous', exact: false })).toHaveCount(0);

    // The keys are heard once the page has hydrated: until the answer's feedback shows, '1' is
    // pressed again, only while question 1 is still unanswered (a press while it is sent is
    // ignored). The feedback stays 1.5 s before the page moves on, longer than a retry's pause.
    const feedback = page.getByText(/^(Correct!|Incorrect\.)/);
    await expect(async () => {
      if ((await feedback.count()) === 0 && (await page.getByText('Question 1 of 35').isVisible()))
        await page.keyboard.press('1');
      await expect(feedback).toBeVisible({ timeout: 2_000 });
    }).toPass({ intervals: [250] });
    await expect(page.getByText('Question 2 of 35')).toBeVisible();
    await expect(page.getByText('1 of 35 answered')).toBeVisible();

    await page.goto('/practice');
    await page
      .getByRole('link', { name: /Resume the Exam Mode attempt, 1 of 35 answered/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/quiz/${attemptId}$`));
    // The resumed page hears keys only once it has hydrated (a press before that is lost, as it
    // was in one CI run): ArrowLeft is pressed again while question 2 is still shown.
    await expect(page.getByText('Question 2 of 35')).toBeVisible();
    await expect(async () => {
      if (await page.getByText('Question 2 of 35').isVisible())
        await page.keyboard.press('ArrowLeft');
      await expect(page.getByText('Question 1 of 35')).toBeVisible({ timeout: 2_000 });
    }).toPass({ intervals: [250] });
    await expect(
      page.getByRole('list', { name: 'Answers' }).getByRole('button').first(),
    ).toBeDisabled();
  });

  test('a free learner sees the premium card, and the API refuses them too', async ({
    page,
    signIn,
    baseURL,
  }) => {
    await signIn(DEMO_ACCOUNTS.learner);
    await page.goto('/practice');
    await expect(page.getByRole('heading', { name: 'Premium Access Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(page.getByRole('link', { name: 'Browse Study Materials' })).toHaveAttribute(
      'href',
      '/study',
    );
    await expect(page.getByRole('button', { name: 'Start Quiz' })).toHaveCount(0);
    const refused = await page.request.post('/api/quiz/attempt', {
      data: { mode: 'study' },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(refused.status()).toBe(403);
  });

  test('the dashboard greets the learner and shows their figures', async ({ page, signIn }) => {
    await signIn(DEMO_ACCOUNTS.learner);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /^Good (morning|afternoon|evening), /,
    );
    const stats = mainOf(page).getByTestId('dashboard-stats');
    const figures = (await (await page.request.get('/api/auth/me/stats')).json()).data as {
      totalQuizAttempts: number;
      studyModulesCompleted: number;
      totalStudyModules: number;
    };
    const card = (label: string) => stats.getByText(label, { exact: true }).locator('..');
    await expect(card('Quiz Attempts')).toContainText(String(figures.totalQuizAttempts));
    await expect(card('Study Progress')).toContainText(
      `${figures.studyModulesCompleted}/${figures.totalStudyModules}`,
    );
    await expect(card('Average Score')).toBeVisible();
    await expect(card('Best Score')).toBeVisible();
    await page.getByRole('link', { name: /Practice Quiz/ }).click();
    await expect(page.getByRole('heading', { name: 'Premium Access Required' })).toBeVisible();
  });
});
