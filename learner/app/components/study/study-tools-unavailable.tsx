import { useTranslation } from '../../i18n/react';
import { Alert } from '@drone-exam/shared/ui/ui';

/** Shown in place of the tools when the learner's bookmarks or notes could not be loaded. */
export function StudyToolsUnavailable({ retryTo }: { retryTo: string }) {
  const { t } = useTranslation('study');
  return (
    <Alert tone="error" title={t('tools.unavailable')}>
      <a href={retryTo} className="font-semibold underline">
        {t('tryAgain')}
      </a>
    </Alert>
  );
}
