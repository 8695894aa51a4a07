import { Hono } from 'hono';
import { and, count, desc, eq, gte, inArray, isNotNull, type SQL } from 'drizzle-orm';
import {
  AdminAttemptsQuerySchema,
  dayRange,
  formatDuration,
  pagination,
  percentOf,
  type AdminAttempt,
  type AdminAttemptsPage,
  type ModePerformance,
  type QuizAnalytics,
} from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { dailyMetrics, quizAttempts, users, userStats } from '../db/schema.ts';
import type { CounterKey } from '../db/counters.ts';
import { ok, validate } from '../lib/http.ts';
import { iso } from '../lib/time.ts';
import { counterValues, selectCounters } from './figures.ts';
import { csvDownload } from './export.ts';
import { EXPORT_MAX_ROWS, TOP_PERFORMERS } from './constants.ts';
import {
  QUIZ_MODES,
  type AttemptStatus,
  type QuizMode,
} from '@drone-exam/shared/schemas/quiz-values';
import { EXAM_IDS, type ExamId } from '@drone-exam/shared/schemas/exam-values';

const TREND_DAYS = 14;

const ATTEMPT_KEYS = [
  'attempts.started',
  'attempts.completed',
  'attempts.abandoned',
  'attempts.score_sum',
  'attempts.time_sum',
  'attempts.study.started',
  'attempts.study.completed',
  'attempts.study.score_sum',
  'attempts.timed.started',
  'attempts.timed.completed',
  'attempts.timed.score_sum',
  'attempts.review.started',
  'attempts.review.completed',
  'attempts.review.score_sum',
  'attempts.find.started',
  'attempts.find.completed',
  'attempts.find.score_sum',
  'attempts.exam.basic.started',
  'attempts.exam.basic.completed',
  'attempts.exam.basic.score_sum',
  'attempts.exam.advanced.started',
  'attempts.exam.advanced.completed',
  'attempts.exam.advanced.score_sum',
] as const satisfies readonly CounterKey[];
type AttemptCounters = Record<(typeof ATTEMPT_KEYS)[number], number>;

type Filters = { status?: AttemptStatus | undefined; mode?: QuizMode | undefined };

function filterWhere({ status, mode }: Filters): SQL | undefined {
  return and(
    status ? eq(quizAttempts.status, status) : undefined,
    mode ? eq(quizAttempts.mode, mode) : undefined,
  );
}

/**
 * How many attempts match the filters, from the counters kept on write (a mode with an unfinished
 * status has no counter: that one case is counted from the (status, mode) index instead).
 */
function countFromCounters(value: AttemptCounters, { status, mode }: Filters): number {
  if (mode) return value[`attempts.${mode}.${status === 'completed' ? 'completed' : 'started'}`];
  if (!status) return value['attempts.started'];
  if (status === 'completed') return value['attempts.completed'];
  if (status === 'abandoned') return value['attempts.abandoned'];
  return value['attempts.started'] - value['attempts.completed'] - value['attempts.abandoned'];
}

function listAttempts(db: Db, filters: Filters, limit: number, offset: number) {
  return db
    .select({
      attempt: quizAttempts,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(quizAttempts)
    .leftJoin(users, eq(users.id, quizAttempts.userId))
    .where(filterWhere(filters))
    .orderBy(desc(quizAttempts.createdAt))
    .limit(limit)
    .offset(offset);
}

type AttemptRow = Awaited<ReturnType<typeof listAttempts>>[number];

function toAdminAttempt({ attempt, firstName, lastName, email }: AttemptRow): AdminAttempt {
  const completed = attempt.status === 'completed';
  return {
    _id: attempt.id,
    userId:
      email === null
        ? null
        : { _id: attempt.userId, firstName: firstName ?? '', lastName: lastName ?? '', email },
    mode: attempt.mode,
    status: attempt.status,
    score: completed ? attempt.score : null,
    correctAnswers: completed ? attempt.correctCount : null,
    totalQuestions: attempt.questionCount,
    timeSpent: attempt.timeSpentSeconds,
    createdAt: iso(attempt.createdAt)!,
    completedAt: iso(attempt.completedAt),
  };
}

/**
 * One group's attempts from its counters (`attempts.<group>.started`, `.completed`, `.score_sum`):
 * a mode or an exam. An unscored group (Find-it drills, issue 29) has no average to show.
 */
function performanceOf(
  value: AttemptCounters,
  group: QuizMode | `exam.${ExamId}`,
  scored = true,
): ModePerformance {
  const attempts = value[`attempts.${group}.started`];
  const completed = value[`attempts.${group}.completed`];
  return {
    attempts,
    completed,
    avgScore: completed && scored ? value[`attempts.${group}.score_sum`] / completed : null,
    completionRate: percentOf(completed, attempts),
  };
}

const EXPORT_HEADER = [
  'Attempt ID',
  'Learner',
  'Email',
  'Mode',
  'Status',
  'Score (%)',
  'Correct answers',
  'Questions',
  'Time spent (s)',
  'Time spent',
  'Started (UTC)',
  'Completed (UTC)',
];

/** Quiz Management (premium-quiz-admin-spec §2): the attempts list, its analytics and its export. */
export const quizRoutes = new Hono<AppEnv>()
  .get('/quiz-attempts', validate('query', AdminAttemptsQuerySchema), async (c) => {
    const { page, limit, ...filters } = c.req.valid('query');
    const db = c.var.db;
    const list = listAttempts(db, filters, limit, (page - 1) * limit);
    let rows: AttemptRow[];
    let total: number;
    if (filters.mode && filters.status && filters.status !== 'completed') {
      const [found, counted] = await db.batch([
        list,
        db.select({ value: count() }).from(quizAttempts).where(filterWhere(filters)),
      ]);
      rows = found;
      total = counted[0]?.value ?? 0;
    } else {
      const [found, counterRows] = await db.batch([list, selectCounters(db, ATTEMPT_KEYS)]);
      rows = found;
      total = Math.max(0, countFromCounters(counterValues(counterRows, ATTEMPT_KEYS), filters));
    }
    const result: AdminAttemptsPage = {
      attempts: rows.map(toAdminAttempt),
      pagination: { ...pagination(page, limit, total), totalAttempts: total },
    };
    return ok(c, result);
  })
  .get('/quiz-attempts/export.csv', validate('query', AdminAttemptsQuerySchema), async (c) => {
    const { page: _page, limit: _limit, ...filters } = c.req.valid('query');
    const rows = await listAttempts(c.var.db, filters, EXPORT_MAX_ROWS, 0);
    return csvDownload(
      c,
      'quiz_attempts.csv',
      EXPORT_HEADER,
      rows
        .map(toAdminAttempt)
        .map(({ _id: id, userId: learner, ...attempt }) => [
          id,
          learner ? `${learner.firstName} ${learner.lastName}` : '',
          learner?.email ?? '',
          attempt.mode,
          attempt.status,
          attempt.score === null ? null : Math.round(attempt.score * 10) / 10,
          attempt.correctAnswers,
          attempt.totalQuestions,
          attempt.timeSpent,
          formatDuration(attempt.timeSpent),
          attempt.createdAt,
          attempt.completedAt,
        ]),
    );
  })
  .get('/quiz-analytics', async (c) => {
    const db = c.var.db;
    const days = dayRange(Date.now(), TREND_DAYS);
    const [counterRows, top, trendRows] = await db.batch([
      selectCounters(db, ATTEMPT_KEYS),
      db
        .select({
          userId: userStats.userId,
          bestScore: userStats.bestScore,
          attemptsStarted: userStats.attemptsStarted,
          attemptsCompleted: userStats.attemptsCompleted,
          scoreSum: userStats.scoreSum,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(userStats)
        .innerJoin(users, eq(users.id, userStats.userId))
        .where(isNotNull(userStats.bestScore))
        .orderBy(desc(userStats.bestScore), desc(userStats.attemptsCompleted))
        .limit(TOP_PERFORMERS),
      db
        .select()
        .from(dailyMetrics)
        .where(
          and(
            inArray(dailyMetrics.name, ['quiz_start', 'quiz_complete']),
            gte(dailyMetrics.day, days[0]!),
          ),
        ),
    ]);
    const value = counterValues(counterRows, ATTEMPT_KEYS);
    const started = value['attempts.started'];
    const completed = value['attempts.completed'];
    const trend = new Map(days.map((day) => [day, { day, started: 0, completed: 0 }]));
    for (const row of trendRows) {
      const point = trend.get(row.day);
      if (!point) continue;
      if (row.name === 'quiz_start') point.started = row.value;
      else point.completed = row.value;
    }
    const analytics: QuizAnalytics = {
      overview: {
        totalAttempts: started,
        completedAttempts: completed,
        completionRate: percentOf(completed, started),
        averageScore: completed ? value['attempts.score_sum'] / completed : null,
        averageTimeSpent: completed ? value['attempts.time_sum'] / completed : null,
      },
      topPerformers: top.map((row) => ({
        userId: row.userId,
        userName: `${row.firstName} ${row.lastName}`,
        email: row.email,
        totalAttempts: row.attemptsStarted,
        bestScore: row.bestScore ?? 0,
        averageScore: row.attemptsCompleted ? row.scoreSum / row.attemptsCompleted : null,
      })),
      performanceByMode: Object.fromEntries(
        QUIZ_MODES.map((mode) => [mode, performanceOf(value, mode, mode !== 'find')]),
      ) as Record<QuizMode, ModePerformance>,
      performanceByExam: Object.fromEntries(
        EXAM_IDS.map((exam) => [exam, performanceOf(value, `exam.${exam}`)]),
      ) as Record<ExamId, ModePerformance>,
      recentTrends: [...trend.values()],
    };
    return ok(c, analytics);
  });
