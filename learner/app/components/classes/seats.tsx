import { Form } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { ClassSeats } from '@drone-exam/shared/schemas/classes';
import { CLASS_SEATS_MAX } from '@drone-exam/shared/schemas/classes-values';
import { PREMIUM_OFFER } from '@drone-exam/shared/schemas/payments-values';
import { Alert, Button, Field } from '@drone-exam/shared/ui/ui';
import { useFormat } from '../../i18n/hooks';
import { FormCard, useFailure, type FormFailure } from './form-card';

type SeatsResult = ({ ok: false } & FormFailure) | null;

/**
 * The class's premium seats as its instructor sees them (used and left), and the "Buy seats" form
 * that goes to the checkout. `returned` is what the checkout sent the instructor back with.
 */
export function SeatsCard({
  seats,
  returned,
  result,
  busy,
}: {
  seats: ClassSeats;
  returned: 'success' | 'cancelled' | null;
  result: SeatsResult;
  busy: boolean;
}) {
  const { t } = useTranslation('classes');
  const format = useFormat();
  const { failed, error } = useFailure(result);
  return (
    <FormCard className="mt-6" title={t('seats.title')} done={null} failure={failed}>
      {returned === 'success' && (
        <Alert tone="success" className="mt-3" title={t('seats.paid')}>
          {t('seats.paidBody')}
        </Alert>
      )}
      {returned === 'cancelled' && (
        <Alert tone="info" className="mt-3" title={t('seats.cancelled')} />
      )}
      <p className="mt-3 text-sm text-slate-800" data-testid="class-seats">
        {t('seats.status', { used: seats.used, left: seats.left })}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {t('seats.how', {
          price: format.money(PREMIUM_OFFER.amountCents),
          count: PREMIUM_OFFER.durationDays,
        })}
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-start gap-3" noValidate>
        <input type="hidden" name="intent" value="seats" />
        <Field
          label={t('seats.number')}
          name="seats"
          type="number"
          inputMode="numeric"
          min={1}
          max={CLASS_SEATS_MAX}
          step={1}
          defaultValue={String(failed?.values?.seats ?? 1)}
          error={error('seats')}
          required
        />
        <Button type="submit" loading={busy} className="sm:mt-6">
          {t('seats.buy')}
        </Button>
      </Form>
    </FormCard>
  );
}
