import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayStart, daysBetween, localDay } from './days.ts';
import {
  Rating,
  State,
  loadDay,
  medianSeconds,
  placeDue,
  planDeck,
  rateAnswer,
  reviewCard,
  type DayLoad,
  type ExamPlan,
  type StoredCard,
} from './scheduler.ts';
import { REVIEW_DAILY_LOAD } from './constants.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const ZONE = 'America/Toronto';

/** A seeded generator (mulberry32), so the simulations are the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the learner’s days', () => {
  it('follow the time zone, daylight saving included', () => {
    const at = Date.UTC(2027, 2, 14, 3, 30); // 2027-03-13 23:30 in Toronto, before the clocks change
    expect(localDay(at, ZONE)).toBe('2027-03-13');
    expect(localDay(at, 'UTC')).toBe('2027-03-14');
    expect(dayStart('2027-03-14', ZONE)).toBe(Date.UTC(2027, 2, 14, 5));
    expect(dayStart('2027-03-15', ZONE)).toBe(Date.UTC(2027, 2, 15, 4));
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(daysBetween('2027-01-01', '2027-03-01')).toBe(59);
  });

  it('add 24 months for recency, a missing day becoming the month’s last', () => {
    expect(addMonths('2025-05-10', 24)).toBe('2027-05-10');
    expect(addMonths('2024-02-29', 24)).toBe('2026-02-28');
  });
});

describe('rating an answer', () => {
  const inReview = State.Review as number;
  it('a wrong answer is Again, however fast', () => {
    expect(rateAnswer({ correct: false, seconds: 2, medianSeconds: 20, state: inReview })).toBe(
      Rating.Again,
    );
  });
  it('a right answer is Good at an ordinary pace', () => {
    expect(rateAnswer({ correct: true, seconds: 25, medianSeconds: 20, state: inReview })).toBe(
      Rating.Good,
    );
    expect(rateAnswer({ correct: true, seconds: 40, medianSeconds: 20, state: null })).toBe(
      Rating.Good,
    );
  });
  it('a right answer that took more than twice the median is Hard', () => {
    expect(rateAnswer({ correct: true, seconds: 41, medianSeconds: 20, state: null })).toBe(
      Rating.Hard,
    );
  });
  it('a fast right answer is Easy only for a card already in review', () => {
    expect(rateAnswer({ correct: true, seconds: 10, medianSeconds: 20, state: inReview })).toBe(
      Rating.Easy,
    );
    expect(
      rateAnswer({ correct: true, seconds: 10, medianSeconds: 20, state: State.Learning }),
    ).toBe(Rating.Good);
    expect(rateAnswer({ correct: true, seconds: 10, medianSeconds: 20, state: null })).toBe(
      Rating.Good,
    );
  });
  it('without a median or a measured time, speed says nothing', () => {
    expect(rateAnswer({ correct: true, seconds: 90, medianSeconds: null, state: inReview })).toBe(
      Rating.Good,
    );
    expect(rateAnswer({ correct: true, seconds: 0, medianSeconds: 20, state: inReview })).toBe(
      Rating.Good,
    );
  });
  it('the median needs five measured answers', () => {
    expect(medianSeconds([10, 20, 30, 40])).toBeNull();
    expect(medianSeconds([0, 10, 20, 30, 40])).toBeNull();
    expect(medianSeconds([10, 20, 30, 40, 50])).toBe(30);
    expect(medianSeconds([10, 20, 30, 40, 50, 60])).toBe(35);
  });
});

describe('FSRS with its default parameters', () => {
  const now = Date.UTC(2027, 0, 10, 15);
  it('a new card goes through the learning steps: Again 1 min, Hard 6 min, Good 10 min', () => {
    expect(reviewCard(null, Rating.Again, now).dueAt - now).toBe(MINUTE);
    expect(reviewCard(null, Rating.Hard, now).dueAt - now).toBe(6 * MINUTE);
    expect(reviewCard(null, Rating.Good, now)).toMatchObject({
      dueAt: now + 10 * MINUTE,
      state: State.Learning,
      reps: 1,
    });
  });
  it('a learning card answered right graduates to review days later; a lapse relearns', () => {
    const learning = { ...reviewCard(null, Rating.Good, now), lastReviewAt: now };
    const later = now + 10 * MINUTE;
    const graduated = reviewCard(learning, Rating.Good, later);
    expect(graduated.state).toBe(State.Review);
    expect(graduated.dueAt - later).toBeGreaterThanOrEqual(DAY);
    const lapse = reviewCard({ ...graduated, lastReviewAt: later }, Rating.Again, graduated.dueAt);
    expect(lapse).toMatchObject({ state: State.Relearning, lapses: 1 });
  });
});

const plan: ExamPlan = { examDate: '2027-03-01', timeZone: ZONE };

describe('the exam date caps every interval', () => {
  const now = Date.UTC(2027, 1, 1, 15); // 2027-02-01, 28 days before the exam
  const examStart = dayStart(plan.examDate, ZONE);
  it('shortens an interval that would end after the exam to the eve', () => {
    const placed = placeDue(examStart + 30 * DAY, now, plan, {});
    expect(placed).toEqual({ dueAt: dayStart('2027-02-28', ZONE), day: '2027-02-28' });
  });
  it('leaves a due before the exam, and learning steps today, as FSRS set them', () => {
    const fsrsDue = dayStart('2027-02-10', ZONE) + 5 * 3_600_000;
    expect(placeDue(fsrsDue, now, plan, {})).toEqual({ dueAt: fsrsDue, day: '2027-02-10' });
    expect(placeDue(now + 10 * MINUTE, now, plan, {})).toEqual({
      dueAt: now + 10 * MINUTE,
      day: null,
    });
  });
  it('lifts the cap once the exam day has begun', () => {
    expect(placeDue(examStart + 30 * DAY, examStart + 1, plan, {})).toEqual({
      dueAt: examStart + 30 * DAY,
      day: null,
    });
  });
  it('rests a card reviewed on the eve at the start of the exam day', () => {
    const eve = dayStart('2027-02-28', ZONE) + 3_600_000;
    expect(placeDue(examStart + 9 * DAY, eve, plan, {})).toEqual({ dueAt: examStart, day: null });
  });
});

describe('the daily load before the exam', () => {
  const now = Date.UTC(2027, 1, 1, 15);
  it('moves a review to the latest earlier day with room, never past the target', () => {
    const load: DayLoad = { '2027-02-20': REVIEW_DAILY_LOAD, '2027-02-19': REVIEW_DAILY_LOAD };
    const fsrsDue = dayStart('2027-02-20', ZONE) + 3_600_000;
    expect(placeDue(fsrsDue, now, plan, load)).toEqual({
      dueAt: dayStart('2027-02-18', ZONE),
      day: '2027-02-18',
    });
  });
  it('goes a little late rather than over the load, and rests at the exam when all is full', () => {
    const load: DayLoad = {};
    for (let day = '2027-02-02'; day <= '2027-02-05'; day = addDays(day, 1))
      load[day] = REVIEW_DAILY_LOAD;
    const fsrsDue = dayStart('2027-02-05', ZONE) + 3_600_000;
    expect(placeDue(fsrsDue, now, plan, load).day).toBe('2027-02-06');
    for (let day = '2027-02-06'; day <= '2027-02-28'; day = addDays(day, 1))
      load[day] = REVIEW_DAILY_LOAD;
    expect(placeDue(fsrsDue, now, plan, load)).toEqual({
      dueAt: dayStart(plan.examDate, ZONE),
      day: null,
    });
  });
  it('counts a due on the plan’s days only', () => {
    expect(loadDay(dayStart('2027-02-10', ZONE), now, plan)).toBe('2027-02-10');
    expect(loadDay(now + MINUTE, now, plan)).toBeNull();
    expect(loadDay(dayStart(plan.examDate, ZONE), now, plan)).toBeNull();
  });
});

/**
 * A learner with 1,000 cards (answered over the previous weeks, their FSRS state built by
 * simulated reviews) sets an exam 45 days ahead, then reviews everything due each day, answering
 * right with the card's predicted chance. Every card stays due no later than the exam's start,
 * and no day before the exam holds more than REVIEW_DAILY_LOAD reviews.
 */
describe('a simulated 1,000-card deck against an exam date', () => {
  it('never schedules a card after the exam and keeps every day within the load', () => {
    const random = seeded(17);
    const start = Date.UTC(2027, 0, 4, 14);
    const HISTORY_DAYS = 200;
    const EXAM_IN_DAYS = 60;
    type SimCard = StoredCard & { seq: number };
    const cards: SimCard[] = [];
    // 1,000 questions answered over 200 days (5 a day), each reviewed as FSRS asks.
    for (let seq = 1; seq <= 1000; seq++) {
      let at = start + Math.floor((seq - 1) / 5) * DAY + (seq % 5) * 5 * MINUTE;
      let card: StoredCard | null = null;
      const until = start + HISTORY_DAYS * DAY;
      while (at < until) {
        const grade = random() < 0.9 ? Rating.Good : Rating.Again;
        const next = reviewCard(card, grade, at);
        card = { ...next, lastReviewAt: at };
        at = Math.max(next.dueAt, at + MINUTE);
      }
      cards.push({ ...card!, seq });
    }

    const setAt = start + HISTORY_DAYS * DAY;
    const examDate = addDays(localDay(setAt, ZONE), EXAM_IN_DAYS);
    const examPlan: ExamPlan = { examDate, timeZone: ZONE };
    const examStart = dayStart(examDate, ZONE);
    const { moved, load } = planDeck(
      cards.map((card) => ({ questionSeq: card.seq, dueAt: card.dueAt })),
      setAt,
      examPlan,
    );
    for (const change of moved)
      cards.find((card) => card.seq === change.questionSeq)!.dueAt = change.dueAt;
    expect(Math.max(...cards.map((card) => card.dueAt))).toBeLessThanOrEqual(examStart);

    const dailyLoads: number[] = [];
    let day = localDay(setAt, ZONE);
    while (day < examDate) {
      const dayEnd = dayStart(addDays(day, 1), ZONE);
      const scheduled = cards.filter(
        (card) => card.dueAt >= dayStart(day, ZONE) && card.dueAt < dayEnd,
      ).length;
      if (day > localDay(setAt, ZONE)) dailyLoads.push(scheduled);
      // The learner reviews everything due today in the morning (as a session takes it), then
      // the learning steps as they come due.
      let at = Math.max(setAt, dayStart(day, ZONE) + 9 * 3_600_000);
      let session = true;
      for (;;) {
        const due = cards.filter((card) => (session || card.dueAt <= at) && card.dueAt < dayEnd);
        session = false;
        if (due.length === 0 || at >= dayEnd - MINUTE) break;
        for (const card of due) {
          const grade = random() < 0.9 ? Rating.Good : Rating.Again;
          const next = reviewCard(card, grade, at);
          const old = loadDay(card.dueAt, at, examPlan);
          if (old) load[old] = Math.max(0, (load[old] ?? 0) - 1);
          const placed = placeDue(next.dueAt, at, examPlan, load);
          if (placed.day) load[placed.day] = (load[placed.day] ?? 0) + 1;
          Object.assign(card, next, { dueAt: placed.dueAt, lastReviewAt: at });
          expect(card.dueAt).toBeLessThanOrEqual(examStart);
        }
        at += 11 * MINUTE;
      }
      day = addDays(day, 1);
    }
    expect(dailyLoads.length).toBe(EXAM_IN_DAYS - 1);
    expect(Math.max(...dailyLoads)).toBeLessThanOrEqual(REVIEW_DAILY_LOAD);
    expect(cards.every((card) => card.dueAt <= examStart)).toBe(true);
    // Spread, not dropped: every card was reviewed after the exam date was set, before the exam,
    // and nearly all in its last month (1,000 cards at 45 capped reviews a day).
    expect(cards.filter((card) => card.lastReviewAt! < setAt)).toEqual([]);
    expect(cards.every((card) => card.lastReviewAt! < examStart)).toBe(true);
    const lastMonth = dayStart(addDays(examDate, -30), ZONE);
    expect(cards.filter((card) => card.lastReviewAt! >= lastMonth).length).toBeGreaterThan(990);
  });
});
