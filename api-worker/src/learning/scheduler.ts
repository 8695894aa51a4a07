/**
 * Spaced review (issue 17): every question a learner answers is an FSRS card, scheduled by
 * ts-fsrs with its default parameters and fuzz. Pure functions, shared by the answer path, the
 * exam plan and the simulations in scheduler.test.ts. ARCHITECTURE.md "Spaced review" says why
 * each rule is what it is.
 */
import {
  createEmptyCard,
  default_request_retention,
  fsrs,
  generatorParameters,
  Rating,
  State,
  type Card,
  type FSRS,
  type Grade,
} from 'ts-fsrs';
import { addDays, dayStart, localDay } from './days.ts';
import {
  REVIEW_DAILY_LOAD,
  REVIEW_EASY_TIME_FACTOR,
  REVIEW_HARD_TIME_FACTOR,
  REVIEW_MEDIAN_MIN_ANSWERS,
} from './constants.ts';

export { Rating, State };

let scheduler: FSRS | null = null;
/** FSRS with ts-fsrs's default parameters, fuzz on (made on first use: nothing runs at load). */
const fsrsScheduler = () => (scheduler ??= fsrs(generatorParameters({ enable_fuzz: true })));

/** A card as learner_questions keeps it (the last review is the record's last answer). */
export type StoredCard = {
  state: number;
  dueAt: number;
  stability: number | null;
  difficulty: number | null;
  reps: number;
  lapses: number;
  learningSteps: number;
  lastReviewAt: number | null;
};

/** The median of the learner's recent answer times, or null when too few to judge speed by. */
export function medianSeconds(times: readonly number[]): number | null {
  const measured = times.filter((t) => t > 0).sort((a, b) => a - b);
  if (measured.length < REVIEW_MEDIAN_MIN_ANSWERS) return null;
  const mid = Math.floor(measured.length / 2);
  return measured.length % 2 ? measured[mid]! : (measured[mid - 1]! + measured[mid]!) / 2;
}

/**
 * The rating an answer gives its card: wrong is Again; right is Good, or Hard when it took more
 * than twice the learner's median time, or Easy when it took at most half of it and the card was
 * already in review. A time of 0 (not measured) and a learner without enough answers to know their
 * median give Good.
 */
export function rateAnswer(answer: {
  correct: boolean;
  seconds: number;
  medianSeconds: number | null;
  state: number | null;
}): Grade {
  if (!answer.correct) return Rating.Again;
  const median = answer.medianSeconds;
  if (median === null || median <= 0 || answer.seconds <= 0) return Rating.Good;
  if (answer.seconds > REVIEW_HARD_TIME_FACTOR * median) return Rating.Hard;
  if (answer.state === State.Review && answer.seconds <= REVIEW_EASY_TIME_FACTOR * median)
    return Rating.Easy;
  return Rating.Good;
}

function toFsrsCard(stored: StoredCard | null, now: number): Card {
  if (!stored) return createEmptyCard(new Date(now));
  return {
    due: new Date(stored.dueAt),
    stability: stored.stability ?? 0,
    difficulty: stored.difficulty ?? 0,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: stored.learningSteps,
    reps: stored.reps,
    lapses: stored.lapses,
    state: stored.state as State,
    last_review:
      stored.state === State.New || stored.lastReviewAt === null
        ? undefined
        : new Date(stored.lastReviewAt),
  };
}

/** The card after an answer rated `grade` at `now`, as FSRS schedules it (before any exam plan). */
export function reviewCard(stored: StoredCard | null, grade: Grade, now: number) {
  const { card } = fsrsScheduler().next(toFsrsCard(stored, now), new Date(now), grade);
  return {
    state: card.state as number,
    dueAt: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    reps: card.reps,
    lapses: card.lapses,
    learningSteps: card.learning_steps,
  };
}

/** Reviews planned per learner's day before the exam: {"YYYY-MM-DD": cards}. */
export type DayLoad = Record<string, number>;

export type ExamPlan = { examDate: string; timeZone: string };

/** The plan's days as seen at `now`, or null once the exam day has begun (the cap is lifted). */
function planDays(plan: ExamPlan, now: number) {
  const examStart = dayStart(plan.examDate, plan.timeZone);
  if (now >= examStart) return null;
  const today = localDay(now, plan.timeZone);
  return { examStart, today, tomorrow: addDays(today, 1), eve: addDays(plan.examDate, -1) };
}

/**
 * Where a card's next review goes under an exam plan, given FSRS's due and the reviews already
 * planned per day (the card's own old day left out):
 * - a due later today (a learning step) stays;
 * - a due on or after the exam day is capped to the eve: the interval is shortened so the review
 *   lands before the exam, never dropped;
 * - the review goes to the latest day, from tomorrow to that target, with fewer than
 *   REVIEW_DAILY_LOAD reviews planned, else to the first such day after the target (a little late
 *   rather than over the load), so no day before the exam passes the load while the deck allows;
 * - when every day to the exam is full, the card rests at the start of the exam day: it was just
 *   reviewed, nothing is scheduled after the exam, and no day before it goes past the load.
 * Without a plan, or once the exam day has begun, FSRS's due stands. Returns the due and the day
 * it counts on in the load (null when it adds no load before the exam).
 */
export function placeDue(
  fsrsDue: number,
  now: number,
  plan: ExamPlan | null,
  load: DayLoad,
): { dueAt: number; day: string | null } {
  const days = plan && planDays(plan, now);
  if (!plan || !days) return { dueAt: fsrsDue, day: null };
  const dueDay = localDay(fsrsDue, plan.timeZone);
  if (dueDay <= days.today) return { dueAt: fsrsDue, day: null };
  const capped = fsrsDue >= days.examStart;
  const target = capped ? days.eve : dueDay;
  const at = (day: string) => ({
    dueAt: day === dueDay ? fsrsDue : dayStart(day, plan.timeZone),
    day,
  });
  // Capped reviews leave a day the share FSRS expects to lapse (1 − retention), so the relearning
  // of a lapse in the last weeks still finds room.
  const limit = capped
    ? Math.floor(REVIEW_DAILY_LOAD * default_request_retention)
    : REVIEW_DAILY_LOAD;
  const hasRoom = (day: string) => (load[day] ?? 0) < limit;
  for (let day = target; day >= days.tomorrow; day = addDays(day, -1)) {
    if (hasRoom(day)) return at(day);
  }
  for (let day = addDays(target, 1); day <= days.eve; day = addDays(day, 1)) {
    if (hasRoom(day)) return at(day);
  }
  return { dueAt: days.examStart, day: null };
}

/** The day a due counts on in the plan's load, or null (today, or not before the exam). */
export function loadDay(dueAt: number | null, now: number, plan: ExamPlan | null): string | null {
  const days = plan && planDays(plan, now);
  if (dueAt === null || !plan || !days || dueAt >= days.examStart) return null;
  const day = localDay(dueAt, plan.timeZone);
  return day >= days.tomorrow ? day : null;
}

/**
 * Plans a whole deck when a learner sets an exam date: each card due after today is placed as
 * placeDue would (earliest due first, so a card keeps its own day while it has room), and the
 * reviews planned per day are returned with the cards that moved.
 */
export function planDeck(
  cards: ReadonlyArray<{ questionSeq: number; dueAt: number }>,
  now: number,
  plan: ExamPlan,
): { moved: Array<{ questionSeq: number; dueAt: number }>; load: DayLoad } {
  const load: DayLoad = {};
  const moved: Array<{ questionSeq: number; dueAt: number }> = [];
  const ordered = [...cards].sort((a, b) => a.dueAt - b.dueAt || a.questionSeq - b.questionSeq);
  for (const card of ordered) {
    const placed = placeDue(card.dueAt, now, plan, load);
    if (placed.day) load[placed.day] = (load[placed.day] ?? 0) + 1;
    if (placed.dueAt !== card.dueAt)
      moved.push({ questionSeq: card.questionSeq, dueAt: placed.dueAt });
  }
  return { moved, load };
}
