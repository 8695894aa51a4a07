import { useState } from 'react';
import type { ModuleProgress } from '@drone-exam/shared';
import { Button, LinkButton } from '@drone-exam/shared/ui/ui';
import { SAVED_OFFLINE } from '../offline/offline-status';
import { PROGRESS_BAR } from './module-card';
import { scrollToSection } from './scroll';

/** The learner's progress on this module, saved as they read, with the completion toggle. */
export function ReadingProgress({
  progress,
  failure,
  queued,
  onCompletedChange,
}: {
  progress: ModuleProgress;
  failure: string | null;
  /** Progress made offline waits to be synced. */
  queued: boolean;
  onCompletedChange: (value: boolean) => Promise<unknown>;
}) {
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
          Your progress
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
          Mark as completed
        </button>
      </div>
      <progress
        aria-label="Reading progress"
        max={100}
        value={progress.progress}
        className={`mt-3 ${PROGRESS_BAR}`}
      />
      <p className="mt-2 text-sm text-slate-600" aria-live="polite" data-testid="reading-progress">
        {progress.isCompleted ? 'Completed · ' : ''}
        {progress.progress}% read · {progress.timeSpent} min studied
      </p>
      {queued && (
        <p className="mt-2 text-sm text-amber-800" data-testid="progress-queued">
          {SAVED_OFFLINE}
        </p>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      {progress.position > 0 && progress.progress < 100 && (
        <Button
          variant="ghost"
          className="mt-2 !px-0"
          onClick={() => scrollToSection(null, progress.position)}
        >
          Resume where you left off
        </Button>
      )}
    </section>
  );
}

/** What visitors see in place of the tools: reading is free; tracking needs an account. */
export function SignInInvitation({ returnTo }: { returnTo: string }) {
  return (
    <section className="rounded-xl border border-sky-200 bg-sky-50 p-5 text-sky-950">
      <h2 className="font-semibold">Track your progress</h2>
      <p className="mt-1 text-sm">
        Sign in to save your reading progress, bookmark sections and take notes as you study.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <LinkButton to={`/login?redirectTo=${encodeURIComponent(returnTo)}`}>Log In</LinkButton>
        <LinkButton to="/register" variant="secondary">
          Sign Up
        </LinkButton>
      </div>
    </section>
  );
}
