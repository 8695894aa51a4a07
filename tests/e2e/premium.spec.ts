import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_STATE_DIR } from './global-setup.ts';
import { createLearner, DEMO_ACCOUNTS, expect, logOut, test, waitForEmail } from './fixtures.ts';

const DAY_MS = 86_400_000;

async function premiumStatus(page: Page) {
  const answer = (await (await page.request.get('/api/auth/premium-status')).json()) as {
    data: { hasPremium: boolean; expiresAt: string | null };
  };
  return answer.data;
}

test.describe('premium', () => {
  test('a fresh learner buys through the local test checkout; the account shows the new expiry and the purchase', async ({
    page,
    baseURL,
    signIn,
  }) => {
    const learner = await createLearner(baseURL!);
    await signIn(learner);
    expect((await premiumStatus(page)).hasPremium).toBe(false);

    await page.goto('/pricing');
    const started = Date.now();
    await page.getByRole('button', { name: 'Buy for CA$5.00' }).click();
    await expect(page).toHaveURL(/\/dev\/checkout\?session=cs_dev_/);
    await expect(page.getByText('Test checkout')).toBeVisible();
    await expect(page.getByText('30-day Practice Pass')).toBeVisible();
    await expect(page.getByText(learner.email)).toBeVisible();
    await page.getByRole('button', { name: 'Pay CA$5.00' }).click();

    await expect(page).toHaveURL(/\/account\?payment=success$/);
    await expect(page.getByText('Payment successful')).toBeVisible();
    const status = await premiumStatus(page);
    expect(status.hasPremium).toBe(true);
    const expiresAt = Date.parse(status.expiresAt!);
    expect(expiresAt).toBeGreaterThanOrEqual(started + 30 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    await expect(page.getByTestId('premium-expiry').locator('time')).toHaveAttribute(
      'datetime',
      status.expiresAt!,
    );
    await expect(page.getByTestId('premium-status')).toContainText('Active');

    const history = page.getByTestId('purchase-history');
    await expect(history.getByRole('row')).toHaveCount(2);
    const purchase = history.getByRole('row').nth(1);
    await expect(purchase).toContainText('30-day Practice Pass');
    await expect(purchase).toContainText('CA$5.00');
    await expect(purchase).toContainText('Paid');

    await waitForEmail(page.request, learner.email, 'subscription-confirmation');

    // Buying again extends from the current expiry.
    await page.goto('/pricing');
    await expect(page.getByText('Your premium access is active')).toBeVisible();
    await page.getByRole('button', { name: 'Extend by 30 days' }).click();
    await page.getByRole('button', { name: 'Pay CA$5.00' }).click();
    await expect(page).toHaveURL(/\/account\?payment=success$/);
    expect(Date.parse((await premiumStatus(page)).expiresAt!)).toBe(expiresAt + 30 * DAY_MS);
    await expect(history.getByRole('row')).toHaveCount(3);

    // What premium unlocks: the learner starts a quiz.
    await page.goto('/practice');
    await expect(page.getByRole('heading', { name: 'Start a quiz' })).toBeVisible();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
  });

  test('cancelling the checkout returns to the account with nothing bought', async ({
    page,
    baseURL,
    signIn,
  }) => {
    const learner = await createLearner(baseURL!);
    await signIn(learner);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Buy for CA$5.00' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/account\?payment=cancelled$/);
    await expect(page.getByText('Payment cancelled')).toBeVisible();
    await expect(page.getByText('No purchases yet')).toBeVisible();
    expect((await premiumStatus(page)).hasPremium).toBe(false);
  });

  test('a visitor who buys registers first, and verifying the address leads straight to checkout', async ({
    page,
  }) => {
    const email = `e2e-intent-${Date.now().toString(36)}@example.com`;
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Get premium access' }).click();
    await expect(page).toHaveURL(/\/register\?intent=premium$/);
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Intent');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Intent12345!');
    await page.getByLabel('Confirm password', { exact: true }).fill('Intent12345!');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(/you will go straight to checkout/)).toBeVisible();

    const verification = await waitForEmail(page.request, email, 'verification');
    const link = /(https?:\/\/\S+verify-email\?token=\S+)/.exec(verification.text)?.[1] ?? '';
    expect(link, verification.text).not.toBe('');
    await page.goto(link);
    await expect(page.getByRole('link', { name: 'Continue to Checkout' })).toBeVisible();
    await page.waitForURL(/\/dev\/checkout\?session=cs_dev_/, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Pay CA$5.00' }).click();
    await expect(page).toHaveURL(/\/account\?payment=success$/);
    await expect(page.getByText('Payment successful')).toBeVisible();
  });

  test('the premium demo learner sees their expiry and can extend; the admin needs nothing', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.premium);
    await page.goto('/pricing');
    await expect(page.getByText('Your premium access is active')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Extend by 30 days' })).toBeVisible();
    await page.goto('/account');
    await expect(page.getByTestId('premium-expiry')).toBeVisible();

    // The logout must have landed before the next sign-in, or its cleared cookie would win.
    await logOut(page);
    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/pricing');
    await expect(page.getByText('Admin Access - Full Premium Features')).toBeVisible();
    await expect(page.getByRole('button', { name: /Buy for|Extend by/ })).toHaveCount(0);
  });

  test('the signed webhook runs locally: a forged signature is refused, the event script grants premium once', async ({
    page,
    signIn,
    baseURL,
  }) => {
    const forged = await page.request.post('/api/payments/webhook', {
      data: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
    });
    expect(forged.status()).toBe(400);
    expect(await forged.json()).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });

    const learner = await createLearner(baseURL!);
    const sendEvent = (...extra: string[]) =>
      execFileSync(
        process.execPath,
        [
          'scripts/stripe-event.ts',
          'checkout.session.completed',
          '--email',
          learner.email,
          '--url',
          baseURL!,
          '--state',
          E2E_STATE_DIR,
          ...extra,
        ],
        { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8' },
      );
    const first = sendEvent();
    expect(first).toContain('"outcome":"fulfilled"');
    const eventId = /(evt_[a-f0-9]+)/.exec(first)![1]!;

    await signIn(learner);
    const granted = await premiumStatus(page);
    expect(granted.hasPremium).toBe(true);
    expect(new Date(granted.expiresAt!).getTime() - Date.now()).toBeGreaterThan(29 * DAY_MS);

    const replay = sendEvent('--id', eventId);
    expect(replay).toContain('"outcome":"duplicate"');
    expect((await premiumStatus(page)).expiresAt).toBe(granted.expiresAt);
    const history = (await (await page.request.get('/api/payments/history')).json()) as {
      data: { payments: unknown[] };
    };
    expect(history.data.payments).toHaveLength(1);
  });
});
