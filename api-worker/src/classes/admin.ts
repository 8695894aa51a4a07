import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { pagination } from '@drone-exam/shared/api';
import { CLASS_NOT_FOUND } from '@drone-exam/shared/schemas/classes-values';
import type { AdminClass, AdminClassesPage } from '@drone-exam/shared/schemas/classes';
import type { Db } from '../db/client.ts';
import { classes, users } from '../db/schema.ts';
import { notFound } from '../lib/http.ts';
import { iso } from '../lib/time.ts';
import { ftsQuery } from '../lib/search.ts';
import { recordActivity } from '../lib/events.ts';
import { counterValues, selectCounters } from '../admin/figures.ts';
import { seatsOf } from './service.ts';

/**
 * The admin console's side of classes (issue 30): the list of every class and suspension. A
 * suspended class keeps its members and their records; only its code and new assignments stop.
 */

/**
 * The instructor's columns share no name with the class's (a batch's rows come back keyed by
 * column name, so a second `id` would shift every field); their id is the class's instructor_id.
 */
const withInstructor = (db: Db) =>
  db
    .select({
      class: classes,
      instructor: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(classes)
    .innerJoin(users, eq(users.id, classes.instructorId));

type Row = Awaited<ReturnType<ReturnType<typeof withInstructor>['where']>>[number];

const toAdminClass = ({ class: row, instructor }: Row): AdminClass => ({
  id: row.id,
  name: row.name,
  exam: row.exam,
  instructor: { id: row.instructorId, ...instructor },
  members: row.memberCount,
  seats: seatsOf(row),
  createdAt: iso(row.createdAt)!,
  suspendedAt: iso(row.suspendedAt),
});

/** Classes whose name matches, through the classes_fts index (migration 0028). */
const named = (match: string): SQL =>
  sql`${classes}.rowid IN (SELECT rowid FROM classes_fts WHERE classes_fts MATCH ${match})`;

/**
 * One page, newest first, in one batch: the total is the classes.total counter (kept by triggers)
 * or, in a search, the indexed count of the few full-text matches.
 */
export async function listAdminClasses(
  db: Db,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<AdminClassesPage> {
  const match = query.search ? ftsQuery(query.search) : null;
  const where = match ? named(match) : undefined;
  const list = withInstructor(db)
    .where(where)
    .orderBy(desc(classes.createdAt), desc(classes.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  let rows: Row[];
  let total: number;
  if (match) {
    const [found, [counted]] = await db.batch([
      list,
      db.select({ value: count() }).from(classes).where(where),
    ]);
    rows = found;
    total = counted?.value ?? 0;
  } else {
    const [found, counted] = await db.batch([list, selectCounters(db, ['classes.total'])]);
    rows = found;
    total = counterValues(counted, ['classes.total'])['classes.total'];
  }
  return {
    classes: rows.map(toAdminClass),
    pagination: pagination(query.page, query.limit, total),
  };
}

/**
 * Suspends or lifts the suspension of a class, recorded in the activity feed. Asking for the state
 * the class is already in changes nothing and records nothing.
 */
export async function setSuspension(
  db: Db,
  classId: string,
  adminId: string,
  suspend: boolean,
  now: number,
): Promise<AdminClass> {
  const [found] = await withInstructor(db).where(eq(classes.id, classId));
  if (!found) throw notFound(CLASS_NOT_FOUND);
  if (Boolean(found.class.suspendedAt) === suspend) return toAdminClass(found);
  const suspendedAt = suspend ? now : null;
  const { instructor } = found;
  await db.batch([
    db
      .update(classes)
      .set({ suspendedAt })
      .where(
        and(
          eq(classes.id, classId),
          suspend ? isNull(classes.suspendedAt) : isNotNull(classes.suspendedAt),
        ),
      ),
    recordActivity(
      db,
      {
        userId: adminId,
        type: 'admin_action',
        title: suspend ? 'Class suspended' : 'Class suspension lifted',
        description: `${found.class.name} (${instructor.firstName} ${instructor.lastName}, ${instructor.email})`,
        metadata: { classId, instructorId: found.class.instructorId },
      },
      now,
    ),
  ]);
  return toAdminClass({ ...found, class: { ...found.class, suspendedAt } });
}
