import { Hono } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import {
  EMAIL_NOT_VERIFIED_MESSAGE,
  LoginSchema,
  RegisterSchema,
  VerifyEmailSchema,
} from '@drone-exam/shared';
import { VERIFY_LINK_TTL_MS } from '@drone-exam/shared/constants';
import { hasPremium } from '@drone-exam/shared/access';
import { hashPassword, verifyPassword } from '@drone-exam/shared/password';
import type { AppEnv } from '../env.ts';
import { authTokens, users, userStats } from '../db/schema.ts';
import { ApiError, ok, validate } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { iso } from '../lib/time.ts';
import { bumpCounter, recordActivity, trackEvent } from '../lib/events.ts';
import { verifyBotCheck } from '../lib/turnstile.ts';
import { clientIp, jsonField, rateLimit } from '../middleware/rate-limit.ts';
import { requireAuth } from '../middleware/auth.ts';
import { dispatchEmails, prepareEmail } from '../email/outbox.ts';
import { clearSessionCookie, closeSession, openSession, setSessionCookie } from './session.ts';
import {
  appLink,
  findUsableToken,
  findUserByEmail,
  findUserById,
  prepareAuthToken,
  toPublicUser,
} from './queries.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Please contact support.';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const VERIFY_FAILED = 'Email verification failed. The token may be expired or invalid.';

/** Hashing a throwaway password when the address is unknown keeps login timing uniform. */
const TIMING_DECOY = hashPassword('timing-decoy-password');

const emailKey = (c: Parameters<typeof jsonField>[0]) => jsonField(c, 'email');

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/register',
    rateLimit('AUTH_LIMITER', 'register', emailKey),
    validate('json', RegisterSchema),
    async (c) => {
      const input = c.req.valid('json');
      await verifyBotCheck(c.env, input.recaptchaToken, clientIp(c));
      const db = c.var.db;
      if (await findUserByEmail(db, input.email))
        throw new ApiError(409, EMAIL_TAKEN, 'EMAIL_TAKEN');

      const now = Date.now();
      const userId = newId();
      const passwordHash = await hashPassword(input.password);
      const verification = await prepareAuthToken(
        db,
        userId,
        'verify-email',
        VERIFY_LINK_TTL_MS,
        now,
      );
      const email = prepareEmail(db, {
        to: input.email,
        userId,
        template: 'verification',
        data: {
          firstName: input.firstName,
          link: appLink(
            c.env.APP_URL,
            `/verify-email?token=${encodeURIComponent(verification.token)}`,
          ),
        },
      });
      await db.batch([
        db.insert(users).values({
          id: userId,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          signupIntent: input.intent ?? null,
          lastActiveAt: now,
          createdAt: now,
          updatedAt: now,
        }),
        db.insert(userStats).values({ userId, updatedAt: now }),
        verification.insert,
        email.insert,
        ...trackEvent(
          db,
          'sign_up',
          userId,
          input.intent ? { intent: input.intent } : undefined,
          now,
        ),
        recordActivity(
          db,
          {
            userId,
            type: 'user_registered',
            title: 'Account created',
            description: `${input.firstName} ${input.lastName} registered`,
          },
          now,
        ),
        bumpCounter(db, 'users.total'),
        bumpCounter(db, 'users.active'),
      ]);
      await dispatchEmails(c.env, [email.id]);

      const user = await findUserById(db, userId);
      const session = await openSession(
        c.env,
        db,
        { id: userId, role: 'user', premiumUntil: null },
        false,
        c.req.header('user-agent'),
      );
      setSessionCookie(c, session);
      return ok(c, { token: session.token, user: toPublicUser(user!, now) }, 201);
    },
  )
  .post(
    '/login',
    rateLimit('AUTH_LIMITER', 'login', emailKey),
    validate('json', LoginSchema),
    async (c) => {
      const input = c.req.valid('json');
      await verifyBotCheck(c.env, input.recaptchaToken, clientIp(c));
      const db = c.var.db;
      const user = await findUserByEmail(db, input.email);
      const check = await verifyPassword(
        input.password,
        user?.passwordHash ?? (await TIMING_DECOY),
      );
      if (!user || !check.valid)
        throw new ApiError(401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
      if (!user.isActive) throw new ApiError(403, ACCOUNT_DEACTIVATED, 'ACCOUNT_DEACTIVATED');
      if (!user.emailVerified) {
        throw new ApiError(403, EMAIL_NOT_VERIFIED_MESSAGE, 'EMAIL_NOT_VERIFIED');
      }

      const now = Date.now();
      const session = await openSession(
        c.env,
        db,
        user,
        input.rememberMe,
        c.req.header('user-agent'),
      );
      const newHash = check.needsRehash ? await hashPassword(input.password) : null;
      await db.batch([
        db
          .update(users)
          .set({
            lastLoginAt: now,
            lastActiveAt: now,
            ...(newHash ? { passwordHash: newHash } : {}),
          })
          .where(eq(users.id, user.id)),
        ...trackEvent(db, 'login', user.id, undefined, now),
      ]);
      setSessionCookie(c, session);
      return ok(c, {
        token: session.token,
        user: toPublicUser({ ...user, lastLoginAt: now }, now),
      });
    },
  )
  .post('/logout', async (c) => {
    const auth = c.var.auth;
    if (auth) await closeSession(c.env, c.var.db, auth.sid);
    clearSessionCookie(c);
    return ok(c, { loggedOut: true });
  })
  .get('/me', requireAuth, async (c) => {
    const user = await findUserById(c.var.db, c.var.auth!.userId);
    if (!user || !user.isActive) {
      clearSessionCookie(c);
      throw new ApiError(401, 'Authentication required', 'UNAUTHENTICATED');
    }
    return ok(c, { user: toPublicUser(user) });
  })
  .get('/profile', requireAuth, async (c) => {
    const user = await findUserById(c.var.db, c.var.auth!.userId);
    if (!user || !user.isActive)
      throw new ApiError(401, 'Authentication required', 'UNAUTHENTICATED');
    return ok(c, { user: toPublicUser(user) });
  })
  .get('/premium-status', requireAuth, async (c) => {
    const auth = c.var.auth!;
    return ok(c, {
      hasPremium: hasPremium(auth),
      expiresAt: auth.role === 'admin' ? null : iso(auth.premiumUntil),
      isAdmin: auth.role === 'admin',
    });
  })
  .post('/verify-email', validate('json', VerifyEmailSchema), async (c) => {
    const db = c.var.db;
    const now = Date.now();
    const row = await findUsableToken(db, c.req.valid('json').token, 'verify-email', now);
    // Consuming the token is its own statement so two clicks on one link cannot both succeed.
    const consumed = row
      ? await db
          .update(authTokens)
          .set({ usedAt: now })
          .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
          .returning({ userId: authTokens.userId })
      : [];
    const user = consumed[0] ? await findUserById(db, consumed[0].userId) : null;
    if (!user || !user.isActive) {
      await db.batch([
        ...trackEvent(db, 'email_verification_failed', user?.id ?? null, undefined, now),
      ]);
      throw new ApiError(400, VERIFY_FAILED, 'INVALID_TOKEN');
    }
    if (!user.emailVerified) {
      const welcome = prepareEmail(db, {
        to: user.email,
        userId: user.id,
        template: 'welcome',
        data: { firstName: user.firstName, link: appLink(c.env.APP_URL, '/dashboard') },
      });
      await db.batch([
        db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, user.id)),
        welcome.insert,
        ...trackEvent(db, 'email_verified', user.id, undefined, now),
        bumpCounter(db, 'users.verified'),
      ]);
      await dispatchEmails(c.env, [welcome.id]);
    }

    // Following the emailed link proves the address, so a visitor in another browser is signed in.
    let token: string | null = null;
    if (!c.var.auth || c.var.auth.userId !== user.id) {
      const session = await openSession(c.env, db, user, false, c.req.header('user-agent'));
      setSessionCookie(c, session);
      token = session.token;
    }
    return ok(c, {
      user: toPublicUser({ ...user, emailVerified: true }, now),
      token,
      next: user.signupIntent === 'premium' ? '/pricing?intent=premium' : '/dashboard',
    });
  });
