import { useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Locale } from '@drone-exam/shared/i18n';
import { dayOf, longDay, weekdayName } from '@drone-exam/shared/calendar-words';
import type { LearningPlan } from '@drone-exam/shared/schemas/learning';
import { useLocale } from '../../i18n/hooks';

/** A calendar day (YYYY-MM-DD) at noon UTC, so the UTC getters read that day's date and weekday. */
export const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * A calendar day as words ("Monday, March 1, 2027", "lundi 1 mars 2027"), the same on the server
 * and in the browser.
 */
export const longDate = (day: string, locale: Locale) =>
  longDay(dayOf(atNoon(day), 'UTC'), locale, true);

/** The plan's words in the page's language: dates, the exam countdown, the recency line. */
export function usePlanText() {
  const { t } = useTranslation('learning');
  const locale = useLocale();
  return useMemo(() => {
    const date = (day: string) => longDate(day, locale);
    return {
      longDate: date,
      countdown(days: number): string {
        if (days < 0) return t('countdown.passed');
        if (days === 0) return t('countdown.today');
        if (days === 1) return t('countdown.tomorrow');
        return t('countdown.days', { count: days });
      },
      /**
       * Today, Tomorrow, then weekdays, from the learner's today as the API counts their days
       * (its calendar arithmetic needs no time-zone data in the browser).
       */
      forecastLabels(today: string, count: number): string[] {
        return Array.from({ length: count }, (_, i) =>
          i === 0
            ? t('forecast.today')
            : i === 1
              ? t('forecast.tomorrow')
              : weekdayName(
                  new Date(atNoon(today).getTime() + i * 86_400_000).getUTCDay(),
                  locale,
                  'short',
                ),
        );
      },
      /** The date a recency activity is due by (CARs 901.56), or how to record one. */
      recencyLine(plan: LearningPlan): string {
        if (!plan.recencyDueDate || plan.daysToRecency === null) return t('recencyLine.none');
        if (plan.daysToRecency < 0) {
          return t('recencyLine.expired', { date: date(plan.recencyDueDate) });
        }
        return t('recencyLine.due', {
          date: date(plan.recencyDueDate),
          count: plan.daysToRecency,
        });
      },
    };
  }, [t, locale]);
}
