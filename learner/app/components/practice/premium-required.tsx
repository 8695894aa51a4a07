import { useTranslation } from '../../i18n/react';
import { Card, Container, PageHeader } from '@drone-exam/shared/ui/ui';
import { useFormat } from '../../i18n/hooks';
import { LinkButton } from '../links';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';

/** premium-quiz-admin-spec §2: what a learner without premium sees on /practice. */
export function PremiumRequired() {
  const { t } = useTranslation(['practice', 'common']);
  const format = useFormat();
  return (
    <Container className="max-w-2xl">
      <PageHeader title={t('title')} />
      <Card className="text-center">
        <h2 className="text-2xl font-bold text-slate-900">{t('premium.title')}</h2>
        <p className="mt-3 text-slate-600">
          {t('premium.body', {
            plan: t('common:plan.name'),
            price: format.money(PREMIUM_OFFER.amountCents),
            count: PREMIUM_OFFER.durationDays,
          })}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <LinkButton to="/pricing">{t('premium.upgrade')}</LinkButton>
          <LinkButton to="/study" variant="secondary">
            {t('premium.browse')}
          </LinkButton>
        </div>
      </Card>
    </Container>
  );
}
