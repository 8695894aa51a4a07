import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_NOT_VERIFIED_MESSAGE,
  LOGIN_TO_RESEND,
  RESET_EMAIL_SENT,
  RESET_LINK_UNUSABLE,
  RESET_SUCCESS,
  VERIFICATION_SENT,
  type PublicUser,
} from '@drone-exam/shared';
import {
  call,
  callOk,
  createUser,
  login,
  signedInUser,
  testDb,
  RATE_LIMIT_TEST_TIMEOUT_MS,
  startOfRateLimitWindow,
  tokenFromEmail,
  waitForEmail,
} from '../../test/helpers.ts';
import { analyticsEvents, authTokens, emails, users } from '../db/schema.ts';

const registration = (email: string) => ({
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email,
  password: 'long-enough-password',
});

describe('POST /api/auth/register', () => {
  it('creates an unverified user, signs them in and queues the verification email', async () => {
    const { status, json, headers } = await call<{ token: string; user: PublicUser }>(
      '/api/auth/register',
      {
        body: registration('Ada@Example.com'),
      },
    );
    expect(status).toBe(201);
    if (!json.success) throw new Error(json.error);
    expect(json.data.token.split('.')).toHaveLength(3);
    expect(json.data.user).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      emailVerified: false,
      role: 'user',
      hasPremium: false,
    });
    expect(headers.get('set-cookie')).toMatch(/session=.+HttpOnly/i);

    const email = await waitForEmail('ada@example.com', 'verification');
    expect(email.subject).toContain('Verify your email');
    expect(email.html).toContain('http://app.test/verify-email?token=');
    expect(email.provider).toBe('outbox');
  });

  it('refuses a second account with the same address, whatever its case', async () => {
    await createUser({ email: 'taken@example.com' });
    const { status, json } = await call('/api/auth/register', {
      body: registration('TAKEN@example.com'),
    });
    expect(status).toBe(409);
    expect(json).toMatchObject({ success: false, code: 'EMAIL_TAKEN' });
  });

  it('answers twenty registrations of one address at once with one account and the rest refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('/api/auth/register', { body: registration('race@example.com') }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201 && status !== 409 && status !== 429)).toEqual(
      [],
    );
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.json).toMatchObject({ success: false, code: 'EMAIL_TAKEN' });
    }
    const stored = await testDb().select().from(users).where(eq(users.email, 'race@example.com'));
    expect(stored).toHaveLength(1);
  });

  it.each([
    [{ firstName: 'Eve\u202eLOVE' }, 'firstName'],
    [{ lastName: 'Null\u0000' }, 'lastName'],
    [{ lastName: 'Zero\u200bwidth' }, 'lastName'],
    [{ firstName: 'Eve\r\nBcc: victim@example.com' }, 'firstName'],
  ])('refuses a name with hidden characters: %o', async (change, field) => {
    const { status, json } = await call('/api/auth/register', {
      body: { ...registration('hidden@example.com'), ...change },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      success: false,
      fields: { [field]: 'Remove the control or text-direction characters from this field' },
    });
  });

  it('keeps accents and emoji in a name', async () => {
    const { status, json } = await call<{ user: PublicUser }>('/api/auth/register', {
      body: { ...registration('zoe@example.com'), firstName: 'Zoë 🚁', lastName: 'Ångström' },
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({ data: { user: { firstName: 'Zoë 🚁', lastName: 'Ångström' } } });
  });

  it.each([
    [{ firstName: '  ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ email: 'no-at-sign' }, 'email', 'Please enter a valid email'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
  ])('rejects %o with a field message', async (change, field, message) => {
    const { status, json } = await call('/api/auth/register', {
      body: { ...registration('field@example.com'), ...change },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, fields: { [field]: message } });
  });
});

describe('email verification', () => {
  it('verifies once with the emailed token, then refuses the same token', async () => {
    await call('/api/auth/register', { body: registration('verify@example.com') });
    const email = await waitForEmail('verify@example.com', 'verification');
    const token = tokenFromEmail(email.text);

    const first = await call<{ user: PublicUser; token: string | null; next: string }>(
      '/api/auth/verify-email',
      {
        body: { token },
      },
    );
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      success: true,
      data: { user: { emailVerified: true }, next: '/dashboard' },
    });
    await waitForEmail('verify@example.com', 'welcome');

    const again = await call('/api/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      success: false,
      error: 'Email verification failed. The token may be expired or invalid.',
    });
    expect(
      await login({ email: 'verify@example.com', password: 'long-enough-password' }),
    ).toBeTruthy();
  });

  it('refuses a forged token and records the failure', async () => {
    const { status } = await call('/api/auth/verify-email', {
      body: { token: 'not-a-real-token-at-all' },
    });
    expect(status).toBe(400);
    const rows = await testDb()
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, 'email_verification_failed'));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in a verified user with a token and a cookie', async () => {
    const user = await createUser({ email: 'pilot@example.com' });
    const { status, json, headers } = await call<{ token: string; user: PublicUser }>(
      '/api/auth/login',
      {
        body: { email: 'PILOT@example.com', password: user.password },
      },
    );
    expect(status).toBe(200);
    expect(json).toMatchObject({
      success: true,
      data: { user: { id: user.id, email: 'pilot@example.com' } },
    });
    expect(headers.get('set-cookie')).toMatch(/Max-Age=86400/);
  });

  it('keeps a remembered session for 30 days', async () => {
    const user = await createUser();
    const { headers } = await call('/api/auth/login', {
      body: { email: user.email, password: user.password, rememberMe: true },
    });
    expect(headers.get('set-cookie')).toMatch(/Max-Age=2592000/);
  });

  it('refuses a wrong password and an unknown address with the same answer', async () => {
    const user = await createUser();
    const wrong = await call('/api/auth/login', {
      body: { email: user.email, password: 'wrong-password' },
    });
    const unknown = await call('/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'whatever1' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
  });

  it('refuses an unverified account with EMAIL_NOT_VERIFIED and the spec text', async () => {
    const user = await createUser({ emailVerified: false });
    const { status, json } = await call('/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(status).toBe(403);
    expect(json).toEqual({
      success: false,
      error: EMAIL_NOT_VERIFIED_MESSAGE,
      code: 'EMAIL_NOT_VERIFIED',
    });
  });

  it('refuses a deactivated account', async () => {
    const user = await createUser({ isActive: false });
    const { status, json } = await call('/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(status).toBe(403);
    expect(json).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
  });
});

describe('sessions', () => {
  it('accepts the bearer token and the cookie on /me and /profile', async () => {
    const user = await signedInUser({ firstName: 'Grace' });
    const viaBearer = await callOk<{ user: PublicUser }>('/api/auth/me', { token: user.token });
    const viaCookie = await callOk<{ user: PublicUser }>('/api/auth/profile', {
      cookie: `session=${user.token}`,
    });
    expect(viaBearer.user.firstName).toBe('Grace');
    expect(viaCookie.user.id).toBe(user.id);
  });

  it('refuses a visitor, a forged token and an expired token', async () => {
    expect((await call('/api/auth/me')).status).toBe(401);
    const user = await createUser();
    const forged = await new SignJWT({ role: 'admin', sid: 'made-up' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-of-at-least-32-chars'));
    expect((await call('/api/auth/me', { token: forged })).status).toBe(401);
    const expired = await new SignJWT({ role: 'user', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(env.JWT_SECRET));
    expect((await call('/api/auth/me', { token: expired })).status).toBe(401);
  });

  it('revokes the session on logout', async () => {
    const user = await signedInUser();
    expect((await call('/api/auth/me', { token: user.token })).status).toBe(200);
    await callOk('/api/auth/logout', { method: 'POST', token: user.token });
    expect((await call('/api/auth/me', { token: user.token })).status).toBe(401);
  });

  it('drops a session whose user was deactivated', async () => {
    const user = await signedInUser();
    await testDb().update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await call('/api/auth/me', { token: user.token })).status).toBe(401);
  });
});

describe('GET /api/auth/premium-status', () => {
  it('reports premium with its expiry, admins as premium, others as not', async () => {
    const until = Date.now() + 10 * 86_400_000;
    const premium = await signedInUser({ premiumUntil: until });
    const admin = await signedInUser({ role: 'admin' });
    const free = await signedInUser();
    const lapsed = await signedInUser({ premiumUntil: Date.now() - 1000 });
    expect(await callOk('/api/auth/premium-status', { token: premium.token })).toEqual({
      hasPremium: true,
      expiresAt: new Date(until).toISOString(),
      isAdmin: false,
    });
    expect(await callOk('/api/auth/premium-status', { token: admin.token })).toMatchObject({
      hasPremium: true,
      isAdmin: true,
    });
    expect(await callOk('/api/auth/premium-status', { token: free.token })).toMatchObject({
      hasPremium: false,
    });
    expect(await callOk('/api/auth/premium-status', { token: lapsed.token })).toMatchObject({
      hasPremium: false,
    });
  });
});

async function outbox(to: string, template: (typeof emails.$inferSelect)['template']) {
  return testDb()
    .select()
    .from(emails)
    .where(and(eq(emails.toAddress, to), eq(emails.template, template)));
}

describe('POST /api/auth/resend-verification', () => {
  it("sends a fresh link to a signed-in learner's own unverified address", async () => {
    const { json } = await call<{ token: string }>('/api/auth/register', {
      body: registration('resend-me@example.com'),
    });
    if (!json.success) throw new Error(json.error);
    await waitForEmail('resend-me@example.com', 'verification');
    const answer = await callOk('/api/auth/resend-verification', {
      method: 'POST',
      token: json.data.token,
    });
    expect(answer).toEqual({ message: VERIFICATION_SENT });
    await expect
      .poll(async () => (await outbox('resend-me@example.com', 'verification')).length)
      .toBe(2);

    // The new link works.
    const [latest] = (await outbox('resend-me@example.com', 'verification')).sort(
      (a, b) => b.createdAt - a.createdAt,
    );
    await callOk('/api/auth/verify-email', { body: { token: tokenFromEmail(latest!.text) } });
  });

  it('tells a signed-in, verified learner there is nothing to do', async () => {
    const user = await signedInUser();
    const { status, json } = await call('/api/auth/resend-verification', {
      method: 'POST',
      token: user.token,
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'ALREADY_VERIFIED' });
  });

  it('answers a named address the same whether it is unverified, verified or unknown', async () => {
    const unverified = await createUser({ emailVerified: false });
    const verified = await createUser();
    const answers = [];
    for (const email of [unverified.email, verified.email, 'nobody-here@example.com']) {
      answers.push(await call('/api/auth/resend-verification', { body: { email } }));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual(answers[0]!.json);
    }
    await waitForEmail(unverified.email, 'verification');
    expect(await outbox(verified.email, 'verification')).toHaveLength(0);
  });

  it('asks a visitor who names no address to log in', async () => {
    const { status, json } = await call('/api/auth/resend-verification', { method: 'POST' });
    expect(status).toBe(401);
    expect(json).toMatchObject({ error: LOGIN_TO_RESEND });
    const invalid = await call('/api/auth/resend-verification', { body: { email: 'no-at' } });
    expect(invalid.json).toMatchObject({ fields: { email: 'Please enter a valid email' } });
  });

  it(
    'is rate limited',
    async () => {
      const email = 'resend-limit@example.com';
      await startOfRateLimitWindow();
      const statuses = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await call('/api/auth/resend-verification', { body: { email } })).status);
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.at(-1)).toBe(429);
    },
    RATE_LIMIT_TEST_TIMEOUT_MS,
  );
});

async function requestReset(email: string) {
  await callOk('/api/auth/forgot-password', { body: { email } });
  const message = await waitForEmail(email, 'password-reset');
  expect(message.text).toMatch(/http:\/\/app\.test\/reset-password\/[A-Za-z0-9_-]{20,}/);
  return tokenFromEmail(message.text);
}

describe('password reset', () => {
  it('sets the new password with the emailed link, once, and signs out every session', async () => {
    const user = await signedInUser();
    const token = await requestReset(user.email);
    expect(await callOk(`/api/auth/reset-password/${token}`)).toEqual({ valid: true });

    const done = await callOk('/api/auth/reset-password', {
      body: { token, password: 'a-brand-new-password' },
    });
    expect(done).toEqual({ message: RESET_SUCCESS });
    expect((await call('/api/auth/me', { token: user.token })).status).toBe(401);
    expect(
      (await call('/api/auth/login', { body: { email: user.email, password: user.password } }))
        .status,
    ).toBe(401);
    expect(await login({ email: user.email, password: 'a-brand-new-password' })).toBeTruthy();

    expect(await callOk(`/api/auth/reset-password/${token}`)).toEqual({ valid: false });
    const reused = await call('/api/auth/reset-password', {
      body: { token, password: 'yet-another-password' },
    });
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({ error: RESET_LINK_UNUSABLE, code: 'INVALID_TOKEN' });

    const events = await testDb()
      .select({ name: analyticsEvents.name, userId: analyticsEvents.userId })
      .from(analyticsEvents)
      .where(inArray(analyticsEvents.name, ['password_reset_success', 'password_reset_failed']))
      .orderBy(analyticsEvents.createdAt);
    expect(events).toEqual([
      { name: 'password_reset_success', userId: user.id },
      { name: 'password_reset_failed', userId: null },
    ]);
  });

  it('refuses an expired link and a forged one', async () => {
    const user = await createUser();
    const token = await requestReset(user.email);
    await testDb()
      .update(authTokens)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(authTokens.userId, user.id));
    expect(await callOk(`/api/auth/reset-password/${token}`)).toEqual({ valid: false });
    for (const candidate of [token, 'forged-token-that-was-never-issued']) {
      const { status } = await call('/api/auth/reset-password', {
        body: { token: candidate, password: 'a-brand-new-password' },
      });
      expect(status).toBe(400);
    }
    expect(await login(user)).toBeTruthy();
  });

  it('expires a link after one hour', async () => {
    const user = await createUser();
    await requestReset(user.email);
    const [row] = await testDb()
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.type, 'reset-password')));
    expect(row!.expiresAt - row!.createdAt).toBe(60 * 60 * 1000);
  });

  it('lets an unverified learner in: the link proves the address', async () => {
    const user = await createUser({ emailVerified: false });
    const token = await requestReset(user.email);
    await callOk('/api/auth/reset-password', { body: { token, password: 'verified-by-reset' } });
    expect(await login({ email: user.email, password: 'verified-by-reset' })).toBeTruthy();
  });

  it('answers forgot-password the same for an unknown address, and sends nothing', async () => {
    const known = await createUser();
    const a = await call('/api/auth/forgot-password', { body: { email: known.email } });
    const b = await call('/api/auth/forgot-password', { body: { email: 'ghost@example.com' } });
    expect(a.json).toEqual(b.json);
    expect(a.json).toEqual({ success: true, data: { message: RESET_EMAIL_SENT } });
    await waitForEmail(known.email, 'password-reset');
    expect(await outbox('ghost@example.com', 'password-reset')).toHaveLength(0);

    const inactive = await createUser({ isActive: false });
    await callOk('/api/auth/forgot-password', { body: { email: inactive.email } });
    expect(await outbox(inactive.email, 'password-reset')).toHaveLength(0);
  });

  it.each([
    ['/api/auth/forgot-password', { email: '' }, 'email', 'Please enter your email address'],
    [
      '/api/auth/reset-password',
      { token: '', password: 'long-enough' },
      'token',
      'Invalid reset token',
    ],
    [
      '/api/auth/reset-password',
      { token: 'x'.repeat(43), password: '' },
      'password',
      'Please enter a new password',
    ],
    [
      '/api/auth/reset-password',
      { token: 'x'.repeat(43), password: 'short' },
      'password',
      'Password must be at least 8 characters long',
    ],
  ])('%s rejects %o with a field message', async (path, body, field, message) => {
    const { status, json } = await call(path, { body });
    expect(status).toBe(400);
    expect(json).toMatchObject({ fields: { [field]: message } });
  });

  it(
    'rate limits forgot-password per address',
    async () => {
      await startOfRateLimitWindow();
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (await call('/api/auth/forgot-password', { body: { email: 'limit@example.com' } }))
            .status,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    },
    RATE_LIMIT_TEST_TIMEOUT_MS,
  );
});

describe('PATCH /api/auth/profile', () => {
  it('changes the first and last name', async () => {
    const user = await signedInUser();
    const { user: updated } = await callOk<{ user: PublicUser }>('/api/auth/profile', {
      method: 'PATCH',
      token: user.token,
      body: { firstName: '  Amelia ', lastName: 'Earhart' },
    });
    expect(updated).toMatchObject({ firstName: 'Amelia', lastName: 'Earhart' });
    const { user: me } = await callOk<{ user: PublicUser }>('/api/auth/me', { token: user.token });
    expect(me.firstName).toBe('Amelia');
  });

  it('needs sign-in and both names', async () => {
    const anonymous = await call('/api/auth/profile', {
      method: 'PATCH',
      body: { firstName: 'A', lastName: 'B' },
    });
    expect(anonymous.status).toBe(401);
    const user = await signedInUser();
    const { status, json } = await call('/api/auth/profile', {
      method: 'PATCH',
      token: user.token,
      body: { firstName: ' ', lastName: '' },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      fields: { firstName: 'First name is required', lastName: 'Last name is required' },
    });
  });
});

describe('PATCH /api/auth/profile and PUT /api/auth/locale with the account as GET /auth/me returned it', () => {
  it('changes the name or the language; refuses another field changed, and keys that are not fields', async () => {
    const user = await signedInUser();
    const { user: me } = await callOk<{ user: PublicUser }>('/api/auth/me', { token: user.token });
    const { user: renamed } = await callOk<{ user: PublicUser }>('/api/auth/profile', {
      method: 'PATCH',
      token: user.token,
      body: { ...me, firstName: 'Amelia' },
    });
    expect(renamed).toEqual({ ...me, firstName: 'Amelia' });
    const { user: french } = await callOk<{ user: PublicUser }>('/api/auth/locale', {
      method: 'PUT',
      token: user.token,
      body: { ...renamed, locale: 'fr' },
    });
    expect(french).toEqual({ ...renamed, locale: 'fr' });

    const email = await call('/api/auth/profile', {
      method: 'PATCH',
      token: user.token,
      body: { ...french, email: 'someone-else@example.com' },
    });
    expect(email.status).toBe(400);
    expect(email.json).toMatchObject({
      error: 'Your email address cannot be changed here',
      fields: { email: 'Your email address cannot be changed here' },
    });
    const name = await call('/api/auth/locale', {
      method: 'PUT',
      token: user.token,
      body: { ...french, firstName: 'Grace', locale: 'en' },
    });
    expect(name.status).toBe(400);
    expect(name.json).toMatchObject({ fields: { firstName: 'Change your name on your profile' } });
    const unknown = await call('/api/auth/profile', {
      method: 'PATCH',
      token: user.token,
      body: { ...french, nickname: 'Millie' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'VALIDATION_ERROR' });
    const [stored] = await testDb().select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ firstName: 'Amelia', locale: 'fr' });
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs the current password', async () => {
    const user = await signedInUser();
    const { status, json } = await call('/api/auth/change-password', {
      token: user.token,
      body: { currentPassword: 'not-my-password', newPassword: 'another-good-one' },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      code: 'WRONG_PASSWORD',
      fields: { currentPassword: 'Current password is incorrect' },
    });
    const short = await call('/api/auth/change-password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'short' },
    });
    expect(short.json).toMatchObject({
      fields: { newPassword: 'Password must be at least 8 characters long' },
    });
    expect(await login(user)).toBeTruthy();
  });

  it('changes it, keeps this session and signs out the others', async () => {
    const user = await signedInUser();
    const elsewhere = await login(user);
    await callOk('/api/auth/change-password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'another-good-one' },
    });
    expect((await call('/api/auth/me', { token: user.token })).status).toBe(200);
    expect((await call('/api/auth/me', { token: elsewhere })).status).toBe(401);
    expect(await login({ email: user.email, password: 'another-good-one' })).toBeTruthy();
    expect(
      (await call('/api/auth/login', { body: { email: user.email, password: user.password } }))
        .status,
    ).toBe(401);
  });
});

describe('the remaining sign-in rules', () => {
  it('counts wrong passwords per account, and a client-sent CF-Connecting-IP changes nothing', async () => {
    const user = await createUser();
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      const { status } = await call('/api/auth/login', {
        body: { email: user.email, password: 'wrong-guess' },
        headers: { 'cf-connecting-ip': `203.0.113.${i}`, 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const [row] = await testDb().select().from(users).where(eq(users.id, user.id));
    expect(row!.failedLogins).toBe(10);
  });

  it('refuses even the right password for fifteen minutes after ten wrong ones, then clears the count', async () => {
    const user = await createUser();
    const db = testDb();
    const lock = (since: number) =>
      db
        .update(users)
        .set({ failedLogins: 10, failedLoginsSince: since })
        .where(eq(users.id, user.id));
    await lock(Date.now() - 60_000);
    const locked = await call('/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(13 * 60);

    await lock(Date.now() - 16 * 60_000);
    expect(await login(user)).toBeTruthy();
    const [cleared] = await db.select().from(users).where(eq(users.id, user.id));
    expect(cleared).toMatchObject({ failedLogins: 0, failedLoginsSince: null });
  });

  it(
    'rate limits login attempts on one address',
    async () => {
      const user = await createUser();
      await startOfRateLimitWindow();
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (await call('/api/auth/login', { body: { email: user.email, password: 'wrong-guess' } }))
            .status,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
      // Another address from the same place is not locked out.
      const other = await createUser();
      expect(await login(other)).toBeTruthy();
    },
    RATE_LIMIT_TEST_TIMEOUT_MS,
  );

  it('refuses an expired verification link', async () => {
    await call('/api/auth/register', { body: registration('late@example.com') });
    const token = tokenFromEmail((await waitForEmail('late@example.com', 'verification')).text);
    await testDb()
      .update(authTokens)
      .set({ expiresAt: Date.now() - 1000 });
    const { status, json } = await call('/api/auth/verify-email', { body: { token } });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('sends a learner who registered to buy premium on to checkout after verifying', async () => {
    await call('/api/auth/register', {
      body: { ...registration('buyer@example.com'), intent: 'premium' },
    });
    const token = tokenFromEmail((await waitForEmail('buyer@example.com', 'verification')).text);
    const data = await callOk<{ next: string; token: string | null }>('/api/auth/verify-email', {
      body: { token },
    });
    expect(data.next).toBe('/pricing?intent=premium');
    // Following the link in another browser signs the learner in there.
    expect(data.token).toBeTruthy();
  });

  it('refuses the account calls for a deactivated learner whose session is still open', async () => {
    const user = await signedInUser();
    await testDb().update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const patch = await call('/api/auth/profile', {
      method: 'PATCH',
      token: user.token,
      body: { firstName: 'Still', lastName: 'Here' },
    });
    expect(patch.status).toBe(401);
    const change = await call('/api/auth/change-password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'another-good-one' },
    });
    expect(change.status).toBe(401);
  });
});
