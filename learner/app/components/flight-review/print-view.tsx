import {
  FLIGHT_REVIEW_DOCUMENT_FIELDS,
  FLIGHT_REVIEW_DOCUMENT_KINDS,
} from '@drone-exam/shared/schemas/flight-review-values';
import { useTranslation } from '../../i18n/react';
import { fieldLabelKey, fieldText, type SavedDocuments } from './types';

/**
 * The saved documents as the printer shows them, and nothing else of the page (app.css hides the
 * site's navigation when this is on the page): labels and answers, no form controls.
 */
export function PrintView({ documents }: { documents: SavedDocuments }) {
  const { t } = useTranslation('flight');
  return (
    <div data-print-view className="hidden print:block" data-testid="print-view">
      <h1 className="text-2xl font-bold">{t('documents.printTitle')}</h1>
      {FLIGHT_REVIEW_DOCUMENT_KINDS.map((kind) => (
        <section key={kind} className="mt-6 break-inside-avoid-page">
          <h2 className="border-b border-slate-400 pb-1 text-xl font-semibold">
            {t(`documents.${kind}.title`)}
          </h2>
          <dl className="mt-2 space-y-2">
            {FLIGHT_REVIEW_DOCUMENT_FIELDS[kind].map((field) => (
              <div key={field} className="break-inside-avoid">
                <dt className="text-sm font-semibold">{t(fieldLabelKey(kind, field))}</dt>
                <dd className="whitespace-pre-wrap">
                  {fieldText(documents[kind], field) || t('documents.empty')}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
