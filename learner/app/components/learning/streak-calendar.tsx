import { useTranslation } from '../../i18n/react';
import { weekdayName, type Width } from '@drone-exam/shared/calendar-words';
import type { StreakDay } from '@drone-exam/shared/schemas/learning';
import { useLocale } from '../../i18n/hooks';
import { atNoon, longDate } from './format';

type Mark = 'met' | 'frozen' | 'missed' | 'open';

const STYLE: Record<Mark, string> = {
  met: 'bg-emerald-700 text-white',
  frozen: 'bg-sky-100 text-sky-900 ring-1 ring-sky-400',
  missed: 'bg-slate-100 text-slate-700',
  open: 'bg-white text-slate-900 ring-2 ring-slate-400',
};

/**
 * The streak's five weeks as a table (a row a week, oldest first, today last): each day says
 * whether it met the goal, was covered by a freeze or was missed, in words for screen readers and
 * by colour and mark on screen. Static markup, no script of its own.
 */
export function StreakCalendar({ days }: { days: StreakDay[] }) {
  const { t } = useTranslation('learning');
  const locale = useLocale();
  const weekday = (day: string, width: Width) =>
    weekdayName(atNoon(day).getUTCDay(), locale, width);
  const today = days.at(-1)?.date;
  const weeks = Array.from({ length: Math.ceil(days.length / 7) }, (_, i) =>
    days.slice(i * 7, i * 7 + 7),
  );
  const markOf = (day: StreakDay): Mark =>
    day.met ? 'met' : day.frozen ? 'frozen' : day.date === today ? 'open' : 'missed';
  return (
    <div>
      <table className="w-full table-fixed border-separate border-spacing-1 text-center text-sm">
        <caption className="mb-2 text-left text-sm font-semibold text-slate-800">
          {t('calendar.caption')}
        </caption>
        <thead>
          <tr>
            {weeks[0]?.map((day) => (
              <th
                key={day.date}
                scope="col"
                abbr={weekday(day.date, 'long')}
                className="text-xs font-medium text-slate-600"
              >
                {weekday(day.date, 'short')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => {
                const mark = markOf(day);
                return (
                  <td
                    key={day.date}
                    data-date={day.date}
                    data-mark={mark}
                    aria-current={day.date === today ? 'date' : undefined}
                    className={`h-10 rounded-md font-semibold ${STYLE[mark]}`}
                  >
                    <span aria-hidden="true">
                      {Number(day.date.slice(8))}
                      {mark === 'frozen' ? ' ❄' : mark === 'met' ? ' ✓' : ''}
                    </span>
                    <span className="sr-only">
                      {t(`calendar.${mark}`, { date: longDate(day.date, locale) })}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 flex flex-wrap gap-4 text-xs text-slate-700" aria-hidden="true">
        {(['met', 'frozen', 'missed'] as const).map((mark) => (
          <li key={mark} className="flex items-center gap-1">
            <span className={`inline-block h-3 w-3 rounded-sm ${STYLE[mark]}`} />
            {t(`calendar.legend.${mark}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
