import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createLearner,
  DEMO_ACCOUNTS,
  expect,
  outboxEmails,
  test,
  type Account,
} from './fixtures.ts';

const origin = (baseURL: string | undefined) => new URL(baseURL!).origin;

async function loginStatus(
  request: APIRequestContext,
  baseURL: string | undefined,
  account: Account,
) {
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: { origin: origin(baseURL) },
  });
  return { status: response.status(), body: await response.json() };
}

async function adminData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/admin${path}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

test.describe('admin console', () => {
  test('the demo admin opens every tab from the learner site’s Admin link', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/pricing');
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
    const stats = await adminData<{ totalUsers: number }>(page, '/stats');
    await expect(page.getByText('Total Users').locator('..')).toContainText(
      stats.totalUsers.toLocaleString('en-CA'),
    );
    await expect(page.getByRole('heading', { name: 'System Health' })).toBeVisible();
    await expect(page.getByText('Active users (24 h)')).toBeVisible();

    const tabs = page.getByRole('navigation', { name: 'Admin sections' });
    const visits: Array<[string, RegExp, string | null]> = [
      ['Users', /^Users$/, 'All users'],
      ['Content', /Content/, null],
      ['Quiz Management', /^Quiz Management$/, 'Performance by Mode'],
      ['Analytics', /^Analytics$/, 'Conversion funnel'],
      ['Email Management', /^Email Management$/, 'Send Test Email'],
      ['Overview', /^Overview$/, 'Recent Activity'],
    ];
    for (const [tab, title, section] of visits) {
      await tabs.getByRole('link', { name: tab }).click();
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      if (section) await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto('/admin/no-such-section');
    await expect(page.getByText('Page Not Found')).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    // Home sends a signed-in user on to their dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the demo learner on /admin sees Access Denied, and no admin data is asked for', async ({
    page,
    signIn,
  }) => {
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
    });
    await signIn(DEMO_ACCOUNTS.learner);
    await page.goto('/admin');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(
      page.getByText("You don't have permission to access the admin panel."),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
    expect(adminCalls).toEqual([]);
  });

  test('a search answered before a role change reaches the page after it, and the row still shows the new role', async ({
    page,
    signIn,
    baseURL,
  }) => {
    const learner = await createLearner(baseURL!, { firstName: 'Sian', lastName: 'Search' });
    const name = 'Sian Search';
    await signIn(DEMO_ACCOUNTS.admin);
    // The search's list is read at once but handed to the page only after the role change has
    // been answered: a read from before the change, arriving after it (a slow connection).
    let changed!: () => void;
    const roleChanged = new Promise<void>((resolve) => (changed = resolve));
    let held = false;
    await page.route(/\/api\/admin\/users\?.*search=/, async (route) => {
      if (held) return route.continue();
      held = true;
      const answered = await route.fetch();
      await roleChanged;
      await route.fulfill({ response: answered });
    });
    await page.goto('/admin/users');
    const row = page.getByRole('row').filter({ hasText: learner.email });
    await expect(row).toHaveCount(1);
    await page.getByLabel('Search users').fill(learner.email);
    await expect.poll(() => held).toBe(true);

    await row.getByLabel(`Role of ${name}`).selectOption('admin');
    const patched = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.ok(),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Make Admin' }).click();
    await patched;
    await expect(page.getByText(`${name} is now an Admin`)).toBeVisible();
    changed();
    await expect(row.getByLabel(`Role of ${name}`)).toHaveValue('admin');
  });

  test('an admin changes a learner’s role, then deactivates and reactivates them', async ({
    page,
    request,
    signIn,
    baseURL,
  }) => {
    const learner = await createLearner(baseURL!, { firstName: 'Rory', lastName: 'Rolechange' });
    const name = 'Rory Rolechange';
    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(learner.email);
    const row = page.getByRole('row').filter({ hasText: learner.email });
    await expect(row).toHaveCount(1);
    const dialog = page.getByRole('dialog');

    await row.getByLabel(`Role of ${name}`).selectOption('admin');
    await expect(dialog).toContainText(`Make ${name} an Admin?`);
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText(`${name} is now an Admin`)).toBeVisible();
    await expect(row.getByLabel(`Role of ${name}`)).toHaveValue('admin');
    await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeDisabled();
    const asAdmin = await loginStatus(request, baseURL, learner);
    expect(asAdmin.body.data.user.role).toBe('admin');

    await row.getByLabel(`Role of ${name}`).selectOption('user');
    await dialog.getByRole('button', { name: 'Make User' }).click();
    await expect(row.getByLabel(`Role of ${name}`)).toHaveValue('user');
    await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeEnabled();

    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expect(dialog).toContainText(`Deactivate ${name}?`);
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
    const refused = await loginStatus(request, baseURL, learner);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('ACCOUNT_DEACTIVATED');

    await row.getByRole('button', { name: `Activate ${name}` }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    expect((await loginStatus(request, baseURL, learner)).status).toBe(200);

    // The delete confirmation uses the spec's words, and Cancel keeps the account.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(dialog).toContainText(
      'Are you sure you want to delete this user? This action cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);
  });

  test('an admin gives a free learner 30 days of premium, who can then start a quiz; revoking ends it at once', async ({
    page,
    browser,
    signIn,
    baseURL,
  }) => {
    const learner = await createLearner(baseURL!, { firstName: 'Gail', lastName: 'Granted' });
    const name = 'Gail Granted';
    const learnerContext = await browser.newContext({ baseURL });
    const learnerPage = await learnerContext.newPage();
    const response = await learnerPage.request.post('/api/auth/login', {
      data: { email: learner.email, password: learner.password },
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(response.ok()).toBeTruthy();
    await learnerPage.goto('/practice');
    await expect(
      learnerPage.getByRole('heading', { name: 'Premium Access Required' }),
    ).toBeVisible();

    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(learner.email);
    const row = page.getByRole('row').filter({ hasText: learner.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Give ${name} premium` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Days of premium')).toHaveValue('30');
    await dialog.getByLabel('Reason (kept in the activity feed)').fill('Scholarship');
    await dialog.getByRole('button', { name: 'Grant premium' }).click();
    await expect(page.getByText(`${name} has premium until`)).toBeVisible();
    await expect(row.getByText('Complimentary')).toBeVisible();

    await learnerPage.goto('/practice');
    await learnerPage.getByLabel('Questions', { exact: true }).selectOption('5');
    await learnerPage.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(learnerPage).toHaveURL(/\/quiz\/[a-z0-9]+$/);
    await learnerPage.goto('/account');
    await expect(learnerPage.getByText('Complimentary', { exact: true }).first()).toBeVisible();

    await row.getByRole('button', { name: `Revoke ${name}'s complimentary premium` }).click();
    await dialog.getByRole('button', { name: 'Revoke premium' }).click();
    await expect(page.getByText(`Complimentary premium revoked for ${name}`)).toBeVisible();
    await learnerPage.goto('/practice');
    await expect(
      learnerPage.getByRole('heading', { name: 'Premium Access Required' }),
    ).toBeVisible();
    await learnerContext.close();
  });

  test('Export Reports downloads a real admin_report.csv', async ({ page, signIn }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/admin');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Reports' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('admin_report.csv');
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Week starting,Daily unique visitors \(sum\),New users,/);
    expect(lines.at(-1)).toMatch(/^Total,/);
  });

  test('email management sends a test email and a bulk campaign through the Queue', async ({
    page,
    signIn,
    baseURL,
  }) => {
    const learner = await createLearner(baseURL!, { firstName: 'Bella', lastName: 'Bulk' });
    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/admin/email');

    const sendTest = page.getByRole('button', { name: 'Send Test Email' });
    await expect(sendTest).toBeDisabled();
    const testAddress = `test-email-${Date.now()}@example.com`;
    await page.getByLabel('Email address').fill(testAddress);
    await sendTest.click();
    const sent = page.getByText(`Test email sent successfully to ${testAddress}`);
    await expect(sent).toBeVisible();
    await sent.locator('..').getByRole('button', { name: 'Dismiss' }).click();
    await expect(sent).toBeHidden();

    const bulk = page.getByRole('region', { name: 'Bulk Email Campaign' });
    await bulk.getByRole('button', { name: 'Send Bulk Email' }).click();
    await expect(bulk.getByText('Please select at least one user')).toBeVisible();

    await bulk.getByLabel('Find users').fill(learner.email);
    await bulk.getByRole('checkbox', { name: learner.email }).check();
    await expect(bulk.getByText('1 user selected:')).toBeVisible();
    await bulk.getByLabel('Template').selectOption('expiry-reminder');
    await bulk.getByRole('button', { name: 'Send Bulk Email' }).click();
    await expect(page.getByText('Bulk email completed: 1 sent, 0 failed')).toBeVisible({
      timeout: 30_000,
    });

    expect(
      await outboxEmails(page.request, { to: learner.email, template: 'expiry-reminder' }),
    ).not.toEqual([]);
    await expect(page.getByRole('cell', { name: learner.email }).first()).toBeVisible();
  });

  test('a page view on the learner site counts a visitor in the funnel', async ({
    page,
    playwright,
    baseURL,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    const before = await adminData<{ funnel: { visitors: number } }>(page, '/analytics?days=7');
    const visitor = await playwright.request.newContext({
      baseURL,
      userAgent: `Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 e2e-${Date.now()}`,
    });
    expect((await visitor.get('/faq')).ok()).toBeTruthy();
    await visitor.dispose();
    await expect
      .poll(
        async () =>
          (await adminData<{ funnel: { visitors: number } }>(page, '/analytics?days=7')).funnel
            .visitors,
      )
      .toBe(before.funnel.visitors + 1);
  });
});
