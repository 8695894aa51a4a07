import axe from 'axe-core';
import {
  expect,
  request as playwrightRequest,
  test as base,
  type APIRequestContext,
  type Cookie,
  type Page,
} from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../scripts/lib/demo-accounts.ts';
import { TOC_SCROLL_OFFSET_PX } from '../../learner/app/components/study/constants.ts';
import { SESSION_COOKIE } from '../../shared/src/schemas/auth-values.ts';

export { expect, DEMO_ACCOUNTS };

/**
 * Opens a page with its scripts held, as on a slow phone, so it stays as the server rendered it;
 * `clickBeforeHydration` clicks a button there, waits for the plain post that sends the form, and
 * lets the scripts through for the page that answers.
 */
export async function openUnhydrated(page: Page, path: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return {
    async clickBeforeHydration(button: string) {
      const plainPost = page.waitForRequest(
        (request) => request.method() === 'POST' && request.isNavigationRequest(),
      );
      await page.getByRole('button', { name: button }).click();
      await plainPost;
      release();
      await page.unroute('**/assets/*.js');
    },
  };
}

/**
 * Fails with every axe violation on the page (or inside `include`), naming the elements of each.
 * axe-core runs in the page itself, injected once per document: the app has no frames to collect
 * from, and @axe-core/playwright's way of finishing each run in a new blank page took about 1.5 s a
 * check against 0.4 s (docs/decisions/2026-11-30-axe-in-the-page.md). Only violations are collected.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ([context]) => {
      // A colour still changing (an answered option's 150 ms transition) is measured where it
      // comes to rest, not part way. Keyframe animations are not waited for: a toast leaves on its
      // own seconds later, and is checked while it is there.
      const transitions = document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition);
      await Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined)));
      return (window as unknown as { axe: typeof axe }).axe
        .run(context ?? document, { resultTypes: ['violations'] })
        .then((results) =>
          results.violations.map(
            (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          ),
        );
    },
    [include] as const,
  );
  expect(violations, `axe on ${page.url()}`).toEqual([]);
}

/** Waits until a module's heading sits just under the sticky header, where a contents link puts it. */
export async function headingAtTop(page: Page, name: string) {
  const heading = page.getByRole('heading', { name, exact: true });
  await expect
    .poll(async () => Math.round((await heading.boundingBox())?.y ?? -1))
    .toBe(TOC_SCROLL_OFFSET_PX);
  return heading;
}

/**
 * The page's main content. A part of a page streamed after its shell (the dashboard's panels) also
 * sits, hidden, at the end of the body until React reveals it; when hydration has rendered that part
 * itself first, both copies are there for a moment. Locators by test id or text start from main, so
 * they find only the copy shown.
 */
export const mainOf = (page: Page) => page.getByRole('main');

/**
 * Logs out through the header, as a learner does. A page with phone reminders (the dashboard, the
 * account page) asks for their settings once it has hydrated; logging out while that request is in
 * flight gets it a 401, which the browser logs (seen on a busy machine), so the settings load first.
 */
export async function logOut(page: Page) {
  const reminders = mainOf(page).getByTestId('phone-reminders');
  if ((await reminders.count()) > 0) {
    await expect(
      reminders
        .getByLabel('Remind me at')
        .or(reminders.getByText('This browser cannot show reminders.')),
    ).toBeVisible();
  }
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
}

export type Account = { email: string; password: string };
export type Learner = Account & { firstName: string; lastName: string };

let learnerCount = 0;

/**
 * How often to look in the dev outbox: the Queue delivers a batch of emails half a second after
 * the first is sent (the browser tests' `jobsBatchTimeout`, global-setup.ts). Playwright's default
 * steps (0.1, 0.25, 0.5, then 1 s) find it only after 0.85 s; every 200 ms finds it at 0.6 s, for
 * each batch of learners the browser tests make.
 */
export const EMAIL_POLL = { intervals: [200] };

/** An email as the dev outbox lists it (`GET /api/dev/emails`, newest first). */
export type OutboxEmail = { to: string; template: string; subject: string; text: string };

/**
 * The dev outbox's newest 100 emails, newest first: those to an address (as the outbox stores it,
 * lower case) and of a kind when asked. A retry covers workerd closing an idle kept-alive connection.
 */
export async function outboxEmails(
  request: APIRequestContext,
  { to, template }: { to?: string; template?: string } = {},
): Promise<OutboxEmail[]> {
  const answer = await request.get('/api/dev/emails?limit=100', { maxRetries: 1 });
  const { data } = (await answer.json()) as { data: OutboxEmail[] };
  return data.filter(
    (email) =>
      (to === undefined || email.to === to.toLowerCase()) &&
      (template === undefined || email.template === template),
  );
}

/** Waits until an email of a kind reaches an address in the dev outbox, and returns the newest. */
export async function waitForEmail(
  request: APIRequestContext,
  to: string,
  template: string,
): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      async () => {
        [found] = await outboxEmails(request, { to, template });
        return found !== undefined;
      },
      { ...EMAIL_POLL, message: `a ${template} email to ${to} in the dev outbox` },
    )
    .toBe(true);
  return found!;
}

/** The session cookie signIn last got for each address, in this worker. */
const sessionsByEmail = new Map<string, Cookie>();

/** Learners registered and verified ahead, in this worker, that no test has been given yet. */
const readyLearners: Learner[] = [];
let registeringBatch: Promise<void> | undefined;

/**
 * How many learners are registered at once when none is ready. Each waits about half a second for
 * its verification email (the Queue's batch wait); eight at once take about as long as two one
 * after the other, and the browser tests ask for about 60.
 */
const LEARNER_BATCH = 8;

/**
 * A fresh learner, registered through the API and verified with the link from the dev outbox, in
 * a request context of its own (the test's browser stays signed out). Tests that change an account
 * (a purchase, a role change) use one of these, never a shared demo account. One with the default
 * name comes from a batch registered together, untouched until now; one with its own name is
 * registered on its own.
 */
export async function createLearner(baseURL: string, overrides: Partial<Learner> = {}) {
  if (Object.keys(overrides).length > 0) return registerLearner(baseURL, overrides);
  while (readyLearners.length === 0) {
    registeringBatch ??= Promise.all(
      Array.from({ length: LEARNER_BATCH }, () => registerLearner(baseURL)),
    )
      .then((learners) => void readyLearners.push(...learners))
      .finally(() => (registeringBatch = undefined));
    await registeringBatch;
  }
  return readyLearners.shift()!;
}

async function registerLearner(baseURL: string, overrides: Partial<Learner> = {}) {
  learnerCount += 1;
  const stamp = `${Date.now().toString(36)}-${process.pid}-${learnerCount}`;
  const learner: Learner = {
    email: `e2e-${stamp}@example.com`,
    password: 'E2ePassword123!',
    firstName: 'Erin',
    lastName: 'Tester',
    ...overrides,
  };
  const origin = new URL(baseURL).origin;
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin } });
  try {
    const registered = await api.post('/api/auth/register', {
      data: {
        email: learner.email,
        password: learner.password,
        firstName: learner.firstName,
        lastName: learner.lastName,
      },
    });
    expect(registered.ok(), await registered.text()).toBeTruthy();
    const email = await waitForEmail(api, learner.email, 'verification');
    const token = /token=([A-Za-z0-9_-]+)/.exec(email.text)?.[1];
    expect(token, email.text).toBeTruthy();
    const verified = await api.post('/api/auth/verify-email', { data: { token } });
    expect(verified.ok(), await verified.text()).toBeTruthy();
  } finally {
    await api.dispose();
  }
  return learner;
}

/** Headers to call the API as a signed-in account. */
export type ApiHeaders = { origin: string; authorization: string };

/** The demo admin's API token in this worker, while the API still accepts it. */
let adminToken: string | undefined;

/**
 * Headers to call the API as the demo admin. One session per worker is reused: sign-in is limited
 * to 10 a minute per address, and the tests that make premium learners or read answer keys sign
 * the admin in faster than that.
 */
export async function adminHeaders(request: APIRequestContext, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const headers = (token: string): ApiHeaders => ({ origin, authorization: `Bearer ${token}` });
  if (adminToken) {
    const me = await request.get('/api/auth/me', { headers: headers(adminToken), maxRetries: 1 });
    if (me.ok()) return headers(adminToken);
  }
  const login = await request.post('/api/auth/login', {
    data: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password },
    headers: { origin },
    maxRetries: 1,
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  adminToken = ((await login.json()) as { data: { token: string } }).data.token;
  return headers(adminToken);
}

/** A fresh learner with premium from the admin, and headers to call the API as them. */
export async function premiumLearner(request: APIRequestContext, baseURL: string) {
  const learner = await createLearner(baseURL);
  const origin = new URL(baseURL).origin;
  const login = await request.post('/api/auth/login', {
    data: { email: learner.email, password: learner.password },
    headers: { origin },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  const signedIn = ((await login.json()) as { data: { token: string; user: { id: string } } }).data;
  const granted = await request.post(`/api/admin/users/${signedIn.user.id}/premium`, {
    data: { days: 30 },
    headers: await adminHeaders(request, baseURL),
  });
  expect(granted.status()).toBe(201);
  return { learner, headers: { origin, authorization: `Bearer ${signedIn.token}` } };
}

/** A question with its key, as the admin's question list gives it. */
export type KeyedQuestion = {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string | null;
};

/**
 * Every active question the admin's list gives for `filter` (e.g. `category=human-factors`), page
 * by page: a sample would miss some, and other tests import inactive ones into the same bank.
 * Read as the demo admin (the only role the API gives answers to).
 */
export async function activeQuestions(
  request: APIRequestContext,
  baseURL: string,
  filter: string,
): Promise<KeyedQuestion[]> {
  const headers = await adminHeaders(request, baseURL);
  const questions: KeyedQuestion[] = [];
  for (let page = 1; ; page++) {
    const response = await request.get(`/api/admin/questions?${filter}&limit=100&page=${page}`, {
      headers,
    });
    const body = (await response.json()) as {
      data: {
        questions: Array<KeyedQuestion & { isActive: boolean }>;
        pagination: { hasNextPage: boolean };
      };
    };
    questions.push(...body.data.questions.filter((question) => question.isActive));
    if (!body.data.pagination.hasNextPage) return questions;
  }
}

type Fixtures = {
  /**
   * Signs in through the API from inside the browser context, so the session cookie lands in the
   * browser exactly as a real sign-in leaves it. Tests of the sign-in form itself drive the form.
   */
  signIn: (account: Account) => Promise<void>;
  /**
   * Signs the browser in as another account: it leaves the page first, so a page of the previous
   * account (the admin console refreshing its list) never calls the API with the next one's cookie.
   */
  switchAccount: (account: Account) => Promise<void>;
  consoleErrors: string[];
  /** Declares a console error the test expects (e.g. the browser's log of a 404 document). */
  allowConsoleError: (pattern: RegExp) => void;
};

export const test = base.extend<Fixtures>({
  signIn: async ({ page, context, baseURL }, use) => {
    await use(async (account) => {
      // Sign-in is rate limited (10 a minute per address), and many tests use the same demo
      // account, so one session per account is reused while the API still accepts it.
      // The request context keeps its connection open between calls, and workerd closes one that
      // has been idle for 5 s: a call sent as it closes is reset (ECONNRESET) before the worker
      // reads it, and is sent again on a new connection. Sign-in often follows seconds of clicking.
      const kept = sessionsByEmail.get(account.email);
      if (kept) {
        await context.addCookies([kept]);
        if ((await page.request.get('/api/auth/me', { maxRetries: 1 })).ok()) return;
        await context.clearCookies({ name: SESSION_COOKIE });
      }
      const response = await page.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
        headers: { origin: new URL(baseURL!).origin },
        maxRetries: 1,
      });
      expect(response.ok(), await response.text()).toBeTruthy();
      const session = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
      if (session) sessionsByEmail.set(account.email, session);
    });
  },
  switchAccount: async ({ page, context, signIn }, use) => {
    await use(async (account) => {
      await page.goto('about:blank');
      await context.clearCookies();
      await signIn(account);
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
        if (message.type() !== 'error') return;
        // A failed request's message does not say which request: its address is the location.
        const { url } = message.location();
        errors.push(url ? `${message.text()} (${url})` : message.text());
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
