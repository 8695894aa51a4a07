import { useTranslation } from '../../i18n/react';
import type { PaymentHistory } from '@drone-exam/shared';
import { Alert, Badge, Card, EmptyState } from '@drone-exam/shared/ui/ui';
import { useFormat, useMessage } from '../../i18n/hooks';
import { Link } from '../links';
import { LocalDate } from '../local-date';
import { PageLinks } from '../page-links';
import type { PaymentStatus } from '@drone-exam/shared/schemas/payments-values';

/** How each entry of the history reads: a purchase, a refund, or premium an admin gave. */
const PAYMENT_STATUS = {
  paid: 'green',
  refunded: 'slate',
  granted: 'sky',
  revoked: 'slate',
} as const satisfies Record<PaymentStatus, 'green' | 'slate' | 'sky'>;

const DAY_MS = 86_400_000;

export function Purchases({
  history,
  error,
}: {
  history: PaymentHistory | null;
  error: string | null;
}) {
  const { t } = useTranslation(['account', 'common']);
  const message = useMessage();
  const format = useFormat();
  return (
    <section aria-labelledby="purchases-heading" className="mt-6">
      <Card>
        <h2 id="purchases-heading" className="text-lg font-semibold text-slate-900">
          {t('history.title')}
        </h2>
        {!history ? (
          <Alert tone="error" className="mt-4" title={t('history.failed')}>
            {error && message(error)}{' '}
            <Link to="." reloadDocument className="font-semibold underline">
              {t('common:tryAgain')}
            </Link>
          </Alert>
        ) : history.payments.length === 0 ? (
          <div className="mt-4">
            <EmptyState title={t('history.empty')}>
              {t('history.emptyBody', { plan: t('common:plan.name') })}
            </EmptyState>
          </div>
        ) : (
          <>
            <div className="mt-4 overflow-x-auto">
              <table
                className="w-full min-w-[36rem] text-left text-sm"
                data-testid="purchase-history"
              >
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('history.date')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('history.item')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('history.amount')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('history.access')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      {t('history.status')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {history.payments.map((row) => (
                    <tr key={row.id}>
                      <td className="py-2 pr-4 whitespace-nowrap">
                        <LocalDate value={row.createdAt} />
                      </td>
                      <td className="py-2 pr-4">
                        {row.provider === 'complimentary'
                          ? t('history.complimentary', {
                              count: Math.round(
                                (Date.parse(row.periodEnd) - Date.parse(row.periodStart)) / DAY_MS,
                              ),
                            })
                          : row.provider === 'class'
                            ? t('history.fromClass')
                            : t('common:plan.name')}
                      </td>
                      <td className="py-2 pr-4 whitespace-nowrap">
                        {format.money(row.amountCents)}
                        {row.currency !== 'CAD' && ` (${row.currency})`}
                      </td>
                      <td className="py-2 pr-4">
                        <LocalDate value={row.periodStart} /> {t('history.to')}{' '}
                        <LocalDate value={row.periodEnd} />
                      </td>
                      <td className="py-2">
                        <Badge tone={PAYMENT_STATUS[row.status]}>
                          {t(`history.statuses.${row.status}`)}
                        </Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <PageLinks
              pagination={history.pagination}
              label={t('history.pages')}
              href={(page) => `?page=${page}`}
            />
          </>
        )}
      </Card>
    </section>
  );
}
