import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Spinner } from '@drone-exam/shared/ui/ui';
import type { StudyToolsProps } from './study-tools-props';

export { StudyToolsUnavailable } from './study-tools-unavailable';

/**
 * The panel's contents are loaded when it is first opened (or the pointer reaches its button),
 * keeping them out of the module page's start-up JavaScript; once opened they stay mounted, so a
 * draft survives closing the panel.
 */
const loadPanel = () => import('./study-tools-panel');
const StudyToolsPanel = lazy(() =>
  loadPanel().then((panel) => ({ default: panel.StudyToolsPanel })),
);

/** The collapsible Study Tools panel (learner-spec §2) and its toggle. */
export function StudyTools(props: StudyToolsProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { t } = useTranslation(['study', 'common']);
  const toggle = useRef<HTMLButtonElement>(null);

  // Escape closes the open panel (on a phone it covers the text) and returns focus to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <section aria-labelledby="study-tools-toggle">
      <h2>
        <button
          id="study-tools-toggle"
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls="study-tools-panel"
          onClick={() => {
            setOpen((value) => !value);
            setOpened(true);
          }}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          className="fixed right-4 bottom-4 z-30 flex items-center gap-2 rounded-full bg-sky-700 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 lg:static lg:w-full lg:justify-between lg:rounded-xl lg:px-5 lg:shadow-none"
        >
          <span>{t('tools.title')}</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="currentColor"
            className={`h-5 w-5 transition ${open ? 'rotate-180' : ''}`}
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </h2>
      <div
        id="study-tools-panel"
        hidden={!open}
        className="fixed inset-x-2 bottom-20 z-30 max-h-[65vh] space-y-6 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 shadow-2xl lg:static lg:mt-3 lg:max-h-none lg:shadow-none"
      >
        {opened && (
          <Suspense fallback={<Spinner label={t('tools.loading')} />}>
            <StudyToolsPanel {...props} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
