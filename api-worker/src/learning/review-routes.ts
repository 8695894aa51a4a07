import { Hono, type Context } from 'hono';
import { eq, sql } from 'drizzle-orm';
import {
  CERTIFICATE_DATE_READ_ONLY,
  EXAM_PLAN_READ_ONLY,
  REMINDER_SETTINGS_READ_ONLY,
  CertificateDateSchema,
  ExamPlanSchema,
  RecencySessionSchema,
  ReminderSettingsSchema,
  ReviewSessionSchema,
  UnsubscribeSchema,
  type LearningPlan,
  type UnsubscribeResult,
} from '@drone-exam/shared/schemas/learning';
import type { ReadOnlyFields } from '@drone-exam/shared/schemas/updates';
import type { AppEnv } from '../env.ts';
import { learnerPlans, questions } from '../db/schema.ts';
import { ApiError, conflict, keepsReadOnly, ok, validate, validateUpdate } from '../lib/http.ts';
import { requireAuth, requirePremium } from '../middleware/auth.ts';
import { attemptExam } from '../exams/service.ts';
import { writeAttempt } from '../quiz/queries.ts';
import { sampleWithoutRepeats } from '../quiz/selection.ts';
import {
  clearCertificateDate,
  clearExamDate,
  dueCards,
  planOf,
  reviewSummary,
  setCertificateDate,
  setExamDate,
  setReminders,
  toLearningPlan,
} from './plan.ts';
import { readUnsubscribeToken } from './unsubscribe.ts';
import {
  RECENCY_PROGRAM_TAG,
  RECENCY_SET_QUESTIONS,
} from '@drone-exam/shared/schemas/learning-values';

const categoriesOf = <T extends { category: string }>(rows: T[]) =>
  [...new Set(rows.map((row) => row.category))] as Array<T['category']>;

/** A plan sent back as GET returned it is held to the stored one; a bare change needs no read. */
async function keepsPlan(
  c: Context<AppEnv>,
  kept: Record<string, unknown>,
  readOnly: ReadOnlyFields<LearningPlan>,
  now: number,
) {
  if (Object.keys(kept).length === 0) return;
  const [row] = await planOf(c.var.db, c.var.auth!.userId);
  keepsReadOnly(kept, toLearningPlan(row, now), readOnly);
}

/**
 * Spaced review and staying current (issue 17), mounted at /api/learning. Everything is the
 * signed-in learner's own; sessions are quiz attempts, so they need premium like every quiz. The
 * unsubscribe link works for visitors: its token is signed.
 */
export const reviewRoutes = new Hono<AppEnv>()
  .get('/plan', requireAuth, async (c) => {
    const [row] = await planOf(c.var.db, c.var.auth!.userId);
    return ok(c, toLearningPlan(row, Date.now()));
  })
  .put('/plan', requireAuth, validateUpdate(ExamPlanSchema, EXAM_PLAN_READ_ONLY), async (c) => {
    const now = Date.now();
    const { changes, kept } = c.req.valid('json');
    await keepsPlan(c, kept, EXAM_PLAN_READ_ONLY, now);
    const row = await setExamDate(c.var.db, c.var.auth!.userId, changes, now);
    return ok(c, toLearningPlan(row, now));
  })
  .delete('/plan', requireAuth, async (c) => {
    const now = Date.now();
    const row = await clearExamDate(c.var.db, c.var.auth!.userId, now);
    return ok(c, toLearningPlan(row, now));
  })
  .put(
    '/certificate',
    requireAuth,
    validateUpdate(CertificateDateSchema, CERTIFICATE_DATE_READ_ONLY),
    async (c) => {
      const now = Date.now();
      const { changes, kept } = c.req.valid('json');
      await keepsPlan(c, kept, CERTIFICATE_DATE_READ_ONLY, now);
      const row = await setCertificateDate(c.var.db, c.var.auth!.userId, changes, now);
      return ok(c, toLearningPlan(row, now));
    },
  )
  .delete('/certificate', requireAuth, async (c) => {
    const now = Date.now();
    const row = await clearCertificateDate(c.var.db, c.var.auth!.userId, now);
    return ok(c, toLearningPlan(row, now));
  })
  .put(
    '/reminders',
    requireAuth,
    validateUpdate(ReminderSettingsSchema, REMINDER_SETTINGS_READ_ONLY),
    async (c) => {
      const now = Date.now();
      const { changes, kept } = c.req.valid('json');
      await keepsPlan(c, kept, REMINDER_SETTINGS_READ_ONLY, now);
      const row = await setReminders(c.var.db, c.var.auth!.userId, changes, now);
      return ok(c, toLearningPlan(row, now));
    },
  )
  .get('/review', requireAuth, async (c) => {
    return ok(c, await reviewSummary(c.var.db, c.var.auth!.userId, Date.now()));
  })
  .post('/review/session', requirePremium, validate('json', ReviewSessionSchema), async (c) => {
    const db = c.var.db;
    const userId = c.var.auth!.userId;
    const now = Date.now();
    const { cards, exam } = await dueCards(db, userId, c.req.valid('json').limit, now);
    if (cards.length === 0)
      throw conflict(
        'No review cards are due today. Come back when the forecast shows some.',
        'NOTHING_DUE',
      );
    const attempt = await writeAttempt(
      db,
      userId,
      {
        mode: 'review',
        categories: categoriesOf(cards),
        timeLimitSeconds: null,
        questionIds: cards.map((card) => card.questionId),
        ...(exam && {
          exam: attemptExam(exam),
        }),
      },
      now,
    );
    return ok(c, { attempt }, 201);
  })
  .post('/recency/session', requirePremium, validate('json', RecencySessionSchema), async (c) => {
    const db = c.var.db;
    // Matches the partial index questions_recency_program_idx word for word, so it reads the set only.
    const pool = await db
      .select({ id: questions.id, category: questions.category })
      .from(questions)
      .where(sql.raw(`is_active = 1 AND instr(tags_json, '"${RECENCY_PROGRAM_TAG}"') > 0`));
    if (pool.length === 0)
      throw conflict('The recency review set has no questions yet.', 'NO_QUESTIONS');
    const drawn = sampleWithoutRepeats(pool, Math.min(RECENCY_SET_QUESTIONS, pool.length));
    const attempt = await writeAttempt(db, c.var.auth!.userId, {
      mode: 'study',
      categories: categoriesOf(drawn),
      timeLimitSeconds: null,
      questionIds: drawn.map((question) => question.id),
    });
    return ok(c, { attempt }, 201);
  })
  .post('/unsubscribe', validate('json', UnsubscribeSchema), async (c) =>
    ok(c, await unsubscribe(c, c.req.valid('json').token)),
  )
  /**
   * The same, from a mail app's own "Unsubscribe" (RFC 8058): the email's List-Unsubscribe
   * address carries the token, and the app posts the form field List-Unsubscribe=One-Click.
   */
  .post('/unsubscribe/one-click', validate('query', UnsubscribeSchema), async (c) => {
    const type = c.req.header('content-type') ?? '';
    const form =
      type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')
        ? await c.req.parseBody()
        : {};
    if (Object.keys(form).join() !== 'List-Unsubscribe' || form['List-Unsubscribe'] !== 'One-Click')
      throw new ApiError(400, ONE_CLICK_BODY, 'VALIDATION_ERROR', {
        'List-Unsubscribe': ONE_CLICK_BODY,
      });
    return ok(c, await unsubscribe(c, c.req.valid('query').token));
  });

const ONE_CLICK_BODY = 'Send the form field List-Unsubscribe=One-Click, and nothing else';

/** Turns off the reminders a signed token names, for its learner; refuses a token not ours. */
async function unsubscribe(c: Context<AppEnv>, token: string): Promise<UnsubscribeResult> {
  const read = await readUnsubscribeToken(c.env.JWT_SECRET, token);
  if (!read)
    throw new ApiError(
      400,
      'This unsubscribe link is not valid. Change your reminders on your account page.',
      'INVALID_TOKEN',
      {
        token: 'This unsubscribe link is not valid',
      },
    );
  await c.var.db
    .update(learnerPlans)
    .set(
      read.kind === 'review'
        ? { reviewEmails: false }
        : read.kind === 'recency'
          ? { recencyEmails: false }
          : { weeklyEmails: false },
    )
    .where(eq(learnerPlans.userId, read.userId));
  return { kind: read.kind };
}
