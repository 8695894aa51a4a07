import { DEMO_ACCOUNTS, EMAIL_POLL, expect, logOut, outboxEmails, test } from './fixtures.ts';

test.describe('site shell', () => {
  test('the landing page is server-rendered with figures from the database and no script', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Pass your Basic Operations drone exam with confidence');
    expect(html).not.toContain('<script');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Basic Operations drone exam/);
    const stats = await (await request.get('/api/statistics')).json();
    await expect(page.getByText('Practice questions').locator('..')).toContainText(
      String(stats.data.activeQuestions),
    );
    await expect(page.getByTestId('disclaimer')).toContainText('not affiliated with');
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
  });

  test('an unknown path shows the 404 page with a way home', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 404/);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the mobile menu opens and navigates on a phone-sized screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/faq');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByLabel('Menu').click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile).toBeVisible();
    await mobile.getByRole('link', { name: 'Pricing' }).click();
    await expect(page.getByRole('heading', { name: 'Simple pricing' })).toBeVisible();
  });

  test('the header shows the signed-in links, and Admin only to admins', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.learner);
    await page.goto('/pricing');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await logOut(page);

    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/pricing');
    await expect(header.getByRole('link', { name: 'Admin' })).toBeVisible();
  });

  test('form pages break no rule of the Content Security Policy, validation included', async ({
    page,
    signIn,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    const violations: string[] = [];
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue')
        violations.push(JSON.stringify(issue.details));
    });
    await cdp.send('Audits.enable');
    for (const path of ['/login', '/register', '/contact']) {
      await page.goto(path);
      await page.getByRole('button', { name: /Log in|Create account|Send message/ }).click();
      await expect(page.getByText(/required|Please enter/).first()).toBeVisible();
    }
    await signIn(DEMO_ACCOUNTS.premium);
    for (const path of ['/dashboard', '/practice', '/account']) await page.goto(path);
    expect(violations).toEqual([]);
  });
});

test.describe('contact form', () => {
  test('shows each field error, then the success text; the message is stored and its notification queued', async ({
    page,
    request,
  }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    // A plain form post (the page ships no script): the first refused field has the focus.
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.locator('script[src]')).toHaveCount(0);

    const stamp = Date.now();
    await page.getByLabel('Name').fill('Casey Contact');
    await page.getByLabel('Email').fill(`casey-${stamp}@example.com`);
    await page.getByLabel('Subject').selectOption('course-info');
    await page.getByLabel('Message').fill(`Do the modules cover night flying? (${stamp})`);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(
      page.getByText("Thank you for your message! We'll get back to you soon."),
    ).toBeVisible();

    await expect
      .poll(
        async () =>
          (await outboxEmails(request)).some((email) => email.text.includes(String(stamp))),
        EMAIL_POLL,
      )
      .toBe(true);
    await page.goto('/dev/emails');
    await expect(
      page.getByText(`Contact form: course-info from Casey Contact`).first(),
    ).toBeVisible();
  });
});

test.describe('admin console', () => {
  test('an admin loads the remote from the admin worker and moves between tabs', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    const remoteEntry = page.waitForResponse((response) =>
      response.url().endsWith('/admin-remote/remoteEntry.js'),
    );
    await page.goto('/admin');
    expect((await remoteEntry).ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Admin sections' });
    for (const tab of [
      'Users',
      'Content',
      'Quiz Management',
      'Analytics',
      'Email Management',
      'Overview',
    ]) {
      await tabs.getByRole('link', { name: tab }).click();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    }
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a learner sees Access Denied', async ({ page, signIn }) => {
    await signIn(DEMO_ACCOUNTS.learner);
    await page.goto('/admin');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(
      page.getByText("You don't have permission to access the admin panel."),
    ).toBeVisible();
  });
});
