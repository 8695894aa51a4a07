import type { APIRequestContext } from '@playwright/test';
import { createLearner, expect, expectNoAxeViolations, type Learner, test } from './fixtures.ts';

/** The API as another learner: their own session, none of the browser's. */
async function readAs(request: APIRequestContext, baseURL: string, learner: Learner, path: string) {
  const origin = new URL(baseURL).origin;
  const login = await request.post('/api/auth/login', {
    data: { email: learner.email, password: learner.password },
    headers: { origin },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  return request.get(path, { headers: { origin, authorization: `Bearer ${token}` } });
}

const WORDS = {
  en: {
    path: '/flight-review',
    title: 'Flight review kit',
    exercise: 'Describe the site survey process',
    progress: (done: number) => `${done} of 9 done`,
    survey: 'Site survey',
    siteName: 'Site name',
    date: 'Date of the survey',
    obstacles: '(e) Obstacles (wires, masts, buildings, cell towers, wind turbines)',
    save: 'Save Site survey',
    saved: 'Saved.',
    required: 'Site name is required',
    printTitle: 'Flight review documents',
    next: 'Next step',
    step2: 'Step 2 of 5',
  },
  fr: {
    path: '/fr/flight-review',
    title: 'Trousse de révision en vol',
    exercise: 'Décrire le processus d’examen des lieux',
    progress: (done: number) => `${done} sur 9 faits`,
    survey: 'Examen des lieux',
    siteName: 'Nom du site',
    date: 'Date de l’examen des lieux',
    obstacles: 'e) Obstacles (fils, mâts, bâtiments, tours de téléphonie cellulaire, éoliennes)',
    save: 'Enregistrer Examen des lieux',
    saved: 'Enregistré.',
    required: 'Le nom du site est requis',
    printTitle: 'Documents de révision en vol',
    next: 'Étape suivante',
    step2: 'Étape 2 sur 5',
  },
} as const;

for (const [locale, words] of Object.entries(WORDS)) {
  test(`flight review kit (${locale}): tick an exercise, save the site survey, keep it, print it, and another learner reads 404`, async ({
    page,
    request,
    signIn,
    baseURL,
  }) => {
    test.slow();
    const learner = await createLearner(baseURL!);
    await signIn(learner);
    await page.goto(words.path);
    await expect(page.getByRole('heading', { name: words.title, level: 1 })).toBeVisible();
    // Before hydration a checkbox is a bare one, and its change would not be saved.
    await page.waitForLoadState('networkidle');
    const progress = page.getByTestId('exercises-done');
    await expect(progress).toHaveText(words.progress(0));
    await expect(page.getByRole('checkbox')).toHaveCount(9);

    const exercise = page.getByRole('checkbox', { name: new RegExp(words.exercise) });
    await exercise.check();
    await expect(progress).toHaveText(words.progress(1));

    const survey = page.getByRole('form', { name: words.survey });
    const siteName = survey.getByLabel(words.siteName, { exact: true });
    // Refused beside the field, by the API's schema, and nothing is saved.
    await survey.getByRole('button', { name: words.save }).click();
    await expect(survey.getByText(words.required)).toBeVisible();
    await expect(siteName).toHaveAttribute('aria-invalid', 'true');

    await siteName.fill('Riverside field');
    await survey.getByLabel(words.date, { exact: true }).fill('2026-11-29');
    await survey.getByLabel(words.obstacles).fill('Power line along the north edge');
    await survey.getByRole('button', { name: words.save }).click();
    await expect(survey.getByText(words.saved, { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('checkbox', { name: new RegExp(words.exercise) })).toBeChecked();
    await expect(siteName).toHaveValue('Riverside field');
    await expect(survey.getByLabel(words.obstacles)).toHaveValue('Power line along the north edge');
    await expectNoAxeViolations(page);

    await page.waitForLoadState('networkidle');
    const step = page.getByTestId('rehearsal-step');
    await page.getByRole('button', { name: words.next }).click();
    await expect(step).toContainText(words.step2);

    // Print: the saved documents alone, no site navigation and no forms.
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('print-view');
    await expect(printed.getByRole('heading', { name: words.printTitle })).toBeVisible();
    await expect(printed).toContainText('Riverside field');
    await expect(printed).toContainText('Power line along the north edge');
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(siteName).toBeHidden();
    await expect(page.locator('input[type="checkbox"]').first()).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(printed).toBeHidden();

    // Another learner reads none of it.
    const other = await createLearner(baseURL!);
    const theirs = await readAs(
      request,
      baseURL!,
      other,
      '/api/flight-review/documents/site-survey',
    );
    expect(theirs.status()).toBe(404);
    const mine = await readAs(
      request,
      baseURL!,
      learner,
      '/api/flight-review/documents/site-survey',
    );
    expect(mine.status()).toBe(200);
  });
}
