import { Link, useLocation } from 'react-router';
import { useTranslation } from '../i18n/react';
import { pathWithoutLocale } from '@drone-exam/shared/i18n';
import type { Route } from './+types/offline';
import { Container } from '@drone-exam/shared/ui/ui';
import { offlinePage } from '../root';
import { metaFromLoader } from '../lib/meta';
import { useLocalizedPath } from '../i18n/hooks';
import { serverT } from '../i18n/i18n.server';
import {
  NO_SAVED_MODULES,
  OFFLINE_PRACTICE_PAGE,
  SAVED_MODULES_LIST,
  STUDY_LIST_PATH,
  STUDY_SEARCH_PATH,
} from '../offline/policy';

/**
 * The pages the service worker answers with when a page cannot be loaded and no copy of it is
 * kept: the generic one, and the one for quizzes (they need the server, which judges answers),
 * in each language. Static and the same for everyone; the worker lists the learner's saved
 * modules in them.
 */
export const handle = offlinePage;

export function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context, 'common');
  return { meta: { title: t('offline.page.title'), description: t('offline.page.description') } };
}

export const meta: Route.MetaFunction = (args) => [
  ...metaFromLoader(args),
  { name: 'robots', content: 'noindex' },
];

export default function Offline() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const practice = pathWithoutLocale(useLocation().pathname) === OFFLINE_PRACTICE_PAGE;
  return (
    <Container className="max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {practice ? t('offline.practice.title') : t('offline.page.title')}
      </h1>
      <p className="mt-3 text-lg text-slate-600">
        {practice ? t('offline.practice.body') : t('offline.page.body')}
      </p>
      <section aria-labelledby="saved-modules-title" className="mt-8">
        <h2 id="saved-modules-title" className="text-xl font-semibold text-slate-900">
          {t('offline.yourSavedModules')}
        </h2>
        <ul
          id={SAVED_MODULES_LIST}
          className="mt-3 space-y-2 [&_a]:font-medium [&_a]:text-sky-700 [&_a]:underline"
        ></ul>
        <p id={NO_SAVED_MODULES} className="mt-3 text-slate-600">
          {t('offline.noneSavedSignIn')}
        </p>
      </section>
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <Link
          to={localized(STUDY_SEARCH_PATH)}
          className="font-medium text-sky-700 hover:underline"
        >
          {t('offline.page.search')}
        </Link>
        <Link to={localized(STUDY_LIST_PATH)} className="font-medium text-sky-700 hover:underline">
          {t('offline.page.study')}
        </Link>
      </p>
    </Container>
  );
}
