import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ModuleProgress, ModuleProgressListItem, Pagination } from '@drone-exam/shared';
import { call, callOk, signedInUser, testDb } from '../../test/helpers.ts';
import { activities, analyticsEvents, studyProgress, userStats } from '../db/schema.ts';
import { readCounters } from '../lib/events.ts';
import { createModule } from './test-modules.ts';
import { READING_GAP_LIMIT_MS } from '@drone-exam/shared/reading';

const MINUTE = 60_000;

async function save(token: string, moduleId: string, body: Record<string, unknown>) {
  const { progress } = await callOk<{ progress: ModuleProgress }>(
    `/api/study-materials/progress/${moduleId}`,
    { method: 'PUT', token, body },
  );
  return progress;
}

/** Moves the learner's last save into the past, as if they had been reading since. */
async function lastSavedAgo(userId: string, moduleId: string, ms: number) {
  await testDb()
    .update(studyProgress)
    .set({ lastReadAt: Date.now() - ms })
    .where(and(eq(studyProgress.userId, userId), eq(studyProgress.moduleId, moduleId)));
}

const statsOf = async (userId: string) =>
  (await testDb().select().from(userStats).where(eq(userStats.userId, userId)))[0]!;

describe('GET /api/study-materials/progress/:moduleId', () => {
  it('answers zeros before the first save, and needs sign-in', async () => {
    const module = await createModule({ slug: 'airspace' });
    const learner = await signedInUser();
    const { progress } = await callOk<{ progress: ModuleProgress }>(
      `/api/study-materials/progress/${module.id}`,
      { token: learner.token },
    );
    expect(progress).toEqual({
      moduleId: module.id,
      progress: 0,
      position: 0,
      timeSpent: 0,
      sectionsRead: [],
      isCompleted: false,
      completedAt: null,
      lastReadAt: null,
      startedAt: null,
    });
    const visitor = await call(`/api/study-materials/progress/${module.id}`);
    expect(visitor.status).toBe(401);
  });

  it('answers 404 for a module that is missing or not published', async () => {
    const draft = await createModule({ slug: 'draft', status: 'draft' });
    const learner = await signedInUser();
    for (const id of ['missing', draft.id]) {
      expect(
        (await call(`/api/study-materials/progress/${id}`, { token: learner.token })).status,
      ).toBe(404);
      const put = await call(`/api/study-materials/progress/${id}`, {
        method: 'PUT',
        token: learner.token,
        body: { progress: 10 },
      });
      expect(put.status).toBe(404);
    }
  });
});

describe('PUT /api/study-materials/progress/:moduleId', () => {
  it('never lowers progress, keeps the latest position and joins the sections read', async () => {
    const module = await createModule({ slug: 'airspace' });
    const learner = await signedInUser();
    await save(learner.token, module.id, {
      progress: 60,
      position: 1800,
      sectionsRead: ['section-5', 'section-0', 'section-6'],
    });
    const lowered = await save(learner.token, module.id, {
      progress: 30,
      position: 900,
      sectionsRead: ['section-3', 'section-5'],
    });
    expect(lowered).toMatchObject({
      progress: 60,
      position: 900,
      sectionsRead: ['section-0', 'section-3', 'section-5', 'section-6'],
    });
    // A save without a position (the completion toggle) leaves it where it was.
    const toggled = await save(learner.token, module.id, { progress: 0, isCompleted: true });
    expect(toggled).toMatchObject({ progress: 60, position: 900, isCompleted: true });
    expect((await statsOf(learner.id)).progressSum).toBe(60);
  });

  it('credits reading time only as far as the clock has moved since the previous save', async () => {
    const module = await createModule({ slug: 'weather' });
    const learner = await signedInUser();

    // The first save may add at most one reading gap (5 minutes).
    const first = await save(learner.token, module.id, { progress: 5, timeSpent: 30 });
    expect(first.timeSpent).toBe(READING_GAP_LIMIT_MS / MINUTE);

    // Ten minutes claimed after two on the clock: two are credited.
    await lastSavedAgo(learner.id, module.id, 2 * MINUTE);
    const second = await save(learner.token, module.id, { progress: 10, timeSpent: 10 });
    expect(second.timeSpent).toBe(5 + 2);

    // A report within the clock counts in full, fractions included.
    await lastSavedAgo(learner.id, module.id, 3 * MINUTE);
    const third = await save(learner.token, module.id, { progress: 10, timeSpent: 1.5 });
    expect(third.timeSpent).toBe(8);

    // The same report replayed at once adds nothing.
    const replay = await save(learner.token, module.id, { progress: 10, timeSpent: 1.5 });
    expect(replay.timeSpent).toBe(8);

    const stats = await statsOf(learner.id);
    expect(stats.studySeconds).toBe(8.5 * 60);
  });

  it('records the first open once: activity, view event, started counters', async () => {
    const module = await createModule({ slug: 'human-factors', title: 'Human Factors' });
    const learner = await signedInUser();
    await save(learner.token, module.id, { progress: 0 });
    await save(learner.token, module.id, { progress: 20 });
    await save(learner.token, module.id, { progress: 40 });

    const db = testDb();
    const feed = await db.select().from(activities).where(eq(activities.userId, learner.id));
    expect(feed.map((item) => [item.type, item.title])).toEqual([
      ['study_module_viewed', 'Human Factors'],
    ]);
    const views = await db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.userId, learner.id), eq(analyticsEvents.name, 'view_item')));
    expect(views).toHaveLength(1);
    expect(await readCounters(db, ['study.started', 'study.completed'])).toEqual({
      'study.started': 1,
      'study.completed': 0,
    });
    expect(await statsOf(learner.id)).toMatchObject({
      modulesStarted: 1,
      modulesCompleted: 0,
      progressSum: 40,
      currentStreak: 1,
    });
  });

  it('counts saves racing from two tabs once each: one start, one completion, the highest progress', async () => {
    const module = await createModule({ slug: 'two-tabs', title: 'Two Tabs' });
    const learner = await signedInUser();
    const firsts = await Promise.all([
      save(learner.token, module.id, { progress: 30 }),
      save(learner.token, module.id, { progress: 10 }),
    ]);
    expect(Math.max(...firsts.map((saved) => saved.progress))).toBe(30);
    await Promise.all([
      save(learner.token, module.id, { progress: 100 }),
      save(learner.token, module.id, { progress: 100 }),
    ]);

    const db = testDb();
    const feed = await db.select().from(activities).where(eq(activities.userId, learner.id));
    expect(feed.map((item) => item.type).sort()).toEqual([
      'study_module_completed',
      'study_module_viewed',
    ]);
    expect(await readCounters(db, ['study.started', 'study.completed'])).toEqual({
      'study.started': 1,
      'study.completed': 1,
    });
    expect(await statsOf(learner.id)).toMatchObject({
      modulesStarted: 1,
      modulesCompleted: 1,
      progressSum: 100,
    });
  });

  it('completes a module at 100 % or by the toggle, and un-marking sticks until marked again', async () => {
    const finished = await createModule({ slug: 'finished', title: 'Finished' });
    const toggled = await createModule({ slug: 'toggled', title: 'Toggled' });
    const learner = await signedInUser();
    const db = testDb();

    await save(learner.token, finished.id, { progress: 90 });
    const done = await save(learner.token, finished.id, { progress: 100 });
    expect(done.isCompleted).toBe(true);
    expect(done.completedAt).not.toBeNull();

    const marked = await save(learner.token, toggled.id, { progress: 30, isCompleted: true });
    expect(marked).toMatchObject({ isCompleted: true, progress: 30 });
    expect(await statsOf(learner.id)).toMatchObject({ modulesStarted: 2, modulesCompleted: 2 });
    expect(await readCounters(db, ['study.completed'])).toEqual({ 'study.completed': 2 });
    const completedFeed = await db
      .select({ title: activities.title })
      .from(activities)
      .where(and(eq(activities.userId, learner.id), eq(activities.type, 'study_module_completed')));
    expect(completedFeed.map((item) => item.title).sort()).toEqual(['Finished', 'Toggled']);

    const unmarked = await save(learner.token, finished.id, { progress: 100, isCompleted: false });
    expect(unmarked).toMatchObject({ isCompleted: false, completedAt: null, progress: 100 });
    const scrolledAgain = await save(learner.token, finished.id, { progress: 100 });
    expect(scrolledAgain.isCompleted).toBe(false);
    expect(await statsOf(learner.id)).toMatchObject({ modulesCompleted: 1 });
    expect(await readCounters(db, ['study.completed'])).toEqual({ 'study.completed': 1 });

    const remarked = await save(learner.token, finished.id, { progress: 100, isCompleted: true });
    expect(remarked.isCompleted).toBe(true);
    expect(await statsOf(learner.id)).toMatchObject({ modulesCompleted: 2 });
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const module = await createModule({ slug: 'operations' });
    const learner = await signedInUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'progress'],
      [{ progress: 150 }, 'progress'],
      [{ progress: 'half' }, 'progress'],
      [{ progress: 10, timeSpent: -1 }, 'timeSpent'],
      [{ progress: 10, sectionsRead: ['chapter-1'] }, 'sectionsRead.0'],
      [{ progress: 10, position: -5 }, 'position'],
    ];
    for (const [body, field] of cases) {
      const { status, json } = await call(`/api/study-materials/progress/${module.id}`, {
        method: 'PUT',
        token: learner.token,
        body,
      });
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(json.success === false && json.fields?.[field], JSON.stringify(json)).toBeTruthy();
    }
    expect(await testDb().select().from(studyProgress)).toEqual([]);
  });
});

describe('GET /api/study-materials/progress', () => {
  it("lists the learner's own modules, latest first, with their titles", async () => {
    const airspace = await createModule({ slug: 'airspace', title: 'Airspace' });
    const weather = await createModule({ slug: 'weather', title: 'Weather' });
    const learner = await signedInUser();
    const other = await signedInUser();
    await save(learner.token, airspace.id, { progress: 20 });
    await save(learner.token, weather.id, { progress: 50 });
    await save(other.token, airspace.id, { progress: 90 });

    const data = await callOk<{ progress: ModuleProgressListItem[]; pagination: Pagination }>(
      '/api/study-materials/progress?limit=1',
      { token: learner.token },
    );
    expect(data.progress).toHaveLength(1);
    expect(data.progress[0]).toMatchObject({
      moduleId: weather.id,
      progress: 50,
      module: { slug: 'weather', title: 'Weather' },
    });
    expect(data.pagination).toMatchObject({ totalItems: 2, totalPages: 2 });
    expect((await call('/api/study-materials/progress')).status).toBe(401);
  });
});

describe('PUT /api/study-materials/progress/:moduleId with the progress as GET returned it', () => {
  it('saves it; refuses another module or a server date changed, and keys that are not fields', async () => {
    const module = await createModule({ slug: 'airspace' });
    const other = await createModule({ slug: 'weather' });
    const learner = await signedInUser();
    const path = `/api/study-materials/progress/${module.id}`;
    const { progress: read } = await callOk<{ progress: ModuleProgress }>(path, {
      token: learner.token,
    });
    const saved = await save(learner.token, module.id, { ...read, progress: 40 });
    expect(saved).toMatchObject({ moduleId: module.id, progress: 40 });
    const again = await save(learner.token, module.id, { ...saved, progress: 60 });
    expect(again.progress).toBe(60);

    for (const [field, value, message] of [
      ['moduleId', other.id, 'Progress cannot move to another module'],
      [
        'startedAt',
        '2020-01-01T00:00:00.000Z',
        'startedAt is set by the server and cannot be changed',
      ],
    ] as const) {
      const refused = await call(path, {
        method: 'PUT',
        token: learner.token,
        body: { ...again, [field]: value },
      });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ error: message, fields: { [field]: message } });
    }
    const unknown = await call(path, {
      method: 'PUT',
      token: learner.token,
      body: { ...again, bookmarked: true },
    });
    expect(unknown.status).toBe(400);
    const [row] = await testDb()
      .select()
      .from(studyProgress)
      .where(eq(studyProgress.moduleId, module.id));
    expect(row?.progress).toBe(60);
  });
});
