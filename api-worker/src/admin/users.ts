import { Hono } from 'hono';
import { and, count, desc, eq, inArray, ne, not, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_USER_READ_ONLY,
  AdminUserUpdateSchema,
  AdminUsersQuerySchema,
  GrantPremiumSchema,
  pagination,
  type AdminUser,
  type AdminUsersPage,
  type PremiumChange,
} from '@drone-exam/shared';
import { effectiveRole } from '@drone-exam/shared/access';
import type { PaymentProvider } from '@drone-exam/shared/schemas/payments-values';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import {
  activities,
  payments,
  quizAttempts,
  studyProgress,
  users,
  userStats,
} from '../db/schema.ts';
import type { CounterKey } from '../db/counters.ts';
import {
  ApiError,
  conflict,
  keepsReadOnly,
  notFound,
  ok,
  validate,
  validateUpdate,
} from '../lib/http.ts';
import { iso } from '../lib/time.ts';
import { ftsQuery } from '../lib/search.ts';
import { bumpCounter, recordActivity } from '../lib/events.ts';
import { closeAllSessions } from '../auth/session.ts';
import { counterValues, selectCounters } from './figures.ts';
import { abortUnless, type Statement } from '../db/guards.ts';
import { guardedBatch } from './guards.ts';
import { grantPremium, revokePremium, USER_NOT_FOUND } from './premium.ts';
import type { AssignableRole, Role } from '@drone-exam/shared/schemas/auth-values';
import { COMPLIMENTARY_DAYS_FOR_ROLE } from '@drone-exam/shared/schemas/admin-values';

export const LAST_ADMIN = 'There must always be at least one active admin.';
export const OWN_ROLE = 'You cannot change your own role.';
export const OWN_ACCOUNT = 'You cannot deactivate your own account.';
export const ADMIN_NOT_DELETABLE =
  'Admin accounts cannot be deleted. Change the role to User first.';
export const HAS_PAYMENTS =
  'This user has payment records, which must be kept. Deactivate the account instead.';

/**
 * Premium this user was given, not paid for: an admin's complimentary days and a class seat (the
 * instructor's purchase is kept on their own record). Neither stops the account being deleted.
 */
const GRANTED_PROVIDERS: PaymentProvider[] = ['complimentary', 'class'];

const userColumns = (now: number) => ({
  user: users,
  attemptsStarted: userStats.attemptsStarted,
  attemptsCompleted: userStats.attemptsCompleted,
  scoreSum: userStats.scoreSum,
  complimentary: sql<number>`exists (select 1 from ${payments} where ${payments.userId} = ${users.id} and ${payments.provider} = 'complimentary' and ${payments.status} = 'granted' and ${payments.periodEnd} > ${now})`,
});

type UserListRow = {
  user: typeof users.$inferSelect;
  attemptsStarted: number | null;
  attemptsCompleted: number | null;
  scoreSum: number | null;
  complimentary: number | boolean;
};

function toAdminUser(row: UserListRow, now: number): AdminUser {
  const { user } = row;
  const completed = row.attemptsCompleted ?? 0;
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    role: effectiveRole(user, now),
    isActive: user.isActive,
    premiumUntil: iso(user.premiumUntil),
    complimentary: Boolean(row.complimentary),
    createdAt: iso(user.createdAt)!,
    lastLoginAt: iso(user.lastLoginAt),
    lastActiveAt: iso(user.lastActiveAt),
    stats: {
      totalAttempts: row.attemptsStarted ?? 0,
      completedAttempts: completed,
      averageScore: completed ? (row.scoreSum ?? 0) / completed : null,
    },
  };
}

const matching = (match: string): SQL =>
  sql`${users}.rowid IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${match})`;

/**
 * The role filter: premium is a paid period that has not ended (shared/access.ts), "user" a
 * learner without one. A unary + keeps SQLite off an index that would walk too many rows: the
 * role index for premium learners (the premium_until index finds the few of them), and both
 * indexes in a search, where the few full-text matches drive the query.
 */
function roleFilter(role: Role, now: number, searching = false): SQL {
  const plain = (column: SQLiteColumn) => (searching ? sql`+${column}` : sql`${column}`);
  const until = plain(users.premiumUntil);
  if (role === 'admin') return sql`${plain(users.role)} = 'admin'`;
  if (role === 'premium') return sql`+${users.role} = 'user' AND ${until} > ${now}`;
  return sql`${plain(users.role)} = 'user' AND (${until} IS NULL OR ${until} <= ${now})`;
}

const otherActiveAdmins = (id: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.role} = 'admin' AND ${users.isActive} = 1 AND ${users.id} <> ${id})`;

const withStats = (db: Db, now: number) =>
  db.select(userColumns(now)).from(users).leftJoin(userStats, eq(userStats.userId, users.id));

async function adminUser(db: Db, id: string, now = Date.now()) {
  const [row] = await withStats(db, now).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toAdminUser(row, now);
}

/**
 * Users tab (premium-quiz-admin-spec §2): list, role change, activate/deactivate, delete, with the
 * rules of ARCHITECTURE.md enforced here: admins cannot be deleted, and nobody can demote or
 * deactivate themselves or the last active admin. Role changes and deactivation end the user's
 * sessions at once; every change is an admin_action in the activity feed.
 */
export const userRoutes = new Hono<AppEnv>()
  .get('/', validate('query', AdminUsersQuerySchema), async (c) => {
    const { page, limit, search, role } = c.req.valid('query');
    const db = c.var.db;
    const now = Date.now();
    const match = search ? ftsQuery(search) : null;
    const where = and(
      match ? matching(match) : undefined,
      role ? roleFilter(role, now, !!match) : undefined,
    );
    const list = withStats(db, now)
      .where(where)
      // Premium learners are found through their expiry index, then sorted (not the other way).
      .orderBy(role === 'premium' ? sql`+${users.createdAt} desc` : desc(users.createdAt))
      .limit(limit)
      .offset((page - 1) * limit);

    // Totals without counting every row: the users.total counter, or indexed counts of the few
    // admins and premium learners (free learners are what is left).
    let rows: UserListRow[];
    let total: number;
    if (match) {
      const [found, counted] = await db.batch([
        list,
        db.select({ value: count() }).from(users).where(where),
      ]);
      rows = found;
      total = counted[0]?.value ?? 0;
    } else {
      const [found, counterRows, admins, premiums] = await db.batch([
        list,
        selectCounters(db, ['users.total']),
        db.select({ value: count() }).from(users).where(roleFilter('admin', now)),
        db.select({ value: count() }).from(users).where(roleFilter('premium', now)),
      ]);
      rows = found;
      const all = counterValues(counterRows, ['users.total'])['users.total'];
      const adminCount = admins[0]?.value ?? 0;
      const premiumCount = premiums[0]?.value ?? 0;
      total =
        role === 'admin'
          ? adminCount
          : role === 'premium'
            ? premiumCount
            : role === 'user'
              ? Math.max(0, all - adminCount - premiumCount)
              : all;
    }
    const result: AdminUsersPage = {
      users: rows.map((row) => toAdminUser(row, now)),
      pagination: { ...pagination(page, limit, total), totalUsers: total },
    };
    return ok(c, result);
  })
  .patch('/:id', validateUpdate(AdminUserUpdateSchema, ADMIN_USER_READ_ONLY), async (c) => {
    const id = c.req.param('id');
    const { changes: update, kept } = c.req.valid('json');
    const auth = c.var.auth!;
    const db = c.var.db;
    const now = Date.now();
    const [[found], [others]] = await db.batch([
      withStats(db, now).where(eq(users.id, id)).limit(1),
      db
        .select({ value: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true), ne(users.id, id))),
    ]);
    if (!found) throw notFound(USER_NOT_FOUND);
    const target = found.user;
    const asRead = toAdminUser(found, now);
    keepsReadOnly(kept, asRead, ADMIN_USER_READ_ONLY);

    // The role sent back as read (premium while a period runs) is no change and grants nothing.
    const role = update.role === asRead.role ? undefined : update.role;
    // Premium is not a stored role: asking for it grants complimentary days to a plain user.
    const grantsPremium = role === 'premium';
    // Stored roles are only user and admin (the role column never holds premium).
    const newRole = (grantsPremium ? 'user' : (role ?? target.role)) as AssignableRole;
    const newActive = update.isActive ?? target.isActive;
    const roleChanges = newRole !== target.role;
    const activeChanges = newActive !== target.isActive;
    if (roleChanges && id === auth.userId) throw conflict(OWN_ROLE, 'OWN_ACCOUNT');
    if (activeChanges && !newActive && id === auth.userId)
      throw conflict(OWN_ACCOUNT, 'OWN_ACCOUNT');
    const removesAnAdmin =
      target.role === 'admin' && target.isActive && (newRole !== 'admin' || !newActive);
    if (removesAnAdmin && (others?.value ?? 0) === 0) throw conflict(LAST_ADMIN, 'LAST_ADMIN');

    if (roleChanges || activeChanges) {
      const name = `${target.firstName} ${target.lastName} (${target.email})`;
      const statements: Statement[] = [];
      const log = (title: string, description: string) =>
        recordActivity(
          db,
          {
            userId: auth.userId,
            type: 'admin_action',
            title,
            description,
            metadata: { targetUserId: id, role: newRole, isActive: newActive },
          },
          now,
        );
      if (roleChanges) {
        statements.push(
          db
            .update(users)
            .set({ role: newRole, updatedAt: now })
            .where(and(eq(users.id, id), eq(users.role, target.role))),
          abortUnless(db, sql`changes() = 1`),
          log('Role changed', `${name} is now ${newRole === 'admin' ? 'an Admin' : 'a User'}`),
        );
      }
      if (activeChanges) {
        statements.push(
          db
            .update(users)
            .set({ isActive: newActive, updatedAt: now })
            .where(and(eq(users.id, id), eq(users.isActive, target.isActive))),
          abortUnless(db, sql`changes() = 1`),
          bumpCounter(db, 'users.active', newActive ? 1 : -1),
          log(newActive ? 'Account reactivated' : 'Account deactivated', name),
        );
      }
      if (removesAnAdmin) statements.push(abortUnless(db, otherActiveAdmins(id)));
      await guardedBatch(db, statements);
      // A new role must be read from a fresh session; a deactivated user is signed out at once.
      if (roleChanges || !newActive) await closeAllSessions(c.env, db, id);
    }
    if (grantsPremium) {
      await grantPremium(c.env, db, {
        userId: id,
        adminId: auth.userId,
        days: COMPLIMENTARY_DAYS_FOR_ROLE,
        reason: 'Role changed to premium',
      });
    }
    return ok(c, { user: await adminUser(db, id) });
  })
  .post('/:id/premium', validate('json', GrantPremiumSchema), async (c) => {
    const id = c.req.param('id');
    const { days, reason } = c.req.valid('json');
    const premiumUntil = await grantPremium(c.env, c.var.db, {
      userId: id,
      adminId: c.var.auth!.userId,
      days,
      reason,
    });
    const change: PremiumChange = {
      user: await adminUser(c.var.db, id),
      premiumUntil: iso(premiumUntil),
    };
    return ok(c, change, 201);
  })
  .delete('/:id/premium', async (c) => {
    const id = c.req.param('id');
    const premiumUntil = await revokePremium(c.env, c.var.db, {
      userId: id,
      adminId: c.var.auth!.userId,
    });
    const change: PremiumChange = {
      user: await adminUser(c.var.db, id),
      premiumUntil: iso(premiumUntil),
    };
    return ok(c, change);
  })
  .delete('/:id', async (c) => {
    const id = c.req.param('id');
    const auth = c.var.auth!;
    const db = c.var.db;
    const [[target], attempts, [study], [payment]] = await db.batch([
      db.select().from(users).where(eq(users.id, id)).limit(1),
      db
        .select({
          mode: quizAttempts.mode,
          exam: quizAttempts.exam,
          status: quizAttempts.status,
          count: count(),
          scoreSum: sql<number>`coalesce(sum(${quizAttempts.score}), 0)`,
          timeSum: sql<number>`coalesce(sum(${quizAttempts.timeSpentSeconds}), 0)`,
        })
        .from(quizAttempts)
        .where(eq(quizAttempts.userId, id))
        .groupBy(quizAttempts.mode, quizAttempts.exam, quizAttempts.status),
      db
        .select({
          started: count(),
          completed: sql<number>`coalesce(sum(${studyProgress.isCompleted}), 0)`,
        })
        .from(studyProgress)
        .where(eq(studyProgress.userId, id)),
      db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.userId, id), not(inArray(payments.provider, GRANTED_PROVIDERS))))
        .limit(1),
    ]);
    if (!target) throw notFound(USER_NOT_FOUND);
    if (target.role === 'admin') throw new ApiError(403, ADMIN_NOT_DELETABLE, 'ADMIN_PROTECTED');
    if (payment) throw conflict(HAS_PAYMENTS, 'HAS_PAYMENTS');

    // The global counters lose what this user's rows contributed (their attempts and module reads
    // go with them through the foreign keys), so the overview stays right.
    const decrements = new Map<CounterKey, number>();
    const less = (key: CounterKey, by: number) => {
      if (by) decrements.set(key, (decrements.get(key) ?? 0) + by);
    };
    less('users.total', 1);
    if (target.isActive) less('users.active', 1);
    if (target.emailVerified) less('users.verified', 1);
    for (const group of attempts) {
      less('attempts.started', group.count);
      less(`attempts.${group.mode}.started`, group.count);
      const byExam = group.mode !== 'find';
      if (byExam) less(`attempts.exam.${group.exam}.started`, group.count);
      if (group.status === 'abandoned') less('attempts.abandoned', group.count);
      if (group.status === 'completed') {
        less('attempts.completed', group.count);
        less('attempts.score_sum', group.scoreSum);
        less('attempts.time_sum', group.timeSum);
        less(`attempts.${group.mode}.completed`, group.count);
        less(`attempts.${group.mode}.score_sum`, group.scoreSum);
        if (byExam) {
          less(`attempts.exam.${group.exam}.completed`, group.count);
          less(`attempts.exam.${group.exam}.score_sum`, group.scoreSum);
        }
      }
    }
    less('study.started', study?.started ?? 0);
    less('study.completed', study?.completed ?? 0);

    await closeAllSessions(c.env, db, id);
    const now = Date.now();
    await guardedBatch(db, [
      abortUnless(
        db,
        sql`NOT EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.userId} = ${id} AND ${not(inArray(payments.provider, GRANTED_PROVIDERS))})`,
      ),
      db.delete(users).where(and(eq(users.id, id), ne(users.role, 'admin'))),
      abortUnless(db, sql`changes() = 1`),
      db.delete(activities).where(eq(activities.userId, id)),
      ...[...decrements].map(([key, by]) => bumpCounter(db, key, -by)),
      recordActivity(
        db,
        {
          userId: auth.userId,
          type: 'admin_action',
          title: 'User deleted',
          description: `${target.firstName} ${target.lastName} (${target.email})`,
          metadata: { targetUserId: id },
        },
        now,
      ),
    ]);
    return ok(c, { deleted: true, id });
  });
