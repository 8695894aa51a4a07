import { useFetcher } from 'react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { PublicUser, SavedPaymentMethod } from '@drone-exam/shared';
import { Alert, Badge, Button, Card } from '@drone-exam/shared/ui/ui';
import { LocalDate } from '../local-date';
import { Link, LinkButton } from '../links';
import { useFormat, useMessage } from '../../i18n/hooks';
import type { AccountResult } from './account-result';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';

/** The account page's cards of what is: the payment just made, the profile, premium and billing. */
export function PaymentBanner({
  payment,
  user,
}: {
  payment: 'success' | 'cancelled' | null;
  user: PublicUser;
}) {
  const { t } = useTranslation('account');
  if (payment === 'cancelled') {
    return (
      <Alert tone="info" title={t('payment.cancelledTitle')} className="mb-6">
        {t('payment.cancelledBefore')}
        <Link to="/pricing" className="font-semibold underline">
          {t('payment.pricingLink')}
        </Link>
        {t('payment.cancelledAfter')}
      </Alert>
    );
  }
  if (payment !== 'success') return null;
  if (!user.hasPremium || !user.premiumUntil) {
    // Stripe confirms through the webhook, which can land a few seconds after the redirect.
    return (
      <Alert tone="info" title={t('payment.receivedTitle')} className="mb-6">
        {t('payment.received')}
      </Alert>
    );
  }
  return (
    <Alert tone="success" title={t('payment.successTitle')} className="mb-6">
      {t('payment.activeUntil')} <LocalDate value={user.premiumUntil} withTime />
    </Alert>
  );
}

export function Profile({ user }: { user: PublicUser }) {
  const { t } = useTranslation(['account', 'auth']);
  const message = useMessage();
  const resend = useFetcher<AccountResult>();
  const sent = resend.data?.intent === 'resend' ? resend.data : null;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('profile.title')}</h2>
      <dl className="mt-4 space-y-3 text-sm">
        <Row label={t('profile.name')}>
          {user.firstName} {user.lastName}
        </Row>
        <Row label={t('profile.email')}>
          <span className="break-all">{user.email}</span>{' '}
          {user.emailVerified ? (
            <Badge tone="green">{t('profile.verified')}</Badge>
          ) : (
            <Badge tone="amber">{t('profile.notVerified')}</Badge>
          )}
        </Row>
        <Row label={t('profile.role')}>
          {user.role === 'admin' ? t('profile.administrator') : t('profile.user')}
        </Row>
        <Row label={t('profile.memberSince')}>
          <LocalDate value={user.createdAt} />
        </Row>
      </dl>
      {!user.emailVerified && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-700">{t('profile.verifyWhy')}</p>
          <resend.Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resend" />
            <Button
              type="submit"
              variant="secondary"
              loading={resend.state !== 'idle'}
              loadingText={t('auth:sending')}
            >
              {t('profile.resend')}
            </Button>
          </resend.Form>
          <div aria-live="polite">
            {sent && (
              <Alert tone={sent.ok ? 'success' : 'error'} className="mt-3">
                {message(sent.message)}
              </Alert>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-3">
      <dt className="w-28 shrink-0 font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

export function Premium({
  user,
  portalAvailable,
  paymentMethods,
  fromClass,
}: {
  user: PublicUser;
  portalAvailable: boolean;
  paymentMethods: SavedPaymentMethod[] | null;
  /** The period running now is a seat the learner's class instructor bought. */
  fromClass: boolean;
}) {
  const { t } = useTranslation(['account', 'common']);
  const message = useMessage();
  const format = useFormat();
  const portal = useFetcher<AccountResult>();
  const portalError = portal.data?.intent === 'portal' ? portal.data.error : null;
  const lapsed = !user.hasPremium && user.premiumUntil;
  return (
    <Card data-testid="premium-status">
      <h2 className="text-lg font-semibold text-slate-900">{t('premium.title')}</h2>
      {user.role === 'admin' ? (
        <Alert tone="info" className="mt-4" title={t('common:adminAccess')} />
      ) : user.hasPremium && user.premiumUntil ? (
        <>
          <p className="mt-4 text-sm text-slate-700">
            <Badge tone="green">{t('premium.active')}</Badge> {t('premium.unlockedUntil')}{' '}
            <strong data-testid="premium-expiry">
              <LocalDate value={user.premiumUntil} withTime />
            </strong>
          </p>
          {fromClass && (
            <p className="mt-2 text-sm font-medium text-slate-800" data-testid="premium-from-class">
              {t('premium.fromClass')}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <LinkButton to="/practice">{t('premium.start')}</LinkButton>
            <LinkButton to="/pricing" variant="secondary">
              {t('premium.extend', { count: PREMIUM_OFFER.durationDays })}
            </LinkButton>
          </div>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700">
            {lapsed ? (
              <>
                {t('premium.ended')} <LocalDate value={user.premiumUntil!} />.
              </>
            ) : (
              t('premium.free')
            )}{' '}
            {t('premium.offer', {
              price: format.money(PREMIUM_OFFER.amountCents),
              count: PREMIUM_OFFER.durationDays,
            })}
          </p>
          <div className="mt-4">
            <LinkButton to="/pricing">{t('premium.get')}</LinkButton>
          </div>
        </>
      )}
      {portalAvailable && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t('billing.title')}</h3>
          {paymentMethods && paymentMethods.length > 0 && (
            <ul
              className="mt-2 space-y-1 text-sm text-slate-700"
              aria-label={t('billing.savedCards')}
            >
              {paymentMethods.map((method) => (
                <li key={method.id}>
                  {t('billing.card', {
                    brand: method.brand.charAt(0).toUpperCase() + method.brand.slice(1),
                    last4: method.last4,
                    expiry: `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`,
                  })}
                </li>
              ))}
            </ul>
          )}
          <portal.Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="portal" />
            <Button
              type="submit"
              variant="secondary"
              loading={portal.state !== 'idle'}
              loadingText={t('billing.opening')}
            >
              {t('billing.portal')}
            </Button>
          </portal.Form>
          {portalError && (
            <Alert tone="error" className="mt-3">
              {message(portalError)}
            </Alert>
          )}
        </div>
      )}
    </Card>
  );
}
