import { readFileSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import {
  createLearner,
  DEMO_ACCOUNTS,
  expect,
  expectNoAxeViolations,
  test,
  waitForEmail,
  mainOf,
} from './fixtures.ts';
import { noonZone } from '../noon-zone.ts';

/**
 * Issue 19 on the screens of spaced review, staying current and offline (issues 17 and 20): in
 * French they show no English, their forms answer in French, the review reminder is French and its
 * unsubscribe link leads to the French page, and axe finds nothing on them.
 */
test.use({
  locale: 'fr-CA',
  // The learner's day holds for the test: near its midnight, cards due minutes ahead are tomorrow's.
  timezoneId: noonZone(),
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
});

const API_BASE = `http://127.0.0.1:${Number(process.env.E2E_API_PORT ?? E2E_PORT + 2)}`;
const LOCALES = path.resolve(import.meta.dirname, '../../learner/app/locales/en');

type Catalog = { [key: string]: string | Catalog };
const sentences = (catalog: Catalog): string[] =>
  Object.values(catalog).flatMap((value) =>
    typeof value === 'string' ? [value.split('{{')[0]!.trim()] : sentences(value),
  );
/** The English of these screens, as the catalogs hold it: none of it may show on a French page. */
const ENGLISH = [
  ...sentences(JSON.parse(readFileSync(`${LOCALES}/learning.json`, 'utf8')) as Catalog),
  ...sentences(
    (JSON.parse(readFileSync(`${LOCALES}/common.json`, 'utf8')) as { offline: Catalog }).offline,
  ),
].filter((text) => text.length >= 12);

async function expectNoEnglish(region: Locator) {
  const text = await region.innerText();
  expect(ENGLISH.filter((english) => text.includes(english))).toEqual([]);
}

async function expectNoAxeViolationsWhenStill(page: Page) {
  // A button re-enabled after its form's answer fades back to its colour (a CSS transition);
  // measured mid-fade its contrast is neither state's, so axe reads the page once it is still.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await expectNoAxeViolations(page);
}

async function apiAs(baseURL: string, email: string, password: string) {
  const origin = new URL(baseURL).origin;
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin } });
  const login = await context.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const me = (await (await context.get('/api/auth/me')).json()) as {
    data: { user: { id: string } };
  };
  return { context, id: me.data.user.id };
}

test('spaced review, the plan, the reminder and its unsubscribe page, in French', async ({
  page,
  browser,
  signIn,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const learner = await createLearner(baseURL!);
  const admin = await apiAs(baseURL!, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const own = await apiAs(baseURL!, learner.email, learner.password);
  const granted = await admin.context.post(`/api/admin/users/${own.id}/premium`, {
    data: { days: 30 },
  });
  expect(granted.ok(), await granted.text()).toBeTruthy();
  // Signing in records the request's language on the account (its emails follow): French after it.
  await signIn(learner);
  const french = await own.context.put('/api/auth/locale', { data: { locale: 'fr' } });
  expect(french.ok(), await french.text()).toBeTruthy();
  await page.goto('/fr/dashboard');
  const panel = mainOf(page).getByTestId('review-panel');
  await expect(page.getByRole('heading', { name: 'Révision espacée', level: 2 })).toBeVisible();
  await expect(panel.getByText('pour commencer votre paquet')).toBeVisible();

  // Five answers make five cards, due today.
  await page.goto('/fr/practice');
  await page.getByLabel('Questions', { exact: true }).selectOption('5');
  await page.getByRole('button', { name: 'Commencer le test' }).click();
  await expect(page).toHaveURL(/\/fr\/quiz\/[a-z0-9]+$/);
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByText(`Question ${n} sur 5`)).toBeVisible();
    await page.getByRole('list', { name: 'Réponses' }).getByRole('button').first().click();
    if (n < 5) await page.getByRole('button', { name: /Suivante/ }).click();
  }
  await page.getByRole('button', { name: 'Terminer le test' }).click();
  await expect(page).toHaveURL(/\/fr\/quiz\/[a-z0-9]+\/results$/);

  // The dashboard's review card: French counts, forecast, refusals and confirmations.
  await page.goto('/fr/dashboard');
  await expect(panel.getByTestId('due-today')).toHaveText("À revoir aujourd'hui : 5");
  await expect(
    panel.getByRole('list', { name: 'Révisions à faire dans les 7 prochains jours' }),
  ).toBeVisible();
  const examField = panel.getByLabel("Date de l'examen");
  await examField.fill('2020-01-01');
  await panel.getByRole('button', { name: "Fixer la date de l'examen" }).click();
  await expect(panel.getByText("Choisissez une date d'examen à partir de demain")).toBeVisible();
  await examField.fill(new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10));
  await panel.getByRole('button', { name: "Fixer la date de l'examen" }).click();
  await expect(panel.getByText("Votre date d'examen est enregistrée.")).toBeVisible();
  await expect(panel.getByTestId('exam-countdown')).toContainText(/dans 2[01] jours/);
  await expectNoEnglish(panel);
  await expectNoAxeViolationsWhenStill(page);

  // The account's plan, and the reminder it turns on.
  await page.goto('/fr/account');
  const plan = page.locator('section[aria-labelledby="plan-heading"]');
  await expect(
    plan.getByRole('heading', { name: 'Examen, mise à jour des connaissances et rappels' }),
  ).toBeVisible();
  await plan.getByLabel(/Un courriel quotidien les jours où des cartes/).check();
  await plan.getByRole('button', { name: 'Enregistrer les rappels' }).click();
  await expect(plan.getByText('Vos choix de rappels sont enregistrés.')).toBeVisible();
  await expectNoEnglish(plan);
  await expectNoAxeViolationsWhenStill(page);

  const cron = await fetch(`${API_BASE}/__scheduled?cron=0+8+*+*+*`);
  expect(cron.ok).toBeTruthy();
  const reminder = await waitForEmail(page.request, learner.email, 'review-reminder');
  expect(reminder.subject).toBe("5 cartes de révision à revoir aujourd'hui");
  expect(reminder.text).toContain('Commencer la révision');
  const unsubscribe = /https?:\/\/\S+\/fr\/unsubscribe\?token=\S+/.exec(reminder.text)?.[0];
  expect(unsubscribe).toBeTruthy();

  // Its unsubscribe page, signed out, in French.
  const signedOut = await browser.newContext({ locale: 'fr-CA' });
  const visitor = await signedOut.newPage();
  const link = new URL(unsubscribe!);
  await visitor.goto(`${baseURL}${link.pathname}${link.search}`);
  await expect(
    visitor.getByRole('heading', { name: 'Arrêter les courriels de rappel' }),
  ).toBeVisible();
  await expectNoAxeViolationsWhenStill(visitor);
  await visitor.getByRole('button', { name: 'Se désabonner' }).click();
  await expect(
    visitor.getByText('Vous ne recevrez plus les rappels quotidiens de révision.'),
  ).toBeVisible();
  await visitor.goto(`${baseURL}/fr/unsubscribe?token=broken`);
  await visitor.getByRole('button', { name: 'Se désabonner' }).click();
  await expect(visitor.getByText(/Ce lien de désabonnement n'est pas valide/)).toBeVisible();
  await expectNoEnglish(visitor.locator('main'));
  await signedOut.close();

  // The review session plays on the French quiz screens.
  await page.goto('/fr/dashboard');
  await panel.getByRole('button', { name: 'Commencer la révision' }).click();
  await expect(page).toHaveURL(/\/fr\/quiz\/[a-z0-9]+$/);
  await expect(page.getByText('Révision espacée').first()).toBeVisible();

  await admin.context.dispose();
  await own.context.dispose();
});

test('the Recency review page and the offline pages are French', async ({ page, signIn }) => {
  await signIn(DEMO_ACCOUNTS.premium);
  await page.goto('/fr/recency');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(
    page.getByRole('heading', {
      name: 'Révision pour la mise à jour des connaissances',
      level: 1,
    }),
  ).toBeVisible();
  await expect(page.getByText("Un outil d'étude, pas le programme")).toBeVisible();
  await expectNoEnglish(page.locator('main'));
  await expectNoAxeViolationsWhenStill(page);
  await page
    .getByRole('button', { name: 'Commencer la révision pour la mise à jour des connaissances' })
    .click();
  await expect(page).toHaveURL(/\/fr\/quiz\/[a-z0-9]+$/);
  await expect(page.getByText(/Question 1 sur 25/)).toBeVisible();

  for (const [offlinePath, heading] of [
    ['/fr/offline', 'Vous êtes hors ligne'],
    ['/fr/offline/practice', "Les quiz d'entraînement exigent une connexion"],
  ] as const) {
    await page.goto(offlinePath);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: "Modules d'étude" }),
    ).toHaveAttribute('href', '/fr/study');
    await expectNoEnglish(page.locator('main'));
    await expectNoAxeViolationsWhenStill(page);
  }
});
