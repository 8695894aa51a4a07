import { describe, expect, it } from 'vitest';
import { addDays } from './days.ts';
import { NO_STREAK, meetDay, streakToday, type StreakState } from './streak.ts';

const START = '2027-03-01';

/** The state after meeting `count` days in a row from `from`. */
function metInARow(count: number, from = START, state: StreakState = NO_STREAK) {
  let next = state;
  for (let i = 0; i < count; i++) {
    const { frozenDays: _, ...moved } = meetDay(next, addDays(from, i));
    next = moved;
  }
  return next;
}

describe('the streak', () => {
  it('counts met days in a row and starts at 1 on the first', () => {
    expect(meetDay(NO_STREAK, START)).toEqual({
      current: 1,
      longest: 1,
      freezes: 0,
      lastMetDay: START,
      frozenDays: [],
    });
    expect(metInARow(5)).toMatchObject({ current: 5, longest: 5, lastMetDay: '2027-03-05' });
  });

  it('earns a freeze on the 7th met day in a row, another on the 14th, and holds at most 2', () => {
    expect(metInARow(6).freezes).toBe(0);
    expect(metInARow(7).freezes).toBe(1);
    expect(metInARow(13).freezes).toBe(1);
    expect(metInARow(14).freezes).toBe(2);
    expect(metInARow(21)).toMatchObject({ current: 21, freezes: 2 });
  });

  it('meeting the same day twice moves nothing', () => {
    const state = metInARow(3);
    expect(meetDay(state, state.lastMetDay!)).toEqual({ ...state, frozenDays: [] });
  });

  it('uses a freeze on a missed day: the streak goes on and the day shows frozen', () => {
    const week = metInARow(7); // last met 2027-03-07, one freeze
    const next = meetDay(week, '2027-03-09');
    expect(next).toEqual({
      current: 8,
      longest: 8,
      freezes: 0,
      lastMetDay: '2027-03-09',
      frozenDays: ['2027-03-08'],
    });
  });

  it('two missed days with one freeze break it: the freeze covers the first, the streak restarts', () => {
    const week = metInARow(7);
    const next = meetDay(week, '2027-03-10');
    expect(next).toEqual({
      current: 1,
      longest: 7,
      freezes: 0,
      lastMetDay: '2027-03-10',
      frozenDays: ['2027-03-08'],
    });
  });

  it('two freezes cover two missed days', () => {
    const fortnight = metInARow(14); // last met 2027-03-14, two freezes
    expect(meetDay(fortnight, '2027-03-17')).toMatchObject({
      current: 15,
      freezes: 0,
      frozenDays: ['2027-03-15', '2027-03-16'],
    });
  });

  it('a missed day without a freeze breaks it; the longest run is kept', () => {
    const five = metInARow(5);
    expect(meetDay(five, '2027-03-07')).toMatchObject({ current: 1, longest: 5, frozenDays: [] });
  });
});

describe('the streak as of today', () => {
  it('still stands today when yesterday was met, and today is not missed yet', () => {
    const three = metInARow(3);
    expect(streakToday(three, '2027-03-03')).toMatchObject({ current: 3, frozenDays: [] });
    expect(streakToday(three, '2027-03-04')).toMatchObject({ current: 3, freezesHeld: 0 });
  });

  it('shows a missed day frozen and the freeze spent before the next met day', () => {
    const week = metInARow(7);
    expect(streakToday(week, '2027-03-09')).toEqual({
      current: 7,
      longest: 7,
      freezesHeld: 0,
      frozenDays: ['2027-03-08'],
    });
  });

  it('is 0 once the missed days outrun the freezes', () => {
    const week = metInARow(7);
    expect(streakToday(week, '2027-03-10')).toEqual({
      current: 0,
      longest: 7,
      freezesHeld: 0,
      frozenDays: ['2027-03-08'],
    });
    expect(streakToday(NO_STREAK, START)).toMatchObject({ current: 0, longest: 0 });
  });
});
