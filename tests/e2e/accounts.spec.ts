import { request as playwrightRequest, type Page } from '@playwright/test';
import {
  createLearner,
  DEMO_ACCOUNTS,
  EMAIL_POLL,
  expect,
  logOut,
  mainOf,
  outboxEmails,
  test,
  waitForEmail,
  openUnhydrated,
} from './fixtures.ts';

const outbox = (page: Page, to: string, template: string) =>
  outboxEmails(page.request, { to, template });

/** Opens the newest email of a kind to an address on /dev/emails and follows its link, as a newcomer would. */
async function followEmailLink(
  page: Page,
  to: string,
  template: 'verification' | 'password-reset',
) {
  const { subject } = await waitForEmail(page.request, to, template);
  await page.goto('/dev/emails');
  const email = page
    .getByRole('listitem')
    .filter({ has: page.getByTestId('email-to').getByText(to.toLowerCase(), { exact: true }) })
    .filter({ hasText: subject })
    .first();
  await email.getByRole('link').first().click();
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * Records what every toast and alert says as it appears, in every document the tab loads: a
 * confirmation leaves after 3 s, so a slow runner that first looks after it left still reads it,
 * and a save sent as a plain post is answered by a new document whose toast shows once it is live.
 * `said()` is everything recorded in the document on screen.
 */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { toastsSaid: string[] }).toastsSaid = said;
    new MutationObserver(() => {
      for (const toast of Array.from(document.querySelectorAll('[role="status"], [role="alert"]')))
        said.push(toast.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return {
    said: () =>
      page.evaluate(() => (window as unknown as { toastsSaid: string[] }).toastsSaid.join('\n')),
  };
}

test.describe('accounts', () => {
  test('register, open the link from the dev outbox, verified, then the dashboard', async ({
    page,
  }) => {
    const email = uniqueEmail('register');
    await page.goto('/register');
    await page.getByLabel('First name').fill('Reggie');
    await page.getByLabel('Last name').fill('Ster');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Register123!');
    await page.getByLabel('Confirm password', { exact: true }).fill('Register123!');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByText('Registration successful! Please check your email to verify your account.'),
    ).toBeVisible();

    await followEmailLink(page, email, 'verification');
    await expect(page).toHaveURL(/\/verify-email\?token=/);
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    // The 3 s redirect.
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Reggie');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
    await expect
      .poll(async () => (await outbox(page, email, 'welcome')).length, EMAIL_POLL)
      .toBe(1);
  });

  test('sign out, then sign in again and return to the page that asked for it', async ({
    page,
    baseURL,
  }) => {
    const learner = await createLearner(baseURL!);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
    await fillLogin(page, learner.email, learner.password);
    await page.getByLabel('Remember me for 30 days').check();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
    const [session] = (await page.context().cookies()).filter((c) => c.name === 'session');
    expect(session!.httpOnly).toBe(true);
    expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

    await logOut(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);

    await fillLogin(page, learner.email, learner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const [shortSession] = (await page.context().cookies()).filter((c) => c.name === 'session');
    expect(shortSession!.expires * 1000 - Date.now()).toBeLessThan(86_400_000 + 60_000);

    // A signed-in learner's home is the dashboard; the login page sends them on too.
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a malformed or expired session token is dropped at start', async ({ page, baseURL }) => {
    const url = new URL(baseURL!);
    const payload = Buffer.from(JSON.stringify({ sub: 'x', sid: 'y', exp: 1 })).toString(
      'base64url',
    );
    for (const value of ['not-a-jwt', `e30.${payload}.c2lnbmF0dXJl`]) {
      await page
        .context()
        .addCookies([{ name: 'session', value, domain: url.hostname, path: '/', httpOnly: true }]);
      await page.goto('/pricing');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
      const cookies = await page.context().cookies();
      expect(cookies.filter((c) => c.name === 'session')).toEqual([]);
    }
  });

  test('an unverified sign-in shows the verification panel; resend puts a new email in the outbox', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('unverified');
    const api = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { origin: new URL(baseURL!).origin },
    });
    const registered = await api.post('/api/auth/register', {
      data: { email, password: 'Unverified123!', firstName: 'Una', lastName: 'Verified' },
    });
    expect(registered.ok()).toBe(true);
    await api.dispose();
    await expect
      .poll(async () => (await outbox(page, email, 'verification')).length, EMAIL_POLL)
      .toBe(1);

    await page.goto('/login');
    await fillLogin(page, email, 'Unverified123!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByText(
        'Please verify your email address before logging in. Check your inbox for the verification link.',
      ),
    ).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Verification email sent! Please check your inbox.')).toBeVisible();
    await expect
      .poll(async () => (await outbox(page, email, 'verification')).length, EMAIL_POLL)
      .toBe(2);

    await page.getByRole('button', { name: 'Try Different Email' }).click();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('forgot password, the reset link, then the new password works and the old one does not', async ({
    page,
    baseURL,
  }) => {
    const learner = await createLearner(baseURL!);
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // The page runs no script: the server's answer carries the toast, and the field has the focus.
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please enter your email address' }),
    ).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.locator('script[src]')).toHaveCount(0);

    await page.getByLabel('Email').fill(learner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText('Password reset email sent successfully')).toBeVisible();
    await expect(page.getByText(/expire after 1 hour/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Another Email' }).click();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();

    await followEmailLink(page, learner.email, 'password-reset');
    await expect(page).toHaveURL(/\/reset-password\/[A-Za-z0-9_-]{20,}$/);
    const resetUrl = page.url();
    const submit = page.getByRole('button', { name: 'Reset password' });
    const password = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password', { exact: true });
    await expect(submit).toBeDisabled();
    // Leaving the field empty says so beside it; a blur before the page has hydrated is not
    // heard, so the focus moves again until the page answers (under load hydration can lag).
    await expect(async () => {
      await password.focus();
      await confirm.focus();
      await expect(page.getByText('Please enter a new password')).toBeVisible({ timeout: 1000 });
    }).toPass();
    await password.fill('short');
    await confirm.fill('shorter');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(submit).toBeDisabled();
    await confirm.fill('short');
    await submit.click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();

    await password.fill('BrandNew123!');
    await confirm.fill('BrandNew123!');
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Password reset' })).toBeVisible();
    await expect(page.getByText('Password reset successfully!').first()).toBeVisible();
    await page.waitForURL('**/login', { timeout: 10_000 });

    await fillLogin(page, learner.email, learner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await fillLogin(page, learner.email, 'BrandNew123!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link was single-use.
    await page.goto(resetUrl);
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await page.getByRole('link', { name: 'Request New Reset Link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('every validation message of learner-spec §5 appears where the spec puts it', async ({
    page,
    allowConsoleError,
  }) => {
    await page.goto('/login');
    // The page ships no script but its few Show/Hide lines, which work as the React switch does.
    await expect(page.locator('script[src]')).toHaveCount(0);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-123');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    const hide = page.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await expect(hide).toHaveText('Hide');
    await hide.click();
    await expect(password).toHaveAttribute('type', 'password');
    await password.fill('');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill('no-at-sign');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();

    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
      'You must accept the terms and conditions',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('First name')).toBeFocused();
    await page.getByLabel('First name').fill('   ');
    await page.getByLabel('Email').fill('still-no-at');
    await page.getByLabel('Password', { exact: true }).fill('seven77');
    await page.getByLabel('Confirm password', { exact: true }).fill('different');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(
      page.getByText('Password must be at least 8 characters', { exact: true }),
    ).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    // Reset token pre-check (local): too short to be a token.
    await page.goto('/reset-password/short');
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(page.getByText('Invalid token format')).toBeVisible();
    // Well formed, but never issued: the API says it is unusable before anything is typed.
    await page.goto('/reset-password/abcdefghijklmnopqrstuvwxyz0123456789');
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveCount(0);

    // Resend verification needs a sign-in.
    allowConsoleError(/status of 400/);
    allowConsoleError(/status of 401/);
    await page.goto('/verify-email?token=not-a-token-we-issued');
    await expect(
      page.getByText('Email verification failed. The token may be expired or invalid.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText('Please log in to resend verification email.')).toBeVisible();
    // A client-side navigation to a signed-in page also comes back to it after sign-in.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { name: 'Verification link incomplete' })).toBeVisible();
  });

  test('the demo accounts sign in through the form, and the admin sees the Admin link', async ({
    page,
  }) => {
    for (const account of [DEMO_ACCOUNTS.learner, DEMO_ACCOUNTS.premium, DEMO_ACCOUNTS.admin]) {
      await page.goto('/login');
      await fillLogin(page, account.email, account.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(
        account.role === 'admin' ? 1 : 0,
      );
      // The dashboard streams its daily goal after the page: once its reminders are there, logOut
      // waits for them to read their settings, which a logout landing first would answer with 401.
      if (account.role !== 'admin') {
        await expect(mainOf(page).getByTestId('phone-reminders')).toBeVisible();
        await logOut(page);
      }
    }
    await page.goto('/account');
    await expect(page.getByText('Administrator')).toBeVisible();
    await expect(page.getByText('Admin Access - Full Premium Features')).toBeVisible();
  });

  test('a name saved before the account page hydrated is saved, and confirmed once the page is live', async ({
    page,
    baseURL,
    signIn,
  }) => {
    const learner = await createLearner(baseURL!, { firstName: 'Nadia' });
    await signIn(learner);
    const toasts = await recordToasts(page);
    const account = await openUnhydrated(page, '/account');
    await page.getByLabel('First name').fill('Noor');
    await account.clickBeforeHydration('Save name');
    await expect(page.getByText('Noor Tester')).toBeVisible();
    await expect.poll(toasts.said).toContain('Your name has been updated.');
  });

  test('an exam date set before the account page hydrated is saved, and the page comes back with it', async ({
    page,
    baseURL,
    signIn,
  }) => {
    await signIn(await createLearner(baseURL!));
    const examDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const account = await openUnhydrated(page, '/account');
    await page.getByLabel('Exam date').fill(examDate);
    await account.clickBeforeHydration('Set exam date');
    // Back on the page it was sent from (not the action's answer as a bare page), showing the date.
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByLabel('Exam date')).toHaveValue(examDate);
    await expect(page.getByRole('button', { name: 'Change exam date' })).toBeVisible();
  });

  test('the account page changes the name and the password', async ({ page, baseURL, signIn }) => {
    const learner = await createLearner(baseURL!, { firstName: 'Nadia' });
    await signIn(learner);
    const toasts = await recordToasts(page);
    await page.goto('/account');
    await expect(page.getByText('User', { exact: true })).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();

    await page.getByLabel('First name').fill('Nadine');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(toasts.said).toContain('Your name has been updated.');
    await expect(page.getByText('Nadine Tester')).toBeVisible();

    const form = page.locator('form', {
      has: page.getByRole('button', { name: 'Change password' }),
    });
    await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('Changed123!');
    await form.getByLabel('Confirm new password', { exact: true }).fill('Changed123!');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    await form.getByLabel('Current password', { exact: true }).fill(learner.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/Password updated/)).toBeVisible();
    await expect(form.getByLabel('New password', { exact: true })).toHaveValue('');

    await logOut(page);
    await page.goto('/login');
    await fillLogin(page, learner.email, 'Changed123!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
