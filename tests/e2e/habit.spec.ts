import type { Page } from '@playwright/test';
import {
  createLearner,
  expect,
  expectNoAxeViolations,
  openUnhydrated,
  premiumLearner,
  test,
  mainOf,
} from './fixtures.ts';
import { noonZone } from '../noon-zone.ts';

/** A five-question practice quiz, answered with the first option each time. */
async function answerFive(
  page: Page,
  words: { path: string; start: string; of: string; answers: string; next: RegExp; finish: string },
) {
  await page.goto(words.path);
  await page.getByLabel('Questions', { exact: true }).selectOption('5');
  await page.getByRole('button', { name: words.start }).click();
  await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByText(`Question ${n} ${words.of} 5`)).toBeVisible();
    await page.getByRole('list', { name: words.answers }).getByRole('button').first().click();
    if (n < 5) await page.getByRole('button', { name: words.next }).click();
  }
  await page.getByRole('button', { name: words.finish }).click();
  await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+\/results$/);
}

test.describe('the daily goal and streak', () => {
  test.use({ timezoneId: noonZone() });

  test('a learner sets a goal of 5 on the dashboard, answers 5 questions, and sees today met in the streak and its calendar', async ({
    page,
    request,
    signIn,
    baseURL,
  }) => {
    test.slow();
    const { learner } = await premiumLearner(request, baseURL!);
    await signIn(learner);
    await page.goto('/dashboard');
    const panel = mainOf(page).getByTestId('daily-goal');
    await expect(page.getByRole('heading', { name: 'Daily goal', level: 2 })).toBeVisible();
    await expect(panel.getByTestId('today-progress')).toHaveText('Today: 0 of 10 questions');
    await expect(panel.getByText('No streak yet: meet today’s goal to start one.')).toBeVisible();
    const calendar = panel.getByRole('table', { name: 'Your last 5 weeks' });
    await expect(calendar.getByRole('row')).toHaveCount(6);
    await expect(calendar.getByRole('cell')).toHaveCount(35);
    await expect(calendar.getByRole('cell', { name: /today, goal not met yet/ })).toHaveCount(1);
    await expect(calendar.getByRole('cell', { name: /goal met$/ })).toHaveCount(0);

    // Out of range: refused beside the field, in the browser by the API's own schema.
    const field = panel.getByLabel('Questions a day');
    await field.fill('4');
    await panel.getByRole('button', { name: 'Save goal' }).click();
    await expect(panel.getByText('Choose a daily goal from 5 to 100 questions')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('5');
    await panel.getByRole('button', { name: 'Save goal' }).click();
    await expect(panel.getByText('Your daily goal is saved.')).toBeVisible();
    await expect(panel.getByTestId('today-progress')).toHaveText('Today: 0 of 5 questions');

    await answerFive(page, {
      path: '/practice',
      start: 'Start Quiz',
      of: 'of',
      answers: 'Answers',
      next: /Next/,
      finish: 'Finish Quiz',
    });

    await page.goto('/dashboard');
    await expect(panel.getByTestId('today-progress')).toHaveText('Today: 5 of 5 questions');
    await expect(panel.getByText('Today’s goal is met. See you tomorrow!')).toBeVisible();
    await expect(panel.getByTestId('streak')).toContainText('1-day streak');
    await expect(panel.getByTestId('streak')).toContainText('No streak freeze held');
    const today = calendar.getByRole('cell', { name: /goal met$/ });
    await expect(today).toHaveCount(1);
    await expect(today).toHaveAttribute('aria-current', 'date');
    await expect(today).toHaveAttribute('data-mark', 'met');
    // One streak on the dashboard: the figures' line no longer shows the older one.
    await expect(page.getByText(/Current streak/)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The account page sets the same goal.
    await page.goto('/account');
    await expect(page.getByLabel('Questions a day')).toHaveValue('5');
  });

  test('the same in French: the goal, today met and the calendar', async ({
    page,
    request,
    signIn,
    baseURL,
  }) => {
    test.slow();
    const { learner, headers } = await premiumLearner(request, baseURL!);
    await signIn(learner);
    const french = await request.put('/api/auth/locale', { data: { locale: 'fr' }, headers });
    expect(french.ok(), await french.text()).toBeTruthy();
    await page.goto('/fr/dashboard');
    const panel = mainOf(page).getByTestId('daily-goal');
    await expect(page.getByRole('heading', { name: 'Objectif quotidien', level: 2 })).toBeVisible();
    const field = panel.getByLabel('Questions par jour');
    await field.fill('101');
    await panel.getByRole('button', { name: "Enregistrer l'objectif" }).click();
    await expect(
      panel.getByText('Choisissez un objectif quotidien de 5 à 100 questions'),
    ).toBeVisible();
    await field.fill('5');
    await panel.getByRole('button', { name: "Enregistrer l'objectif" }).click();
    await expect(panel.getByText('Votre objectif quotidien est enregistré.')).toBeVisible();

    await answerFive(page, {
      path: '/fr/practice',
      start: 'Commencer le test',
      of: 'sur',
      answers: 'Réponses',
      next: /Suivante/,
      finish: 'Terminer le test',
    });

    await page.goto('/fr/dashboard');
    await expect(panel.getByTestId('today-progress')).toHaveText("Aujourd'hui : 5 questions sur 5");
    await expect(panel.getByTestId('streak')).toContainText('Série de 1 jour');
    const calendar = panel.getByRole('table', { name: 'Vos 5 dernières semaines' });
    await expect(calendar.getByRole('cell', { name: /objectif atteint$/ })).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});

/** Today's date (YYYY-MM-DD) in a time zone. */
const dayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
/** A zone on another day than Toronto's, the zone a learner has until a form sends theirs. */
const farZone = ['Etc/GMT-14', 'Etc/GMT+12'].find(
  (zone) => dayIn(zone) !== dayIn('America/Toronto'),
)!;

test.describe('a learner far from Toronto', () => {
  test.use({ timezoneId: farZone });

  test('the goal form sends the browser’s time zone, and the calendar’s today becomes theirs', async ({
    page,
    signIn,
    baseURL,
  }) => {
    const learner = await createLearner(baseURL!);
    await signIn(learner);
    await page.goto('/dashboard');
    const panel = mainOf(page).getByTestId('daily-goal');
    const today = panel.locator('td[aria-current="date"]');
    await expect(today).toHaveAttribute('data-date', dayIn('America/Toronto'));
    await panel.getByLabel('Questions a day').fill('5');
    await panel.getByRole('button', { name: 'Save goal' }).click();
    await expect(panel.getByText('Your daily goal is saved.')).toBeVisible();
    await page.reload();
    await expect(today).toHaveAttribute('data-date', dayIn(farZone));
  });
});

test('a goal sent before the page runs its script and refused comes back with its message beside the field, once', async ({
  browser,
  baseURL,
}) => {
  const learner = await createLearner(baseURL!);
  // Without script the form posts as a plain form, as it does when sent before the page hydrates.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const signedIn = await context.request.post('/api/auth/login', {
      data: { email: learner.email, password: learner.password },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
    const before = await (await context.request.get('/api/learning/goal')).json();
    const page = await context.newPage();
    await page.goto('/account');
    const goal = page.getByLabel('Questions a day');
    await goal.fill('2');
    await page.getByRole('button', { name: 'Save goal' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(goal).toHaveAccessibleDescription(/Choose a daily goal from 5 to 100 questions/);
    await expect(goal).toHaveAttribute('aria-invalid', 'true');
    // The field shows what was typed beside its message, not the saved goal.
    await expect(goal).toHaveValue('2');
    // Nothing was saved, and the message does not come back with the next visit.
    expect(await (await context.request.get('/api/learning/goal')).json()).toEqual(before);
    await page.reload();
    await expect(goal).toHaveValue(String(before.data.dailyQuestions));
    await expect(page.getByText('Choose a daily goal from 5 to 100 questions')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a French page with a refusal from before it hydrated shows it in French, and the messages after it too', async ({
  page,
  baseURL,
  signIn,
}) => {
  await signIn(await createLearner(baseURL!));
  const account = await openUnhydrated(page, '/fr/account');
  const goal = page.getByLabel('Questions par jour');
  await goal.fill('2');
  await account.clickBeforeHydration("Enregistrer l'objectif");
  await expect(page).toHaveURL(/\/fr\/account$/);
  // The server wrote the refusal in French and hands the browser that translation with the page,
  // not the whole catalog: the page hydrates with the same text (a mismatch fails the test as a
  // console error) and its field stays marked.
  await expect(goal).toHaveAccessibleDescription(
    /Choisissez un objectif quotidien de 5 à 100 questions/,
  );
  await expect(goal).toHaveAttribute('aria-invalid', 'true');
  await expect(goal).toHaveValue('2');
  expect(
    await page.locator('#shown-messages').evaluate((script) => JSON.parse(script.textContent!)),
  ).toMatchObject({
    'Choose a daily goal from 5 to 100 questions':
      'Choisissez un objectif quotidien de 5 à 100 questions',
  });
  // A message the server did not show comes from the catalog the page loads once it is idle.
  const examDate = page.getByLabel("Date de l'examen");
  await examDate.fill(new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10));
  await page.getByRole('button', { name: "Fixer la date de l'examen" }).click();
  await expect(examDate).toHaveAccessibleDescription(
    /Choisissez une date d'examen à partir de demain/,
  );
});
