/**
 * The streak as pure functions of the stored state (learner_streaks) and the learner's today:
 * met days in a row, a freeze earned every STREAK_FREEZE_EVERY of them (at most
 * STREAK_FREEZES_MAX held), each missed day since the last met day using one freeze while one is
 * held, the streak broken once a missed day finds none. The state moves only when a day becomes
 * met (meetDay); every read settles the days missed since (settle), so no cron walks the learners.
 */
import { STREAK_FREEZE_EVERY, STREAK_FREEZES_MAX } from './constants.ts';
import { addDays, daysBetween } from './days.ts';

export type StreakState = {
  current: number;
  longest: number;
  freezes: number;
  /** The last day met, in the learner's zone; null before their first. */
  lastMetDay: string | null;
};

export const NO_STREAK: StreakState = { current: 0, longest: 0, freezes: 0, lastMetDay: null };

/**
 * The streak at the start of `today`: the days missed between the last met day and today each use
 * a freeze (those days are `frozenDays`); once the freezes run out the streak is 0. Today itself is
 * not missed yet.
 */
export function settle(
  state: StreakState,
  today: string,
): Omit<StreakState, 'lastMetDay'> & { frozenDays: string[] } {
  const { current, longest, freezes, lastMetDay } = state;
  const missed = lastMetDay ? daysBetween(lastMetDay, today) - 1 : 0;
  if (!lastMetDay || missed <= 0) return { current, longest, freezes, frozenDays: [] };
  const used = Math.min(missed, freezes);
  const frozenDays = Array.from({ length: used }, (_, i) => addDays(lastMetDay, i + 1));
  if (missed > freezes) return { current: 0, longest, freezes: 0, frozenDays };
  return { current, longest, freezes: freezes - used, frozenDays };
}

/** The state once `today` is met, and the missed days frozen on the way. */
export function meetDay(state: StreakState, today: string): StreakState & { frozenDays: string[] } {
  if (state.lastMetDay !== null && state.lastMetDay >= today) return { ...state, frozenDays: [] };
  const settled = settle(state, today);
  const current = settled.current + 1;
  const freezes =
    current % STREAK_FREEZE_EVERY === 0
      ? Math.min(STREAK_FREEZES_MAX, settled.freezes + 1)
      : settled.freezes;
  return {
    current,
    longest: Math.max(settled.longest, current),
    freezes,
    lastMetDay: today,
    frozenDays: settled.frozenDays,
  };
}

/** The streak as the learner sees it today: what they keep if they meet today, or already have. */
export function streakToday(state: StreakState, today: string) {
  if (state.lastMetDay === today)
    return {
      current: state.current,
      longest: state.longest,
      freezesHeld: state.freezes,
      frozenDays: [],
    };
  const settled = settle(state, today);
  return {
    current: settled.current,
    longest: settled.longest,
    freezesHeld: settled.freezes,
    frozenDays: settled.frozenDays,
  };
}
