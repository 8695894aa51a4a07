import { expect, test as base } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../scripts/lib/demo-accounts.ts';

export { expect, DEMO_ACCOUNTS };

export type Account = { email: string; password: string };

type Fixtures = {
  /**
   * Signs in through the API from inside the browser context, so the session cookie lands in the
   * browser exactly as a real sign-in leaves it. Tests of the sign-in form itself drive the form.
   */
  signIn: (account: Account) => Promise<void>;
  consoleErrors: string[];
  /** Declares a console error the test expects (e.g. the browser's log of a 404 document). */
  allowConsoleError: (pattern: RegExp) => void;
};

export const test = base.extend<Fixtures>({
  signIn: async ({ page, baseURL }, use) => {
    await use(async (account) => {
      const response = await page.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
        headers: { origin: new URL(baseURL!).origin },
      });
      expect(response.ok(), await response.text()).toBeTruthy();
    });
  },
  // oxlint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  allowConsoleError: async ({}, use, testInfo) => {
    await use((pattern) => {
      (testInfo as unknown as { allowed?: RegExp[] }).allowed ??= [];
      (testInfo as unknown as { allowed: RegExp[] }).allowed.push(pattern);
    });
  },
  /** Fails the test on any unexpected console error or uncaught page error (the Epic Stack's rule). */
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      const allowed = (testInfo as unknown as { allowed?: RegExp[] }).allowed ?? [];
      expect(
        errors.filter((error) => !allowed.some((pattern) => pattern.test(error))),
        'console errors',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
