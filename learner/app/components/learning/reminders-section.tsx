import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

/**
 * The phone reminders' section, its title and introduction: the same before their code has come
 * (phone-reminders-later.tsx) as once it runs, so a page reads and is found the same either way.
 */
export function RemindersSection({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('learning');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="phone-reminders">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('push.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('push.intro')}</p>
      {children}
    </section>
  );
}
