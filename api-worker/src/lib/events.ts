import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { activities, analyticsEvents, counters, dailyMetrics } from '../db/schema.ts';
import type { CounterKey } from '../db/counters.ts';
import { newId } from './ids.ts';
import { utcDay } from './time.ts';

/**
 * Builders for the bookkeeping rows that go with a change (analytics event, daily metric,
 * activity item, counter). They return drizzle queries for the caller's db.batch([...]), so the
 * bookkeeping rides in the same round trip and commits or fails with the change itself.
 */

export const ANALYTICS_EVENTS = [
  'sign_up',
  'login',
  'email_verified',
  'email_verification_failed',
  'password_reset_success',
  'password_reset_failed',
  'purchase',
  'quiz_start',
  'quiz_complete',
  'view_item',
  'search',
  'contact_submit',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export function bumpDaily(db: Db, name: string, by = 1, now = Date.now()) {
  return db
    .insert(dailyMetrics)
    .values({ day: utcDay(now), name, value: by })
    .onConflictDoUpdate({
      target: [dailyMetrics.name, dailyMetrics.day],
      set: { value: sql`${dailyMetrics.value} + ${by}` },
    });
}

export function trackEvent(
  db: Db,
  name: AnalyticsEvent,
  userId: string | null,
  properties?: Record<string, unknown>,
  now = Date.now(),
) {
  return [
    db.insert(analyticsEvents).values({
      id: newId(),
      name,
      userId,
      propertiesJson: properties ? JSON.stringify(properties) : null,
      createdAt: now,
    }),
    bumpDaily(db, name, 1, now),
  ] as const;
}

export type ActivityType =
  | 'user_registered'
  | 'quiz_completed'
  | 'study_module_viewed'
  | 'study_module_completed'
  | 'admin_action'
  | 'purchase';

export function recordActivity(
  db: Db,
  item: {
    userId: string | null;
    type: ActivityType;
    title: string;
    description?: string;
    score?: number | null;
    metadata?: Record<string, unknown>;
  },
  now = Date.now(),
) {
  return db.insert(activities).values({
    id: newId(),
    userId: item.userId,
    type: item.type,
    title: item.title,
    description: item.description ?? '',
    score: item.score ?? null,
    metadataJson: item.metadata ? JSON.stringify(item.metadata) : null,
    createdAt: now,
  });
}

export function bumpCounter(db: Db, key: CounterKey, by = 1) {
  return db
    .insert(counters)
    .values({ key, value: by, updatedAt: Date.now() })
    .onConflictDoUpdate({
      target: counters.key,
      set: { value: sql`${counters.value} + ${by}`, updatedAt: Date.now() },
    });
}

/** Current values of some counters in one statement (a key never bumped reads as 0). */
export async function readCounters<K extends CounterKey>(
  db: Db,
  keys: readonly K[],
): Promise<Record<K, number>> {
  const rows = await db
    .select({ key: counters.key, value: counters.value })
    .from(counters)
    .where(inArray(counters.key, [...keys]));
  const values = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const row of rows) values[row.key as K] = row.value;
  return values;
}
