import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ModuleProgress } from '@drone-exam/shared';
import { Button } from '@drone-exam/shared/ui/ui';
import { useFormat } from '../../i18n/hooks';
import { LinkButton } from '../links';
import { PROGRESS_BAR } from './progress-bar';
import { scrollToSection } from './scroll';
import type { SaveFailure } from './use-reading-tracker';

/** The learner's progress on this module, saved as they read, with the completion toggle. */
export function ReadingProgress({
  progress,
  failure,
  queued,
  onCompletedChange,
}: {
  progress: ModuleProgress;
  failure: SaveFailure | null;
  /** Progress made offline waits to be synced. */
  queued: boolean;
  onCompletedChange: (value: boolean) => Promise<unknown>;
}) {
  const { t } = useTranslation(['study', 'common']);
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    await onCompletedChange(!progress.isCompleted);
    setBusy(false);
  };
  return (
    <section
      aria-labelledby="reading-progress-title"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reading-progress-title" className="font-semibold text-slate-900">
          {t('progress.title')}
        </h2>
        <button
          type="button"
          role="switch"
          aria-checked={progress.isCompleted}
          disabled={busy}
          onClick={() => void toggle()}
          className="flex items-center gap-2 text-sm font-medium text-slate-800 disabled:opacity-60"
        >
          <span
            aria-hidden="true"
            className={`relative inline-flex h-6 w-11 items-center rounded-full transition ${progress.isCompleted ? 'bg-emerald-600' : 'bg-slate-300'}`}
          >
            <span
              className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${progress.isCompleted ? 'translate-x-5' : 'translate-x-0.5'}`}
            />
          </span>
          {t('progress.markCompleted')}
        </button>
      </div>
      <progress
        aria-label={t('progress.label')}
        max={100}
        value={progress.progress}
        className={`mt-3 ${PROGRESS_BAR}`}
      />
      <p className="mt-2 text-sm text-slate-600" aria-live="polite" data-testid="reading-progress">
        {progress.isCompleted ? `${t('progress.completed')} · ` : ''}
        {t('progress.summary', {
          percent: format.percent(progress.progress),
          minutes: progress.timeSpent,
        })}
      </p>
      {queued && (
        <p className="mt-2 text-sm text-amber-800" data-testid="progress-queued">
          {t('common:offline.saved')}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t(`progress.${failure}`)}
        </p>
      )}
      {progress.position > 0 && progress.progress < 100 && (
        <Button
          variant="ghost"
          className="mt-2 !px-0"
          onClick={() => scrollToSection(null, progress.position)}
        >
          {t('progress.resume')}
        </Button>
      )}
    </section>
  );
}

/** What visitors see in place of the tools: reading is free; tracking needs an account. */
export function SignInInvitation({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('study');
  return (
    <section className="rounded-xl border border-sky-200 bg-sky-50 p-5 text-sky-950">
      <h2 className="font-semibold">{t('invite.title')}</h2>
      <p className="mt-1 text-sm">{t('invite.body')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <LinkButton to={`/login?redirectTo=${encodeURIComponent(returnTo)}`}>
          {t('invite.login')}
        </LinkButton>
        <LinkButton to="/register" variant="secondary">
          {t('invite.signUp')}
        </LinkButton>
      </div>
    </section>
  );
}
