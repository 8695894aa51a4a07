import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminQuestion } from '../../shared/src/schemas/content.ts';
import {
  adminHeaders,
  DEMO_ACCOUNTS,
  expect,
  expectNoAxeViolations,
  premiumLearner,
  test,
} from './fixtures.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test('an admin writes why each option is right or wrong and where it is taught, checked beside each field', async ({
  page,
  signIn,
  allowConsoleError,
}) => {
  // The API's refusal of a section the module does not have is a 400 the browser logs.
  allowConsoleError(/status of 400/);
  await signIn(DEMO_ACCOUNTS.admin);
  const id = stamp();
  const text = `Which airspace class needs a NAV CANADA authorisation (${id})?`;
  await page.goto('/admin/content/questions/new');
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(text);
  await page.getByLabel('Option A', { exact: true }).fill('Class C');
  await page.getByLabel('Option B', { exact: true }).fill('Class G');
  await page.getByRole('radio', { name: /^A/ }).check();

  // One rationale alone is refused beside the option that lacks one.
  await page
    .getByLabel('Why option A is right or wrong', { exact: true })
    .fill('Class C is controlled airspace.');
  await page.getByRole('button', { name: 'Save Question' }).click();
  const whyB = page.getByLabel('Why option B is right or wrong', { exact: true });
  await expect(whyB).toBeFocused();
  await expect(whyB).toHaveAccessibleDescription(
    'Every option needs its explanation, or leave them all out',
  );

  // A section the module does not have is refused by the API, beside the learn-more fields.
  await whyB.fill('Class G is uncontrolled: no authorisation is needed.');
  await page.getByLabel('Learn more: module slug').fill('airspace-charts-and-navigation');
  await page.getByLabel('Learn more: section id').fill('no-such-section');
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByLabel('Learn more: module slug')).toHaveAccessibleDescription(
    'The module "airspace-charts-and-navigation" has no heading with the id "no-such-section"',
  );

  await page.getByLabel('Learn more: section id').fill('the-seven-classes-at-a-glance');
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(page.getByText('Question saved')).toBeVisible();
  await page.getByLabel('Search questions').fill(id);
  await page.getByRole('link', { name: text }).click();
  await expect(page.getByLabel('Why option A is right or wrong', { exact: true })).toHaveValue(
    'Class C is controlled airspace.',
  );
  await expect(page.getByLabel('Why option B is right or wrong', { exact: true })).toHaveValue(
    'Class G is uncontrolled: no authorisation is needed.',
  );
  await expect(page.getByLabel('Learn more: section id')).toHaveValue(
    'the-seven-classes-at-a-glance',
  );
});

/**
 * The right option of the question the learner's attempt shows first, read through the API as an
 * admin (the only role the API gives answers to), so the learner can answer wrong on purpose.
 */
async function rightOptionShown(
  page: Page,
  request: APIRequestContext,
  origin: string,
  attemptId: string,
) {
  const attempt = await page.request.get(`/api/quiz/attempt/${attemptId}`);
  const { data } = (await attempt.json()) as {
    data: { attempt: { questions: Array<{ questionId: string }> } };
  };
  const response = await request.get(
    `/api/admin/questions/${data.attempt.questions[0]!.questionId}`,
    { headers: await adminHeaders(request, origin) },
  );
  expect(response.ok(), await response.text()).toBeTruthy();
  const { question } = ((await response.json()) as { data: { question: AdminQuestion } }).data;
  return question.options[question.correctAnswer]!;
}

/** Starts an attempt of five human-factors questions as the signed-in learner, and opens it. */
async function startQuiz(page: Page, origin: string, mode: 'study' | 'timed') {
  const created = await page.request.post('/api/quiz/attempt', {
    data: {
      mode,
      categories: ['human-factors'],
      questionCount: 5,
      ...(mode === 'timed' ? { timeLimit: 60 } : {}),
    },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = (await created.json()) as { data: { attempt: { id: string } } };
  await page.goto(`/quiz/${data.attempt.id}`);
  await expect(page.getByText('Question 1 of 5')).toBeVisible();
  return data.attempt.id;
}

test.describe('every option explained, to the learner', () => {
  test('a wrong answer shows why, and "Read it in the module" opens the module at the heading', async ({
    page,
    signIn,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const { learner } = await premiumLearner(request, baseURL!);
    await signIn(learner);
    const attemptId = await startQuiz(page, origin, 'study');
    const rightOption = await rightOptionShown(page, request, origin, attemptId);

    const stem = await page.getByRole('heading', { level: 1 }).innerText();
    const buttons = page.getByRole('list', { name: 'Answers' }).getByRole('button');
    const texts = await buttons.allInnerTexts();
    const right = texts.findIndex((text) => text.includes(rightOption));
    expect(right, `the right option of "${stem}"`).toBeGreaterThanOrEqual(0);
    const wrong = right === 0 ? 1 : 0;
    await buttons.nth(wrong).click();
    await expect(page.getByText(/^Incorrect\. The correct answer is [A-D]\.$/)).toBeVisible();

    // The rationale of the learner's choice and of the right option are in view; the other two
    // are behind a disclosure, opened from the keyboard.
    const [wrongLetter, rightLetter] = ['ABCD'[wrong]!, 'ABCD'[right]!];
    await expect(page.getByText(`Why your answer, ${wrongLetter}, is wrong`)).toBeVisible();
    await expect(page.getByTestId(`rationale-${wrongLetter}`)).toHaveText(/\S{3,}/);
    await expect(page.getByText(`Why ${rightLetter} is right`)).toBeVisible();
    await expect(page.getByTestId(`rationale-${rightLetter}`)).toHaveText(/\S{3,}/);
    const other = 'ABCD'
      .split('')
      .find((letter) => letter !== wrongLetter && letter !== rightLetter)!;
    await expect(page.getByTestId(`rationale-${other}`)).toBeHidden();
    const others = page.getByText('Why the other 2 options are wrong');
    await others.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId(`rationale-${other}`)).toBeVisible();
    await expect(page.getByTestId(`rationale-${other}`)).toHaveText(/\S{3,}/);
    await expectNoAxeViolations(page);

    const link = page.getByRole('link', { name: 'Read it in the module' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/study\/[a-z0-9-]+#[a-z0-9-]+$/);
    const sectionId = href!.split('#')[1]!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/study/[a-z0-9-]+#${sectionId}$`));
    const heading = page.locator(`[id="${sectionId}"]`);
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
    await expectNoAxeViolations(page);

    // Opened afresh (a new tab, a shared link), the module lands on the heading too.
    await page.goto('/dashboard');
    await page.goto(href!);
    await expect(heading).toBeInViewport();
  });

  test('during an exam the same link opens the Reference drawer at the section, and the timer keeps running', async ({
    page,
    signIn,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const { learner } = await premiumLearner(request, baseURL!);
    await signIn(learner);
    await startQuiz(page, origin, 'timed');
    // A click, not the key '1': React replays a click made before the page hydrated, not a key.
    await page.getByRole('list', { name: 'Answers' }).getByRole('button').first().click();
    await expect(page.getByText('Question 2 of 5')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('Question 1 of 5')).toBeVisible();

    const timer = page.getByTestId('quiz-timer');
    const before = await timer.innerText();
    await expect(page.getByRole('link', { name: 'Read it in the module' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Read it in the module' }).click();
    const drawer = page.getByRole('dialog', { name: 'Reference' });
    await expect(drawer).toBeVisible();
    const section = drawer.getByTestId('reference-section');
    await expect(section.getByRole('heading', { level: 3 })).toBeFocused();
    await expect(section.locator('p, li').first()).toHaveText(/\S{3,}/);
    await expect(
      section.getByRole('link', { name: /Open the whole module at this section/ }),
    ).toHaveAttribute('href', /^\/study\/[a-z0-9-]+#[a-z0-9-]+$/);
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    await expect(timer).not.toHaveText(before);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Read it in the module' })).toBeFocused();
  });

  test('the results review explains every question, and in French links to the French module', async ({
    page,
    signIn,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const { learner } = await premiumLearner(request, baseURL!);
    await signIn(learner);
    await startQuiz(page, origin, 'study');
    const attemptId = new URL(page.url()).pathname.split('/')[2]!;
    for (let n = 1; n <= 5; n++) {
      await expect(page.getByText(`Question ${n} of 5`)).toBeVisible();
      // A click, not the key '1': React replays a click made before the page hydrated, not a key.
      await page.getByRole('list', { name: 'Answers' }).getByRole('button').first().click();
      await expect(page.getByText(/^(Correct!|Incorrect\.)/)).toBeVisible();
      if (n < 5) await page.keyboard.press('ArrowRight');
    }
    await page.getByRole('button', { name: 'Finish Quiz' }).click();
    await expect(page).toHaveURL(new RegExp(`/quiz/${attemptId}/results$`));
    const review = page.getByRole('region', { name: 'Review' });
    await expect(review.getByTestId('option-rationales')).toHaveCount(5);
    await expect(review.getByRole('link', { name: 'Read it in the module' })).toHaveCount(5);

    await page.goto(`/fr/quiz/${attemptId}/results`);
    const first = page.getByRole('listitem').filter({ has: page.getByTestId('option-rationales') });
    await expect(
      first
        .first()
        .getByText(/^Pourquoi (votre réponse|[A-D] est la bonne réponse)/)
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const link = first.first().getByRole('link', { name: 'Lire la section du module' });
    await expect(link).toHaveAttribute('href', /^\/fr\/study\/[a-z0-9-]+#[a-z0-9-]+$/);
    const sectionId = (await link.getAttribute('href'))!.split('#')[1]!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/fr/study/[a-z0-9-]+#${sectionId}$`));
    await expect(page.locator(`[id="${sectionId}"]`)).toBeInViewport();
    await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
  });
});
