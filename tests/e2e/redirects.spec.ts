import { DEMO_ACCOUNTS, createLearner, expect, test } from './fixtures.ts';

/** Targets a browser would read as another origin or a broken header once it drops \t, \n, \r or reads \ as /. */
const HOSTILE_TARGETS = [
  '/\t/evil.example',
  '/\t\\evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example/',
];

test.describe('the redirect after sign-in stays on our origin', () => {
  for (const target of HOSTILE_TARGETS) {
    test(`a signed-in visit to /login?redirectTo=${JSON.stringify(target)} ends on the dashboard`, async ({
      page,
      baseURL,
      signIn,
    }) => {
      await signIn(DEMO_ACCOUNTS.learner);
      const response = await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
      expect(response?.status()).toBeLessThan(500);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }

  test('the sign-in form posted with a hostile redirectTo ends on the dashboard', async ({
    page,
    baseURL,
  }) => {
    const learner = await createLearner(baseURL!);
    await page.goto('/login');
    // A forged form: the page itself only ever carries a checked target.
    await page
      .locator('input[name="redirectTo"]')
      .evaluate((input: HTMLInputElement) => (input.value = '/\t/evil.example'));
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });

  test('a path on our site, with its query, is kept', async ({ page, signIn }) => {
    await signIn(DEMO_ACCOUNTS.learner);
    await page.goto(`/login?redirectTo=${encodeURIComponent('/account?from=login')}`);
    await expect(page).toHaveURL(/\/account\?from=login$/);
  });
});
