import { Card } from '@drone-exam/shared/ui/ui';
import { useTranslation } from '../../i18n/react';

const FACTS = ['within12', 'retake', 'who', 'notPublished', 'assessed', 'bring'] as const;

/** What the regulations say about the review, and what flight review providers say (marked). */
export function RulesCard() {
  const { t } = useTranslation('flight');
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('facts.title')}</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
        {FACTS.map((fact) => (
          <li key={fact}>{t(`facts.${fact}`)}</li>
        ))}
      </ul>
    </Card>
  );
}
