import { useTranslation } from '../i18n/react';
import type { Route } from './+types/privacy';
import { staticPage } from '../root';
import { metaFromLoader } from '../lib/meta';
import { LegalPage } from '../components/legal-page';
import { Link } from '../components/links';
import { pageMessages, serverT } from '../i18n/i18n.server';

export const handle = staticPage;

export const meta = metaFromLoader;

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context, 'info');
  return {
    meta: { title: t('privacy.title'), description: t('privacy.description') },
    i18n: pageMessages(context, ['info']),
  };
}

export default function Privacy() {
  const { t } = useTranslation('info');
  return (
    <LegalPage title={t('privacy.title')} updated={t('privacy.updated')}>
      <h2>{t('privacy.keepTitle')}</h2>
      <ul>
        <li>{t('privacy.keepAccount')}</li>
        <li>{t('privacy.keepStudy')}</li>
        <li>{t('privacy.keepPurchases')}</li>
        <li>{t('privacy.keepMessages')}</li>
        <li>{t('privacy.keepEvents')}</li>
      </ul>
      <h2>{t('privacy.cookiesTitle')}</h2>
      <p>{t('privacy.cookies')}</p>
      <h2>{t('privacy.processorsTitle')}</h2>
      <ul>
        <li>{t('privacy.processorsCloudflare')}</li>
        <li>{t('privacy.processorsStripe')}</li>
        <li>{t('privacy.processorsMail')}</li>
      </ul>
      <h2>{t('privacy.choicesTitle')}</h2>
      <p>
        {t('privacy.choicesBefore')}
        <Link to="/contact">{t('privacy.choicesLink')}</Link>
        {t('privacy.choicesAfter')}
      </p>
    </LegalPage>
  );
}
