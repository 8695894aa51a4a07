import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import {
  activeQuestions,
  adminHeaders,
  createLearner,
  DEMO_ACCOUNTS,
  expect,
  test,
  waitForEmail,
  mainOf,
} from './fixtures.ts';
import { noonZone } from '../noon-zone.ts';

const API_BASE = `http://127.0.0.1:${Number(process.env.E2E_API_PORT ?? E2E_PORT + 2)}`;
const CATEGORY = 'human-factors';

/** The right option of every question of the topic, read through the API as an admin. */
async function answerKey(request: APIRequestContext, baseURL: string) {
  const questions = await activeQuestions(request, baseURL, `category=${CATEGORY}`);
  return new Map(questions.map((q) => [q.question, q.options[q.correctAnswer]!]));
}

async function signedInContext(baseURL: string, email: string, password: string) {
  const origin = new URL(baseURL).origin;
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin } });
  const login = await context.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const me = (await (await context.get('/api/auth/me')).json()) as {
    data: { user: { id: string } };
  };
  return { context, id: me.data.user.id };
}

/** Answers the quiz on screen, right every time, from the answer key. */
async function answerRight(page: Page, key: Map<string, string>, total: number) {
  for (let n = 1; n <= total; n++) {
    await expect(page.getByText(`Question ${n} of ${total}`)).toBeVisible();
    const stem = await page.getByRole('heading', { level: 1 }).innerText();
    const buttons = page.getByRole('list', { name: 'Answers' }).getByRole('button');
    const texts = await buttons.allInnerTexts();
    const right = texts.findIndex((text) => text.includes(key.get(stem)!));
    await buttons.nth(right).click();
    await expect(page.getByText('Correct!')).toBeVisible();
    if (n < total) await page.getByRole('button', { name: 'Next →' }).click();
  }
  await page.getByRole('button', { name: 'Finish Quiz' }).click();
}

test.describe('spaced review', () => {
  test.use({ timezoneId: noonZone() });

  test('a learner sets an exam date, reviews what is due and sees the count drop; the reminder and its unsubscribe link work from the outbox', async ({
    page,
    browser,
    signIn,
    request,
    baseURL,
  }) => {
    // Two five-question quizzes, the cron and the outbox: longer than one page's test.
    test.slow();
    const learner = await createLearner(baseURL!);
    const own = await signedInContext(baseURL!, learner.email, learner.password);
    const granted = await request.post(`/api/admin/users/${own.id}/premium`, {
      data: { days: 30 },
      headers: await adminHeaders(request, baseURL!),
    });
    expect(granted.ok(), await granted.text()).toBeTruthy();
    const key = await answerKey(request, baseURL!);

    await signIn(learner);
    await page.goto('/dashboard');
    const panel = mainOf(page).getByTestId('review-panel');
    await expect(panel.getByText('to start your deck')).toBeVisible();

    // The exam date, set on the dashboard with the browser's time zone (the learner's days from
    // then on): a date in the past is refused beside the field. In the noon zone its calendar
    // day is UTC's, so the date 21 UTC days ahead is 21 of the learner's days ahead.
    const examField = panel.getByLabel('Exam date');
    await examField.fill('2020-01-01');
    await panel.getByRole('button', { name: 'Set exam date' }).click();
    await expect(panel.getByText('Choose an exam date from tomorrow on')).toBeVisible();
    const exam = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    await examField.fill(exam);
    await panel.getByRole('button', { name: 'Set exam date' }).click();
    await expect(panel.getByText('Your exam date is saved.')).toBeVisible();
    await expect(panel.getByTestId('exam-countdown')).toContainText(/in 2[01] days/);

    // Five questions answered in a practice quiz become five cards, due today (FSRS learning steps).
    await page.goto('/practice');
    await page.getByLabel('Questions', { exact: true }).selectOption('5');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Human factors' }).check();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    await answerRight(page, key, 5);
    await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(panel.getByTestId('due-today')).toHaveText('Due today: 5');
    await expect(panel.getByRole('list', { name: 'Reviews due in the next 7 days' })).toBeVisible();

    // The daily reminder: opted in on /account, sent by the cron, read in the outbox.
    await page.goto('/account');
    await page.getByLabel(/A daily email on days with review cards due/).check();
    await page.getByRole('button', { name: 'Save reminders' }).click();
    await expect(page.getByText('Your reminder choices are saved.')).toBeVisible();
    const cron = await fetch(`${API_BASE}/__scheduled?cron=0+8+*+*+*`);
    expect(cron.ok).toBeTruthy();
    await waitForEmail(page.request, learner.email, 'review-reminder');
    await page.goto('/dev/emails');
    const email = page
      .getByRole('listitem')
      .filter({ hasText: learner.email.toLowerCase() })
      .filter({ hasText: 'review-reminder' });
    await expect(email.getByRole('heading', { name: '5 review cards due today' })).toBeVisible();
    const examInWords = new Date(`${exam}T12:00:00Z`).toLocaleDateString('en-CA', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    await expect(email).toContainText(`Your exam is on ${examInWords}`);
    const unsubscribeUrl = await email
      .getByRole('link', { name: /\/unsubscribe\?token=/ })
      .getAttribute('href');

    // Its Start review link leads to the dashboard.
    await email.getByRole('link', { name: /\/dashboard$/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The unsubscribe link works signed out.
    const signedOut = await browser.newContext();
    const visitor = await signedOut.newPage();
    await visitor.goto(unsubscribeUrl!);
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByText('You will no longer get daily review reminders.')).toBeVisible();
    await signedOut.close();
    await page.goto('/account');
    await expect(page.getByLabel(/A daily email on days with review cards due/)).not.toBeChecked();

    // The review session: the same quiz screens, then the count drops.
    await page.goto('/dashboard');
    await expect(panel.getByTestId('due-today')).toHaveText('Due today: 5');
    await panel.getByRole('button', { name: 'Start review' }).click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    await expect(page.getByText('Spaced Review')).toBeVisible();
    await answerRight(page, key, 5);
    await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(panel.getByTestId('due-today')).toHaveText('Due today: 0');
    await expect(panel.getByText('Nothing due today.')).toBeVisible();

    await own.context.dispose();
  });

  test('the Recency review page says it is a study aid and starts the set', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.premium);
    await page.goto('/recency');
    await expect(page.getByRole('heading', { name: 'Recency review', level: 1 })).toBeVisible();
    await expect(page.getByText('A study aid, not the program')).toBeVisible();
    await expect(page.getByText(/does not complete Transport Canada’s self-paced/)).toBeVisible();
    await page.getByRole('button', { name: 'Start Recency review' }).click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    await expect(page.getByText(/Question 1 of 25/)).toBeVisible();
  });
});
