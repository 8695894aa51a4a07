import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED_MESSAGE, type PublicUser } from '@drone-exam/shared';
import {
  call,
  callOk,
  createUser,
  login,
  signedInUser,
  testDb,
  tokenFromEmail,
  waitForEmail,
} from '../../test/helpers.ts';
import { analyticsEvents, users } from '../db/schema.ts';

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
