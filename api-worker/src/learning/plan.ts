/**
 * A learner's plan (learner_plans): exam date and time zone, the reviews planned per day before
 * the exam, the recency date and the reminder choices; and the review summary read from the cards.
 */
import { and, asc, eq, isNotNull, lt, sql, sum } from 'drizzle-orm';
import type { LearningPlan, ReviewSummary } from '@drone-exam/shared/schemas/learning';
import type { Db } from '../db/client.ts';
import {
  learnerCategories,
  learnerPlans,
  learnerQuestions,
  questions,
  users,
} from '../db/schema.ts';
import { EXAM_BITS, EXAM_IDS } from '@drone-exam/shared/schemas/exam-values';
import { ApiError } from '../lib/http.ts';
import { targetOrChosenExam } from '../exams/service.ts';
import { notWithdrawn } from '../quality/withdrawal.ts';
import { addDays, addMonths, dayStart, daysBetween, localDay } from './days.ts';
import { planDeck } from './scheduler.ts';
import { DEFAULT_TIME_ZONE, EXAM_DATE_MAX_DAYS_AHEAD, REVIEW_FORECAST_DAYS } from './constants.ts';
import { RECENCY_MONTHS } from '@drone-exam/shared/schemas/learning-values';

export type PlanRow = typeof learnerPlans.$inferSelect;

export const planOf = (db: Db, userId: string) =>
  db.select().from(learnerPlans).where(eq(learnerPlans.userId, userId)).limit(1);

const invalid = (field: string, message: string) =>
  new ApiError(400, message, 'VALIDATION_ERROR', { [field]: message });

export function toLearningPlan(row: PlanRow | undefined, now: number): LearningPlan {
  const timeZone = row?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDay(now, timeZone);
  const examDate = row?.examDate ?? null;
  const recencyDueDate = row?.recencyDueOn ?? null;
  return {
    examDate,
    daysToExam: examDate ? daysBetween(today, examDate) : null,
    timeZone,
    certificateDate: row?.certificateDate ?? null,
    recencyDueDate,
    daysToRecency: recencyDueDate ? daysBetween(today, recencyDueDate) : null,
    reviewEmails: row?.reviewEmails ?? false,
    recencyEmails: row?.recencyEmails ?? true,
    weeklyEmails: row?.weeklyEmails ?? false,
  };
}

/** The plan row's insert-or-update, keeping what the change does not name. */
function upsertPlan(db: Db, userId: string, change: Partial<PlanRow>, now: number) {
  return db
    .insert(learnerPlans)
    .values({ userId, ...change, updatedAt: now })
    .onConflictDoUpdate({ target: learnerPlans.userId, set: { ...change, updatedAt: now } });
}

/**
 * Sets the exam date: checks it is at least tomorrow and within the horizon in the learner's days,
 * then plans every card against it (learning/scheduler.ts planDeck) and writes the moved cards and
 * the day loads with the date, in one batch. Two round trips: the plan and the cards, then the batch.
 */
export async function setExamDate(
  db: Db,
  userId: string,
  input: { examDate: string; timeZone?: string | undefined },
  now: number,
) {
  const [[row], cards] = await db.batch([
    planOf(db, userId),
    db
      .select({ questionSeq: learnerQuestions.questionSeq, dueAt: learnerQuestions.cardDueAt })
      .from(learnerQuestions)
      .where(and(eq(learnerQuestions.userId, userId), isNotNull(learnerQuestions.cardDueAt))),
  ]);
  const timeZone = input.timeZone ?? row?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = localDay(now, timeZone);
  if (input.examDate <= today) throw invalid('examDate', 'Choose an exam date from tomorrow on');
  if (daysBetween(today, input.examDate) > EXAM_DATE_MAX_DAYS_AHEAD)
    throw invalid(
      'examDate',
      `Choose an exam date within ${EXAM_DATE_MAX_DAYS_AHEAD} days; set it when you book your exam`,
    );
  const plan = { examDate: input.examDate, timeZone };
  const { moved, load } = planDeck(
    cards.map((card) => ({ questionSeq: card.questionSeq, dueAt: card.dueAt! })),
    now,
    plan,
  );
  const [[saved]] = await db.batch([
    upsertPlan(
      db,
      userId,
      { examDate: input.examDate, timeZone, reviewLoadJson: JSON.stringify(load) },
      now,
    ).returning(),
    ...(moved.length
      ? [
          db
            .update(learnerQuestions)
            .set({ cardDueAt: sql`json_extract(moved.value, '$.d')` })
            .from(
              sql`json_each(${JSON.stringify(moved.map((card) => ({ s: card.questionSeq, d: card.dueAt })))}) as moved`,
            )
            .where(
              and(
                eq(learnerQuestions.userId, userId),
                eq(learnerQuestions.questionSeq, sql`json_extract(moved.value, '$.s')`),
              ),
            ),
        ]
      : []),
  ]);
  return saved!;
}

export async function clearExamDate(db: Db, userId: string, now: number) {
  const [saved] = await db
    .update(learnerPlans)
    .set({ examDate: null, reviewLoadJson: '{}', updatedAt: now })
    .where(eq(learnerPlans.userId, userId))
    .returning();
  return saved;
}

/** Records the certificate or last recency activity date; reminders start again for the new date. */
export async function setCertificateDate(
  db: Db,
  userId: string,
  input: { certificateDate: string; timeZone?: string | undefined },
  now: number,
) {
  const [row] = await planOf(db, userId);
  const timeZone = input.timeZone ?? row?.timeZone ?? DEFAULT_TIME_ZONE;
  if (input.certificateDate > localDay(now, timeZone))
    throw invalid('certificateDate', 'The date cannot be in the future');
  const recencyDueOn = addMonths(input.certificateDate, RECENCY_MONTHS);
  const [saved] = await upsertPlan(
    db,
    userId,
    { certificateDate: input.certificateDate, recencyDueOn, recencyReminded: 0, timeZone },
    now,
  ).returning();
  return saved!;
}

export async function clearCertificateDate(db: Db, userId: string, now: number) {
  const [saved] = await db
    .update(learnerPlans)
    .set({ certificateDate: null, recencyDueOn: null, recencyReminded: 0, updatedAt: now })
    .where(eq(learnerPlans.userId, userId))
    .returning();
  return saved;
}

export async function setReminders(
  db: Db,
  userId: string,
  input: {
    reviewEmails?: boolean | undefined;
    recencyEmails?: boolean | undefined;
    weeklyEmails?: boolean | undefined;
    timeZone?: string | undefined;
  },
  now: number,
) {
  const change: Partial<PlanRow> = {};
  if (input.reviewEmails !== undefined) change.reviewEmails = input.reviewEmails;
  if (input.recencyEmails !== undefined) change.recencyEmails = input.recencyEmails;
  if (input.weeklyEmails !== undefined) change.weeklyEmails = input.weeklyEmails;
  if (input.timeZone !== undefined) change.timeZone = input.timeZone;
  const [saved] = await upsertPlan(db, userId, change, now).returning();
  return saved!;
}

/**
 * The bit of the card owner's target exam (issue 28), read by the users' primary key: for one
 * learner a constant subquery SQLite runs once; for a page of learners (the reminders' cron), per
 * card's owner.
 */
const targetExamBit = (userId?: string) =>
  sql`(select case ${users.targetExam} ${sql.join(
    EXAM_IDS.map((exam) => sql`when ${exam} then ${EXAM_BITS[exam]}`),
    sql` `,
  )} else 0 end from ${users} where ${users.id} = ${userId ?? learnerQuestions.userId})`;

/**
 * Cards of questions a quiz may draw: one taken out of the bank, or withdrawn by learners'
 * reports, is neither counted nor reviewed (the session's draw leaves it out too); nor is one
 * outside the learner's target exam, so review, its forecast and reminders follow the exam the
 * learner prepares for, and switching back brings the cards back as they were. Give `userId` when
 * the cards are one learner's.
 */
export const activeCard = (userId?: string) =>
  and(
    eq(questions.seq, learnerQuestions.questionSeq),
    eq(questions.isActive, true),
    notWithdrawn,
    sql`(${questions.examsMask} & ${targetExamBit(userId)}) != 0`,
  );

/** The end of each of the learner's next REVIEW_FORECAST_DAYS days, today first. */
export function forecastBounds(now: number, timeZone: string): number[] {
  const today = localDay(now, timeZone);
  return Array.from({ length: REVIEW_FORECAST_DAYS }, (_, i) =>
    dayStart(addDays(today, i + 1), timeZone),
  );
}

/**
 * GET /api/learning/review: two round trips, reading only due rows. First the plan (the learner's
 * days) and the card count (the distinct questions answered per area, which readiness already
 * keeps: one card per question answered); then the cards due before the end of the seventh day,
 * from the (user_id, card_due_at) index, counted per day.
 */
export async function reviewSummary(db: Db, userId: string, now: number): Promise<ReviewSummary> {
  const [[row], [total]] = await db.batch([
    planOf(db, userId),
    db
      .select({ cards: sum(learnerCategories.questions) })
      .from(learnerCategories)
      .where(eq(learnerCategories.userId, userId)),
  ]);
  const timeZone = row?.timeZone ?? DEFAULT_TIME_ZONE;
  const bounds = forecastBounds(now, timeZone);
  const day = sql<number>`case ${sql.join(
    bounds.map((bound, i) => sql`when ${learnerQuestions.cardDueAt} < ${bound} then ${i}`),
    sql` `,
  )} end`;
  const counts = await db
    .select({ day, cards: sql<number>`count(*)` })
    .from(learnerQuestions)
    .innerJoin(questions, activeCard(userId))
    .where(
      and(
        eq(learnerQuestions.userId, userId),
        isNotNull(learnerQuestions.cardDueAt),
        lt(learnerQuestions.cardDueAt, bounds[bounds.length - 1]!),
      ),
    )
    .groupBy(day);
  const dueNext7Days = bounds.map(() => 0);
  for (const count of counts) dueNext7Days[count.day] = count.cards;
  return {
    dueToday: dueNext7Days[0]!,
    dueNext7Days,
    today: localDay(now, timeZone),
    examDate: row?.examDate ?? null,
    cards: Number(total?.cards ?? 0),
  };
}

/**
 * The cards a review session holds: due before the end of the learner's today, oldest due first,
 * at most `limit`, of active questions. The first round trip reads the plan and the oldest due
 * cards up to two days ahead; the learner's day then cuts them (the oldest first, so the cut keeps
 * exactly the ones due today).
 */
export async function dueCards(db: Db, userId: string, limit: number, now: number) {
  const [[row], rows, [exam]] = await db.batch([
    planOf(db, userId),
    db
      .select({
        questionId: questions.id,
        category: questions.category,
        dueAt: learnerQuestions.cardDueAt,
      })
      .from(learnerQuestions)
      .innerJoin(questions, activeCard(userId))
      .where(
        and(
          eq(learnerQuestions.userId, userId),
          isNotNull(learnerQuestions.cardDueAt),
          lt(learnerQuestions.cardDueAt, now + 2 * 86_400_000),
        ),
      )
      .orderBy(asc(learnerQuestions.cardDueAt))
      .limit(limit),
    // The cards are the target exam's, so the session is judged by that exam's marks.
    targetOrChosenExam(db, userId, undefined),
  ]);
  const endOfToday = forecastBounds(now, row?.timeZone ?? DEFAULT_TIME_ZONE)[0]!;
  return { cards: rows.filter((card) => card.dueAt! < endOfToday), exam };
}
