import { useState } from 'react';
import { Button, Card } from '@drone-exam/shared/ui/ui';
import type { FlightReviewDocumentKind } from '@drone-exam/shared/schemas/flight-review-values';
import { useTranslation } from '../../i18n/react';
import { fieldLabelKey, fieldText, type SavedDocuments } from './types';

/** The briefing, in order; each step shows the saved fields it draws on. */
const STEPS: Array<{
  id: 'survey' | 'plan' | 'normal' | 'emergency' | 'reporting';
  kind?: FlightReviewDocumentKind;
  fields: string[];
}> = [
  {
    id: 'survey',
    kind: 'site-survey',
    fields: ['siteName', 'operationalVolume', 'airspace', 'obstacles', 'weather'],
  },
  { id: 'plan', fields: [] },
  {
    id: 'normal',
    kind: 'normal-procedures',
    fields: ['preFlight', 'takeOff', 'approach', 'landing'],
  },
  {
    id: 'emergency',
    kind: 'emergency-procedures',
    fields: ['lostLink', 'flyAway', 'flightTermination', 'contacts'],
  },
  { id: 'reporting', kind: 'emergency-procedures', fields: ['reporting'] },
];

/** "Brief the reviewer": a step at a time, announced as it changes, usable by keyboard. */
export function Rehearsal({ documents }: { documents: SavedDocuments }) {
  const { t } = useTranslation('flight');
  const [index, setIndex] = useState(0);
  const step = STEPS[index]!;
  const kind = step.kind;
  const document = kind ? documents[kind] : undefined;
  const last = index === STEPS.length - 1;
  return (
    <section aria-labelledby="rehearsal-title" className="mt-10">
      <h2 id="rehearsal-title" className="text-2xl font-bold text-slate-900">
        {t('rehearsal.title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('rehearsal.intro')}</p>
      <Card className="mt-4">
        <div aria-live="polite" data-testid="rehearsal-step">
          <p className="text-sm font-semibold text-sky-800">
            {t('rehearsal.step', { step: index + 1, total: STEPS.length })}
          </p>
          <h3 className="mt-1 text-lg font-semibold text-slate-900">
            {t(`rehearsal.steps.${step.id}.title`)}
          </h3>
          <p className="mt-2 text-slate-700">{t(`rehearsal.steps.${step.id}.say`)}</p>
          {kind && (
            <>
              <h4 className="mt-4 text-sm font-semibold text-slate-800">
                {t('rehearsal.youWrote')}
              </h4>
              <dl className="mt-2 space-y-2 text-sm">
                {step.fields.map((field) => (
                  <div key={field}>
                    <dt className="font-semibold text-slate-700">
                      {t(fieldLabelKey(kind, field))}
                    </dt>
                    <dd className="whitespace-pre-wrap text-slate-800">
                      {fieldText(document, field) || t('documents.empty')}
                    </dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="secondary" disabled={index === 0} onClick={() => setIndex(index - 1)}>
            {t('rehearsal.previous')}
          </Button>
          <Button onClick={() => setIndex(last ? 0 : index + 1)}>
            {last ? t('rehearsal.again') : t('rehearsal.next')}
          </Button>
        </div>
      </Card>
    </section>
  );
}
