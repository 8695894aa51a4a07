import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { modulePath } from '../../offline/policy';
import { useSavedModules } from '../../offline/saved-modules';
import { useLocale } from '../../i18n/hooks';

/** The learner's saved modules, readable offline; what to do when there are none. */
export function SavedModulesList({ owner }: { owner: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { modules, loaded } = useSavedModules(owner);
  if (!loaded && owner) return null;
  if (modules.length === 0) return <p className="text-slate-600">{t('offline.noneSaved')}</p>;
  return (
    <ul className="space-y-2" aria-label={t('offline.savedModules')}>
      {modules.map((module) => (
        <li key={module.slug}>
          <Link
            to={modulePath(module.slug, locale)}
            reloadDocument
            className="font-medium text-sky-700 underline hover:text-sky-900"
          >
            {module.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** In place of the practice page while offline: quizzes need the server, the modules do not. */
export function OfflinePractice({ owner }: { owner: string | null }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="offline-practice-title"
      className="mx-auto max-w-2xl rounded-xl border border-amber-200 bg-amber-50 p-6"
    >
      <h1 id="offline-practice-title" className="text-2xl font-bold text-slate-900">
        {t('offline.practice.title')}
      </h1>
      <p className="mt-3 text-slate-700">{t('offline.practice.body')}</p>
      <h2 className="mt-6 font-semibold text-slate-900">{t('offline.yourSavedModules')}</h2>
      <div className="mt-3">
        <SavedModulesList owner={owner} />
      </div>
    </section>
  );
}
