import { useFetcher } from 'react-router';
import { Alert, Button, Card, Field, TextAreaField } from '@drone-exam/shared/ui/ui';
import {
  FLIGHT_REVIEW_DOCUMENT_FIELDS,
  FLIGHT_REVIEW_NOTE_MAX,
  SITE_NAME_MAX,
  type FlightReviewDocumentKind,
} from '@drone-exam/shared/schemas/flight-review-values';
import type { FlightReviewDocument } from '@drone-exam/shared/schemas/flight-review';
import { useTranslation } from '../../i18n/react';
import { useMessage } from '../../i18n/hooks';
import { LocalDate } from '../local-date';
import { fieldLabelKey, fieldText, type FlightReviewResult } from './types';

/**
 * One document's form: every field of its kind, what was saved filled in. The action checks it
 * with the kind's schema (the API's) and answers each field's message beside it.
 */
export function DocumentForm({
  kind,
  saved,
}: {
  kind: FlightReviewDocumentKind;
  saved: FlightReviewDocument | null;
}) {
  const { t } = useTranslation('flight');
  const message = useMessage();
  const save = useFetcher<FlightReviewResult>();
  const result = save.state === 'idle' && save.data?.intent === 'document' ? save.data : null;
  const errors = result && !result.ok ? (result.errors ?? {}) : {};
  const error = (field: string) => (errors[field] ? message(errors[field]) : null);
  const titleId = `document-${kind}`;
  return (
    <Card className="mt-6">
      <h3 id={titleId} className="text-xl font-semibold text-slate-900">
        {t(`documents.${kind}.title`)}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t(`documents.${kind}.intro`)}</p>
      {kind !== 'site-survey' && (
        <p className="mt-1 text-sm text-slate-700">{t('documents.proceduresNote')}</p>
      )}
      <p className="mt-1 text-sm text-slate-600">
        {saved ? (
          <>
            {t('documents.savedAt')} <LocalDate value={saved.updatedAt} withTime />
          </>
        ) : (
          t('documents.notSaved')
        )}
      </p>
      <save.Form method="post" aria-labelledby={titleId} className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="document" />
        <input type="hidden" name="kind" value={kind} />
        {FLIGHT_REVIEW_DOCUMENT_FIELDS[kind].map((field) => {
          const label = t(fieldLabelKey(kind, field));
          const value = fieldText(saved, field);
          if (field === 'siteName')
            return (
              <Field
                key={field}
                name={field}
                label={label}
                required
                maxLength={SITE_NAME_MAX}
                defaultValue={value}
                error={error(field)}
              />
            );
          if (field === 'surveyDate')
            return (
              <Field
                key={field}
                name={field}
                type="date"
                label={label}
                required
                defaultValue={value}
                error={error(field)}
              />
            );
          return (
            <TextAreaField
              key={field}
              name={field}
              label={label}
              rows={3}
              maxLength={FLIGHT_REVIEW_NOTE_MAX}
              defaultValue={value}
              error={error(field)}
            />
          );
        })}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={save.state !== 'idle'} loadingText={t('documents.saving')}>
            {t('documents.save')} <span className="sr-only">{t(`documents.${kind}.title`)}</span>
          </Button>
          <output className="text-sm font-semibold text-emerald-800">
            {result?.ok ? t('documents.saved') : ''}
          </output>
        </div>
        {result && !result.ok && result.error && (
          <Alert tone="error">{message(result.error)}</Alert>
        )}
      </save.Form>
    </Card>
  );
}
