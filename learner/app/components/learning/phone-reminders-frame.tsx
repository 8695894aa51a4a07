import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

/** The phone reminders card's heading and introduction, around what the card shows. */
export function PhoneRemindersFrame({ children }: { children?: ReactNode }) {
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
