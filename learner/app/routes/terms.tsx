import { useTranslation } from '../i18n/react';
import type { Route } from './+types/terms';
import { staticPage } from '../root';
import { metaFromLoader } from '../lib/meta';
import { LegalPage } from '../components/legal-page';
import { Link } from '../components/links';
import { useFormat } from '../i18n/hooks';
import { pageMessages, serverT } from '../i18n/i18n.server';
import { PRODUCT_NAME } from '@drone-exam/shared/product';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';

export const handle = staticPage;

export const meta = metaFromLoader;

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context, 'info');
  return {
    meta: { title: t('terms.title'), description: t('terms.description') },
    i18n: pageMessages(context, ['info']),
  };
}

export default function Terms() {
  const { t } = useTranslation(['info', 'common']);
  const format = useFormat();
  const product = PRODUCT_NAME;
  const days = PREMIUM_OFFER.durationDays;
  return (
    <LegalPage title={t('terms.title')} updated={t('terms.updated')}>
      <h2>{t('terms.whatTitle', { product })}</h2>
      <p>{t('terms.what', { product })}</p>
      <h2>{t('terms.accountTitle')}</h2>
      <p>
        {t('terms.accountBefore')}
        <Link to="/contact">{t('terms.accountLink')}</Link>
        {t('terms.accountAfter')}
      </p>
      <h2>{t('terms.premiumTitle')}</h2>
      <ul>
        <li>
          {t('terms.premiumPrice', {
            plan: t('common:plan.name'),
            price: format.money(PREMIUM_OFFER.amountCents),
            days,
          })}
        </li>
        <li>{t('terms.premiumOnce')}</li>
        <li>{t('terms.premiumExtend', { days })}</li>
        <li>{t('terms.premiumRefund')}</li>
      </ul>
      <h2>{t('terms.contentTitle')}</h2>
      <p>{t('terms.content')}</p>
      <h2>{t('terms.changesTitle')}</h2>
      <p>{t('terms.changes')}</p>
    </LegalPage>
  );
}
