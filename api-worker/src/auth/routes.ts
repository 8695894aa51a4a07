import { Hono } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import {
  ChangePasswordSchema,
  EMAIL_NOT_VERIFIED_MESSAGE,
  ForgotPasswordSchema,
  LOCALE_READ_ONLY,
  TARGET_EXAM_READ_ONLY,
  TargetExamSchema,
  LocaleSchema,
  LOGIN_TO_RESEND,
  LoginSchema,
  RegisterSchema,
  RESET_EMAIL_SENT,
  RESET_LINK_UNUSABLE,
  RESET_SUCCESS,
  ResendVerificationSchema,
  ResetPasswordSchema,
  ResetTokenParamSchema,
  PROFILE_READ_ONLY,
  UpdateProfileSchema,
  VERIFICATION_SENT,
  VERIFY_EMAIL_FAILED,
  VerifyEmailSchema,
  type PublicUser,
} from '@drone-exam/shared';
import type { ReadOnlyFields } from '@drone-exam/shared/schemas/updates';
import { hasPremium } from '@drone-exam/shared/access';
import { localizeMessage } from '@drone-exam/shared/messages';
import { hashPassword, verifyPassword } from '@drone-exam/shared/password';
import type { AppEnv } from '../env.ts';
import { authTokens, users, userStats } from '../db/schema.ts';
import { ApiError, keepsReadOnly, ok, validate, validateUpdate } from '../lib/http.ts';
import { newId } from '../lib/ids.ts';
import { iso } from '../lib/time.ts';
import { bumpCounter, recordActivity, trackEvent } from '../lib/events.ts';
import { verifyBotCheck } from '../lib/turnstile.ts';
import { isUniqueViolation } from '../content/batch.ts';
import { clientIp, jsonField, rateLimit } from '../middleware/rate-limit.ts';
import { AUTH_REQUIRED, requireAuth } from '../middleware/auth.ts';
import { dispatchEmails, prepareEmail } from '../email/outbox.ts';
import {
  clearSessionCookie,
  closeAllSessions,
  closeSession,
  openSession,
  setSessionCookie,
} from './session.ts';
import {
  appLink,
  findUsableToken,
  findUserByEmail,
  findUserById,
  toPublicUser,
} from './queries.ts';
import { preparePasswordResetEmail, prepareVerificationEmail } from './emails.ts';
import { recordFailedLogin, refuseLockedAccount } from './login-failures.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Please contact support.';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const PASSWORD_CHANGED = 'Password updated. You have been signed out on your other devices.';

/**
 * Checking a password against this hash when the address is unknown keeps login timing uniform.
 * It is a constant (the hash of a random password nobody kept), not hashed at load: workerd
 * refuses random values in global scope, so a hash made at module load fails every such login.
 */
const TIMING_DECOY =
  'pbkdf2-sha256$100000$RPwaVcLPeuSRGv8j1lpBUw==$iMX1Yw7QqwKwfMhzmOIm0fVMjfsvaoBTXAJ7kSKQYtA=';

type Ctx = Parameters<typeof jsonField>[0];
const emailKey = (c: Ctx) => jsonField(c, 'email');
/** Signed-in callers are limited per account, visitors per address they name. */
const accountKey = (c: Ctx) => c.var.auth?.userId ?? jsonField(c, 'email');

const unauthenticated = () => new ApiError(401, AUTH_REQUIRED, 'UNAUTHENTICATED');

/** An account sent back as read is held to the stored one; a bare change needs no read. */
async function keepsAccountFields(
  c: Ctx,
  kept: Record<string, unknown>,
  readOnly: ReadOnlyFields<PublicUser>,
) {
  if (Object.keys(kept).length === 0) return;
  const user = await findUserById(c.var.db, c.var.auth!.userId);
  if (!user || !user.isActive) throw unauthenticated();
  keepsReadOnly(kept, toPublicUser(user), readOnly);
}

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
      // The account takes the language of the page it was created on (its emails' language).
      const locale = c.var.locale;
      const verification = await prepareVerificationEmail(
        db,
        c.env.APP_URL,
        { id: userId, email: input.email, firstName: input.firstName },
        locale,
        now,
      );
      // Two registrations of one address can both pass the check above; the unique index
      // refuses the second, which is the same answer as the check's.
      const created = db.batch([
        db.insert(users).values({
          id: userId,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          signupIntent: input.intent ?? null,
          locale,
          lastActiveAt: now,
          createdAt: now,
          updatedAt: now,
        }),
        db.insert(userStats).values({ userId, updatedAt: now }),
        ...verification.inserts,
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
      await created.catch((error: unknown) => {
        if (isUniqueViolation(error, 'users.email')) {
          throw new ApiError(409, EMAIL_TAKEN, 'EMAIL_TAKEN');
        }
        throw error;
      });
      await dispatchEmails(c.env, [verification.emailId]);

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
      // Checked before the password, so a locked account answers the same to a right guess.
      if (user) refuseLockedAccount(c, user, Date.now());
      const check = await verifyPassword(input.password, user?.passwordHash ?? TIMING_DECOY);
      if (!user || !check.valid) {
        if (user) await recordFailedLogin(db, user.id, Date.now());
        throw new ApiError(401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
      }
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
            // Emails follow the language the learner last signed in with.
            locale: c.var.locale,
            failedLogins: 0,
            failedLoginsSince: null,
            ...(newHash ? { passwordHash: newHash } : {}),
          })
          .where(eq(users.id, user.id)),
        ...trackEvent(db, 'login', user.id, undefined, now),
      ]);
      setSessionCookie(c, session);
      return ok(c, {
        token: session.token,
        user: toPublicUser({ ...user, lastLoginAt: now, locale: c.var.locale }, now),
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
      throw unauthenticated();
    }
    return ok(c, { user: toPublicUser(user) });
  })
  .get('/profile', requireAuth, async (c) => {
    const user = await findUserById(c.var.db, c.var.auth!.userId);
    if (!user || !user.isActive) throw unauthenticated();
    return ok(c, { user: toPublicUser(user) });
  })
  .patch(
    '/profile',
    requireAuth,
    validateUpdate(UpdateProfileSchema, PROFILE_READ_ONLY),
    async (c) => {
      const { changes, kept } = c.req.valid('json');
      const { firstName, lastName } = changes;
      await keepsAccountFields(c, kept, PROFILE_READ_ONLY);
      const [user] = await c.var.db
        .update(users)
        .set({ firstName, lastName, updatedAt: Date.now() })
        .where(and(eq(users.id, c.var.auth!.userId), eq(users.isActive, true)))
        .returning();
      if (!user) throw unauthenticated();
      return ok(c, { user: toPublicUser(user) });
    },
  )
  /** The language switcher, signed in: later emails (reminders, receipts) follow the choice. */
  .put('/locale', requireAuth, validateUpdate(LocaleSchema, LOCALE_READ_ONLY), async (c) => {
    const { changes, kept } = c.req.valid('json');
    const { locale } = changes;
    await keepsAccountFields(c, kept, LOCALE_READ_ONLY);
    const [user] = await c.var.db
      .update(users)
      .set({ locale })
      .where(and(eq(users.id, c.var.auth!.userId), eq(users.isActive, true)))
      .returning();
    if (!user) throw unauthenticated();
    return ok(c, { user: toPublicUser(user) });
  })
  /** The dashboard's exam switch: readiness, pools and review follow it; nothing is lost. */
  .put(
    '/target-exam',
    requireAuth,
    validateUpdate(TargetExamSchema, TARGET_EXAM_READ_ONLY),
    async (c) => {
      const { changes, kept } = c.req.valid('json');
      await keepsAccountFields(c, kept, TARGET_EXAM_READ_ONLY);
      const [user] = await c.var.db
        .update(users)
        .set({ targetExam: changes.targetExam, updatedAt: Date.now() })
        .where(and(eq(users.id, c.var.auth!.userId), eq(users.isActive, true)))
        .returning();
      if (!user) throw unauthenticated();
      return ok(c, { user: toPublicUser(user) });
    },
  )
  .post(
    '/change-password',
    requireAuth,
    rateLimit('AUTH_LIMITER', 'change-password', accountKey),
    validate('json', ChangePasswordSchema),
    async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      const auth = c.var.auth!;
      const db = c.var.db;
      const user = await findUserById(db, auth.userId);
      if (!user || !user.isActive) throw unauthenticated();
      if (!(await verifyPassword(currentPassword, user.passwordHash)).valid) {
        throw new ApiError(400, WRONG_CURRENT_PASSWORD, 'WRONG_PASSWORD', {
          currentPassword: WRONG_CURRENT_PASSWORD,
        });
      }
      const passwordHash = await hashPassword(newPassword);
      await db
        .update(users)
        .set({ passwordHash, updatedAt: Date.now() })
        .where(eq(users.id, user.id));
      // Whoever else knew the old password is signed out; this device stays signed in.
      await closeAllSessions(c.env, db, user.id, auth.sid);
      return ok(c, { message: localizeMessage(PASSWORD_CHANGED, c.var.locale) });
    },
  )
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
      throw new ApiError(400, VERIFY_EMAIL_FAILED, 'INVALID_TOKEN');
    }
    if (!user.emailVerified) {
      const welcome = prepareEmail(db, {
        to: user.email,
        userId: user.id,
        template: 'welcome',
        data: {
          firstName: user.firstName,
          link: appLink(c.env.APP_URL, '/dashboard', user.locale),
        },
        locale: user.locale,
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
  })
  .post(
    '/resend-verification',
    rateLimit('FORM_LIMITER', 'resend-verification', accountKey),
    validate('json', ResendVerificationSchema),
    async (c) => {
      const db = c.var.db;
      const auth = c.var.auth;
      const named = c.req.valid('json').email;
      if (!auth && !named) throw new ApiError(401, LOGIN_TO_RESEND, 'UNAUTHENTICATED');
      const user = auth ? await findUserById(db, auth.userId) : await findUserByEmail(db, named!);
      if (auth) {
        if (!user || !user.isActive) throw unauthenticated();
        if (user.emailVerified) throw new ApiError(400, ALREADY_VERIFIED, 'ALREADY_VERIFIED');
      }
      // A visitor gets the same answer whether or not the address is known or already verified.
      if (user && user.isActive && !user.emailVerified) {
        const verification = await prepareVerificationEmail(db, c.env.APP_URL, user, c.var.locale);
        await db.batch([...verification.inserts]);
        await dispatchEmails(c.env, [verification.emailId]);
      }
      return ok(c, { message: localizeMessage(VERIFICATION_SENT, c.var.locale) });
    },
  )
  .post(
    '/forgot-password',
    rateLimit('AUTH_LIMITER', 'forgot-password', emailKey),
    validate('json', ForgotPasswordSchema),
    async (c) => {
      const db = c.var.db;
      const user = await findUserByEmail(db, c.req.valid('json').email);
      // The answer is the same whether or not the address belongs to an account.
      if (user && user.isActive) {
        const reset = await preparePasswordResetEmail(db, c.env.APP_URL, user, c.var.locale);
        await db.batch([...reset.inserts]);
        await dispatchEmails(c.env, [reset.emailId]);
      }
      return ok(c, { message: localizeMessage(RESET_EMAIL_SENT, c.var.locale) });
    },
  )
  .get(
    '/reset-password/:token',
    rateLimit('AUTH_LIMITER', 'reset-check'),
    validate('param', ResetTokenParamSchema),
    async (c) => {
      // Tells the reset page whether to show the form; nothing about whose link it is.
      const row = await findUsableToken(c.var.db, c.req.valid('param').token, 'reset-password');
      return ok(c, { valid: row !== null });
    },
  )
  .post(
    '/reset-password',
    rateLimit('AUTH_LIMITER', 'reset-password'),
    validate('json', ResetPasswordSchema),
    async (c) => {
      const { token, password } = c.req.valid('json');
      const db = c.var.db;
      const now = Date.now();
      const row = await findUsableToken(db, token, 'reset-password', now);
      const owner = row ? await findUserById(db, row.userId) : null;
      const passwordHash = owner?.isActive ? await hashPassword(password) : null;
      // Consuming the token is its own statement so two submissions of one link cannot both succeed.
      const consumed =
        row && passwordHash
          ? await db
              .update(authTokens)
              .set({ usedAt: now })
              .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
              .returning({ userId: authTokens.userId })
          : [];
      if (!owner || !passwordHash || consumed.length === 0) {
        await db.batch([
          ...trackEvent(db, 'password_reset_failed', owner?.id ?? null, undefined, now),
        ]);
        throw new ApiError(400, RESET_LINK_UNUSABLE, 'INVALID_TOKEN');
      }
      await db.batch([
        // Following the emailed link proves the address, as verification would.
        db
          .update(users)
          // A new password ends any lockout: the guesses were against the old one.
          .set({
            passwordHash,
            emailVerified: true,
            failedLogins: 0,
            failedLoginsSince: null,
            updatedAt: now,
          })
          .where(eq(users.id, owner.id)),
        // Any other reset link still in the inbox dies with this one.
        db
          .update(authTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(authTokens.userId, owner.id),
              eq(authTokens.type, 'reset-password'),
              isNull(authTokens.usedAt),
            ),
          ),
        ...trackEvent(db, 'password_reset_success', owner.id, undefined, now),
        ...(owner.emailVerified ? [] : [bumpCounter(db, 'users.verified')]),
      ]);
      await closeAllSessions(c.env, db, owner.id);
      if (c.var.auth?.userId === owner.id) clearSessionCookie(c);
      return ok(c, { message: localizeMessage(RESET_SUCCESS, c.var.locale) });
    },
  );
