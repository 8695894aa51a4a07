import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  exams,
  classAssignments,
  classes,
  classMembers,
  learnerCategories,
  payments,
  learnerQuestions,
  questions,
  quizAttempts,
  sessions,
  studyModules,
  studyProgress,
  userStats,
  users,
} from '../db/schema.ts';
import {
  CLASS_MAX_MEMBERS,
  CLASS_SEAT_PRICE_ID,
  CLASSES_PAGE_SIZE,
} from '@drone-exam/shared/schemas/classes-values';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';
import { PREMIUM_PERIOD_MS } from '../payments/fulfilment.ts';

/**
 * The classes feature's reads and writes (issue 30). Every one goes through an index: classes by
 * id, code or instructor; members by class (primary key) or by learner; the learners' own records
 * by their primary keys. Each returns a query for the caller's db.batch([...]).
 */

/** The class if `userId` teaches it; an empty result for anyone else, members included. */
export const taughtClass = (db: Db, classId: string, userId: string) =>
  db
    .select()
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.instructorId, userId)));

/** The id of the class if `userId` teaches it, as a subquery every instructor's read filters by. */
const taughtId = (db: Db, classId: string, userId: string) =>
  sql`(${db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.instructorId, userId)))})`;

/**
 * Whether the learner did what the assignment asks, from their own records (no self-ticking):
 * the module completed; a timed exam completed that was started after the assignment was set;
 * N questions of the topic answered since it was set (the learner's records by their primary key,
 * each question counted once whatever it was answered).
 */
export const assignmentDone = (userId: SQL | string): SQL => sql`(case ${classAssignments.kind}
  when 'read-module' then exists (select 1 from ${studyProgress} where ${studyProgress.userId} = ${userId} and ${studyProgress.moduleId} = ${classAssignments.moduleId} and ${studyProgress.isCompleted} = 1)
  when 'timed-exam' then exists (select 1 from ${quizAttempts} where ${quizAttempts.userId} = ${userId} and ${quizAttempts.status} = 'completed' and ${quizAttempts.createdAt} >= ${classAssignments.createdAt} and ${quizAttempts.mode} = 'timed')
  else (select count(*) from ${learnerQuestions} join ${questions} on ${questions.seq} = ${learnerQuestions.questionSeq} where ${learnerQuestions.userId} = ${userId} and ${learnerQuestions.lastAnsweredAt} >= ${classAssignments.createdAt} and ${questions.category} = ${classAssignments.category}) >= ${classAssignments.questionCount}
end)`;

/** The roster's reads, one batch: the class, its members' figures and areas, the assignments. */
export function rosterReads(db: Db, classId: string, userId: string) {
  const owned = taughtId(db, classId, userId);
  const done = assignmentDone(sql`${classMembers.userId}`);
  return [
    taughtClass(db, classId, userId),
    db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        modulesCompleted: userStats.modulesCompleted,
        attemptsCompleted: userStats.attemptsCompleted,
        lastActiveDay: userStats.lastActivityDay,
      })
      .from(classMembers)
      .innerJoin(users, eq(users.id, classMembers.userId))
      .leftJoin(userStats, eq(userStats.userId, classMembers.userId))
      .where(eq(classMembers.classId, owned)),
    db
      .select({
        userId: learnerCategories.userId,
        category: learnerCategories.category,
        answers: learnerCategories.answers,
        correct: learnerCategories.correct,
        questions: learnerCategories.questions,
        weightedAnswers: learnerCategories.weightedAnswers,
        weightedCorrect: learnerCategories.weightedCorrect,
        lastAnsweredAt: learnerCategories.lastAnsweredAt,
      })
      .from(classMembers)
      .innerJoin(learnerCategories, eq(learnerCategories.userId, classMembers.userId))
      .where(eq(classMembers.classId, owned)),
    db
      .select()
      .from(classAssignments)
      .where(eq(classAssignments.classId, owned))
      .orderBy(asc(classAssignments.createdAt)),
    db
      .select({ assignmentId: classAssignments.id, userId: classMembers.userId })
      .from(classAssignments)
      .innerJoin(classMembers, eq(classMembers.classId, classAssignments.classId))
      .where(and(eq(classAssignments.classId, owned), sql`${done}`)),
    // The class's exam: its blueprint and pass mark are what the roster forecasts.
    db
      .select({ exam: exams })
      .from(classes)
      .innerJoin(exams, eq(exams.id, classes.exam))
      .where(and(eq(classes.id, classId), eq(classes.instructorId, userId))),
  ] as const;
}

/** A page of the classes a learner teaches, newest first. */
export const taughtBy = (db: Db, userId: string, page: number) =>
  db
    .select()
    .from(classes)
    .where(eq(classes.instructorId, userId))
    .orderBy(desc(classes.createdAt), desc(classes.id))
    .limit(CLASSES_PAGE_SIZE)
    .offset((page - 1) * CLASSES_PAGE_SIZE);

/** The ids of a page of the classes a learner is in, latest joined first. */
const joinedPage = (db: Db, userId: string, page: number) =>
  db
    .select({ classId: classMembers.classId })
    .from(classMembers)
    .where(eq(classMembers.userId, userId))
    .orderBy(desc(classMembers.joinedAt), desc(classMembers.classId))
    .limit(CLASSES_PAGE_SIZE)
    .offset((page - 1) * CLASSES_PAGE_SIZE);

/** A page of the classes a learner is in, with their instructor's name. */
export const joinedBy = (db: Db, userId: string, page: number) =>
  db
    .select({
      id: classes.id,
      name: classes.name,
      exam: classes.exam,
      examDate: classes.examDate,
      instructorFirstName: users.firstName,
      instructorLastName: users.lastName,
    })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .innerJoin(users, eq(users.id, classes.instructorId))
    .where(eq(classMembers.userId, userId))
    .orderBy(desc(classMembers.joinedAt), desc(classMembers.classId))
    .limit(CLASSES_PAGE_SIZE)
    .offset((page - 1) * CLASSES_PAGE_SIZE);

/** The assignments of the classes on the learner's page, each with whether they did it. */
export const assignmentsOf = (db: Db, userId: string, page: number) =>
  db
    .select({
      classId: classAssignments.classId,
      id: classAssignments.id,
      kind: classAssignments.kind,
      moduleSlug: classAssignments.moduleSlug,
      category: classAssignments.category,
      questionCount: classAssignments.questionCount,
      dueAt: classAssignments.dueAt,
      createdAt: classAssignments.createdAt,
      done: sql<number>`${assignmentDone(userId)}`,
    })
    .from(classMembers)
    .innerJoin(classAssignments, eq(classAssignments.classId, classMembers.classId))
    .where(
      and(
        eq(classMembers.userId, userId),
        inArray(classMembers.classId, joinedPage(db, userId, page)),
      ),
    )
    .orderBy(asc(classAssignments.dueAt));

export const countTaught = (db: Db, userId: string) =>
  db.select({ value: count() }).from(classes).where(eq(classes.instructorId, userId));

export const countJoined = (db: Db, userId: string) =>
  db.select({ value: count() }).from(classMembers).where(eq(classMembers.userId, userId));

export const countAssignments = (db: Db, classId: string) =>
  db.select({ value: count() }).from(classAssignments).where(eq(classAssignments.classId, classId));

/** The class with that code, unless an admin suspended it (then the code answers as unknown). */
export const classByCode = (db: Db, code: string) =>
  db
    .select()
    .from(classes)
    .where(and(eq(classes.code, code), isNull(classes.suspendedAt)));

export const membership = (db: Db, classId: string, userId: string) =>
  db
    .select({ joinedAt: classMembers.joinedAt })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)));

/** Adds the learner unless the class is full: the cap is checked in the insert itself. */
export const addMember = (db: Db, classId: string, userId: string, now: number) =>
  db
    .insert(classMembers)
    .select(
      db
        .select({
          classId: classes.id,
          userId: sql`${userId}`.as('user_id'),
          joinedAt: sql`${now}`.as('joined_at'),
          seatGrantId: sql`null`.as('seat_grant_id'),
        })
        .from(classes)
        .where(and(eq(classes.id, classId), lt(classes.memberCount, CLASS_MAX_MEMBERS))),
    )
    .onConflictDoNothing();

/** Recounts the members (at most 200, by the primary key), in the batch that changed them. */
export const recountMembers = (db: Db, classId: string) =>
  db
    .update(classes)
    .set({
      memberCount: sql`(select count(*) from ${classMembers} where ${classMembers.classId} = ${classId})`,
    })
    .where(eq(classes.id, classId));

export const removeMember = (db: Db, classId: string, userId: string) =>
  db
    .delete(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)))
    .returning({ userId: classMembers.userId });

/** A published module by its slug, for a read-module assignment. */
export const publishedModule = (db: Db, slug: string) =>
  db
    .select({ id: studyModules.id, slug: studyModules.slug })
    .from(studyModules)
    .where(and(eq(studyModules.slug, slug), eq(studyModules.status, 'published')));

export const verifiedUser = (db: Db, userId: string) =>
  db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));

/** Removes a member only from a class `instructorId` teaches. */
export const removeTaughtMember = (db: Db, classId: string, instructorId: string, userId: string) =>
  db
    .delete(classMembers)
    .where(
      and(
        eq(classMembers.classId, taughtId(db, classId, instructorId)),
        eq(classMembers.userId, userId),
      ),
    )
    .returning({ userId: classMembers.userId });

/** A member of the class with what their removal email needs (address, name, language). */
export const memberOf = (db: Db, classId: string, userId: string) =>
  db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)));

/** An open session of a member just seated, with their new expiry (grantSeats' last read). */
export type SeatedSession = { id: string; expiresAt: number; premiumUntil: number | null };

/** What a member's class seat is recorded as: a granted period in their payment history. */
const seatPaymentId = (grantId: string) => sql`${grantId} || '-' || ${classMembers.userId}`;

/**
 * Gives the class's free seats to its members who have none, first joined first, in the caller's
 * batch: each gets a granted premium period from max(now, their own expiry), their expiry moves to
 * its end, and the class counts the seats used. A member who already had a seat of this class
 * (and left and came back) gets no second one. `grantId` marks this batch's seats. `seated` returns
 * the members seated and `sessions` their open sessions with their new expiry; both run after
 * `writes`, and a class with no free seat seats nobody.
 */
export function grantSeats(db: Db, classId: string, grantId: string, now: number) {
  const seatless = sql`select ${classMembers.userId} from ${classMembers}
    where ${classMembers.classId} = ${classId} and ${classMembers.seatGrantId} is null
      and not exists (select 1 from ${payments} where ${payments.userId} = ${classMembers.userId} and ${payments.classId} = ${classId})
    order by ${classMembers.joinedAt}, ${classMembers.userId}
    limit max(0, (select ${classes.seatsBought} - ${classes.seatsUsed} from ${classes} where ${classes.id} = ${classId}))`;
  const seated = and(eq(classMembers.classId, classId), eq(classMembers.seatGrantId, grantId));
  const start = sql`max(${now}, coalesce(${users.premiumUntil}, 0))`;
  return {
    writes: [
      db
        .update(classMembers)
        .set({ seatGrantId: grantId })
        .where(
          and(eq(classMembers.classId, classId), sql`${classMembers.userId} in (${seatless})`),
        ),
      db.insert(payments).select(
        sql`select ${seatPaymentId(grantId)}, ${classMembers.userId}, 'class', ${seatPaymentId(grantId)}, null, null, ${CLASS_SEAT_PRICE_ID}, 0, ${PREMIUM_OFFER.currency}, 'granted', ${start}, ${start} + ${PREMIUM_PERIOD_MS}, null, null, null, null, ${classId}, ${now}
        from ${classMembers} join ${users} on ${users.id} = ${classMembers.userId}
        where ${classMembers.classId} = ${classId} and ${classMembers.seatGrantId} = ${grantId}`,
      ),
      db
        .update(classes)
        .set({
          seatsUsed: sql`${classes.seatsUsed} + (select count(*) from ${classMembers} where ${seated})`,
        })
        .where(eq(classes.id, classId)),
    ],
    seated: db
      .update(users)
      .set({
        premiumUntil: sql`(select ${payments.periodEnd} from ${payments} where ${payments.checkoutSessionId} = ${grantId} || '-' || ${users.id})`,
        updatedAt: now,
      })
      .where(
        sql`${users.id} in (select ${classMembers.userId} from ${classMembers} where ${seated})`,
      )
      .returning({ id: users.id }),
    // The seated members' open sessions, to carry their new expiry (classes/seats.ts).
    sessions: db
      .select({ id: sessions.id, expiresAt: sessions.expiresAt, premiumUntil: users.premiumUntil })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        sql`${sessions.userId} in (select ${classMembers.userId} from ${classMembers} where ${seated})`,
      ),
  };
}
