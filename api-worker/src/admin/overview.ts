import { Hono } from 'hono';
import { and, count, desc, eq, gte, inArray, sum } from 'drizzle-orm';
import { percentOf, weekStart, type AdminStats, type AdminActivityItem } from '@drone-exam/shared';
import { ExamQuerySchema } from '@drone-exam/shared/schemas/exam';
import type { ExamId } from '@drone-exam/shared/schemas/exam-values';
import type { AppEnv } from '../env.ts';
import { activities, dailyMetrics, users } from '../db/schema.ts';
import { ok, validate } from '../lib/http.ts';
import type { CounterKey } from '../db/counters.ts';
import { iso, utcDay } from '../lib/time.ts';
import {
  counterValues,
  selectCounters,
  selectRecentRequestMetrics,
  systemHealth,
} from './figures.ts';
import { csvDownload } from './export.ts';
import { ACTIVE_USERS_WINDOW_MS, ADMIN_RECENT_ACTIVITY_LIMIT, REPORT_WEEKS } from './constants.ts';

const DAY_MS = 86_400_000;

/** The figures that are global whatever the exam: accounts, module reads and reports. */
const GLOBAL_STATS_KEYS = [
  'users.total',
  'users.active',
  'users.verified',
  'reports.open',
  'study.started',
  'study.completed',
] as const;

const CONTENT_FIGURES = [
  'attempts.started',
  'attempts.completed',
  'attempts.score_sum',
  'modules.total',
  'modules.published',
  'questions.total',
  'questions.active',
] as const;
type ContentFigure = (typeof CONTENT_FIGURES)[number];

/**
 * Where an exam's content and quiz figures are counted (migrations 0026 and 0029). Every exam
 * together counts Find-it drills among attempts; an exam's figures do not (they are unscored).
 */
const contentKey = (figure: ContentFigure, exam: ExamId | undefined): CounterKey => {
  if (!exam) return figure;
  const [kind, name] = figure.split('.') as [string, string];
  return `${kind}.exam.${exam}.${name}` as CounterKey;
};

/** Daily series of the weekly report; quiz_score_sum and quiz_scored are kept by a trigger (migration 0003). */
const REPORT_SERIES = [
  'visitors',
  'sign_up',
  'email_verified',
  'quiz_start',
  'quiz_complete',
  'quiz_score_sum',
  'quiz_scored',
  'purchase',
  'revenue_cents',
] as const;
type ReportSeries = (typeof REPORT_SERIES)[number];

const REPORT_HEADER = [
  'Week starting',
  'Daily unique visitors (sum)',
  'New users',
  'Verified users',
  'Quiz attempts started',
  'Quiz attempts completed',
  'Average score (%)',
  'Purchases',
  'Revenue (CAD)',
];

function reportRow(label: string, values: Record<ReportSeries, number>) {
  return [
    label,
    values.visitors,
    values.sign_up,
    values.email_verified,
    values.quiz_start,
    values.quiz_complete,
    values.quiz_scored ? Math.round((values.quiz_score_sum / values.quiz_scored) * 10) / 10 : null,
    values.purchase,
    Math.round(values.revenue_cents) / 100,
  ];
}

const emptySeries = () =>
  Object.fromEntries(REPORT_SERIES.map((name) => [name, 0])) as Record<ReportSeries, number>;

/**
 * The Overview tab: figures from counters kept on write plus a few indexed reads (the last seven
 * daily sign-up rows, active users from the last_active_at index, an hour of request metrics), all
 * in one round trip, with `?exam=` the content and quiz figures of one exam; the latest activity;
 * and the weekly report export.
 */
export const overviewRoutes = new Hono<AppEnv>()
  .get('/stats', validate('query', ExamQuerySchema), async (c) => {
    const { exam } = c.req.valid('query');
    const db = c.var.db;
    const now = Date.now();
    const keyOf = Object.fromEntries(
      CONTENT_FIGURES.map((figure) => [figure, contentKey(figure, exam)]),
    ) as Record<ContentFigure, CounterKey>;
    const keys = [...GLOBAL_STATS_KEYS, ...Object.values(keyOf)];
    const [counterRows, signups, active, minutes] = await db.batch([
      selectCounters(db, keys),
      db
        .select({ value: sum(dailyMetrics.value) })
        .from(dailyMetrics)
        .where(
          and(eq(dailyMetrics.name, 'sign_up'), gte(dailyMetrics.day, utcDay(now - 6 * DAY_MS))),
        ),
      db
        .select({ value: count() })
        .from(users)
        .where(gte(users.lastActiveAt, now - ACTIVE_USERS_WINDOW_MS)),
      selectRecentRequestMetrics(db, now),
    ]);
    const value = counterValues(counterRows, keys);
    const content = (figure: ContentFigure) => value[keyOf[figure]];
    const completed = content('attempts.completed');
    const stats: AdminStats = {
      exam: exam ?? null,
      totalUsers: value['users.total'],
      activeAccounts: value['users.active'],
      activeUsers: active[0]?.value ?? 0,
      verifiedUsers: value['users.verified'],
      recentSignups: Number(signups[0]?.value ?? 0),
      totalQuizAttempts: content('attempts.started'),
      completedQuizAttempts: completed,
      averageScore: completed ? content('attempts.score_sum') / completed : null,
      completionRate: percentOf(completed, content('attempts.started')),
      totalStudyModules: content('modules.total'),
      publishedStudyModules: content('modules.published'),
      studyCompletionRate: percentOf(value['study.completed'], value['study.started']),
      totalQuestions: content('questions.total'),
      activeQuestions: content('questions.active'),
      openReports: value['reports.open'],
      systemHealth: systemHealth(minutes),
    };
    return ok(c, stats);
  })
  .get('/recent-activity', async (c) => {
    const rows = await c.var.db
      .select({
        id: activities.id,
        type: activities.type,
        title: activities.title,
        description: activities.description,
        score: activities.score,
        createdAt: activities.createdAt,
        userEmail: users.email,
      })
      .from(activities)
      .leftJoin(users, eq(users.id, activities.userId))
      .orderBy(desc(activities.createdAt))
      .limit(ADMIN_RECENT_ACTIVITY_LIMIT);
    const items: AdminActivityItem[] = rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      description: row.description,
      userEmail: row.userEmail,
      score: row.score,
      timestamp: iso(row.createdAt)!,
    }));
    return ok(c, items);
  })
  .get('/reports/admin_report.csv', async (c) => {
    const thisWeek = Date.parse(`${weekStart(utcDay(Date.now()))}T00:00:00Z`);
    const weeks = new Map<string, Record<ReportSeries, number>>();
    for (let i = REPORT_WEEKS - 1; i >= 0; i--) {
      weeks.set(utcDay(thisWeek - i * 7 * DAY_MS), emptySeries());
    }
    const rows = await c.var.db
      .select()
      .from(dailyMetrics)
      .where(
        and(
          inArray(dailyMetrics.name, [...REPORT_SERIES]),
          gte(dailyMetrics.day, weeks.keys().next().value!),
        ),
      );
    const total = emptySeries();
    for (const row of rows) {
      const week = weeks.get(weekStart(row.day));
      const name = row.name as ReportSeries;
      if (!week) continue;
      week[name] += row.value;
      total[name] += row.value;
    }
    return csvDownload(c, 'admin_report.csv', REPORT_HEADER, [
      ...[...weeks].map(([week, values]) => reportRow(week, values)),
      reportRow('Total', total),
    ]);
  });
