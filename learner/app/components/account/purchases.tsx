import { Link } from 'react-router';
import type { PaymentHistory } from '@drone-exam/shared';
import { PREMIUM_OFFER, type PaymentStatus } from '@drone-exam/shared/constants';
import { formatCad } from '@drone-exam/shared/text';
import { Alert, Badge, Card, EmptyState } from '@drone-exam/shared/ui/ui';
import { LocalDate } from '../local-date';
import { PageLinks } from '../page-links';

/** How each entry of the history reads: a purchase, a refund, or premium an admin gave. */
const PAYMENT_STATUS = {
  paid: { label: 'Paid', tone: 'green' },
  refunded: { label: 'Refunded', tone: 'slate' },
  granted: { label: 'Complimentary', tone: 'sky' },
  revoked: { label: 'Revoked', tone: 'slate' },
} as const satisfies Record<PaymentStatus, { label: string; tone: 'green' | 'slate' | 'sky' }>;

export function Purchases({
  history,
  error,
}: {
  history: PaymentHistory | null;
  error: string | null;
}) {
  return (
    <section aria-labelledby="purchases-heading" className="mt-6">
      <Card>
        <h2 id="purchases-heading" className="text-lg font-semibold text-slate-900">
          Purchase history
        </h2>
        {!history ? (
          <Alert tone="error" className="mt-4" title="Your purchases could not be loaded.">
            {error}{' '}
            <Link to="." reloadDocument className="font-semibold underline">
              Try again
            </Link>
          </Alert>
        ) : history.payments.length === 0 ? (
          <div className="mt-4">
            <EmptyState title="No purchases yet">
              When you buy the {PREMIUM_OFFER.name}, it shows up here.
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
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Item
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Amount
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Access
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {history.payments.map((row) => (
                    <tr key={row.id}>
                      <td className="py-2 pr-4 whitespace-nowrap">
                        <LocalDate value={row.createdAt} />
                      </td>
                      <td className="py-2 pr-4">{row.description}</td>
                      <td className="py-2 pr-4 whitespace-nowrap">
                        {formatCad(row.amountCents)}
                        {row.currency !== 'CAD' && ` (${row.currency})`}
                      </td>
                      <td className="py-2 pr-4">
                        <LocalDate value={row.periodStart} /> to <LocalDate value={row.periodEnd} />
                      </td>
                      <td className="py-2">
                        <Badge tone={PAYMENT_STATUS[row.status].tone}>
                          {PAYMENT_STATUS[row.status].label}
                        </Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <PageLinks
              pagination={history.pagination}
              label="Purchase history pages"
              href={(page) => `?page=${page}`}
            />
          </>
        )}
      </Card>
    </section>
  );
}
