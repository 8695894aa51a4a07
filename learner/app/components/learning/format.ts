import type { LearningPlan } from '@drone-exam/shared/schemas/learning';

const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

/** A calendar day as words ("Monday, March 1, 2027"), the same on the server and in the browser. */
export const longDate = (day: string) =>
  atNoon(day).toLocaleDateString('en-CA', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

export function countdown(days: number): string {
  if (days < 0) return 'your exam date has passed';
  if (days === 0) return 'today. Good luck!';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}

/** Today, Tomorrow, then weekdays, in the learner's time zone (the same labels the server renders). */
export function forecastLabels(timeZone: string, count: number): string[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) =>
    i === 0
      ? 'Today'
      : i === 1
        ? 'Tomorrow'
        : new Date(now + i * 86_400_000).toLocaleDateString('en-CA', {
            timeZone,
            weekday: 'short',
          }),
  );
}

/** The recency line: the date a recency activity is due by (CARs 901.56), or how to record one. */
export function recencyLine(plan: LearningPlan): string {
  if (!plan.recencyDueDate || plan.daysToRecency === null)
    return 'Already certified? Record your certificate date on your account to track recency.';
  if (plan.daysToRecency < 0)
    return `Your recency ran out on ${longDate(plan.recencyDueDate)}: complete a recency activity before you fly.`;
  return `Complete a recency activity by ${longDate(plan.recencyDueDate)} (${plan.daysToRecency} days, CARs 901.56).`;
}
