import { Link, useLocation } from 'react-router';
import { Container } from '@drone-exam/shared/ui/ui';
import { offlinePage } from '../root';
import { pageMeta } from '../lib/meta';
import {
  NO_SAVED_MODULES,
  OFFLINE_PRACTICE_PAGE,
  SAVED_MODULES_LIST,
  STUDY_LIST_PATH,
  STUDY_SEARCH_PATH,
} from '../offline/policy';

/**
 * The pages the service worker answers with when a page cannot be loaded and no copy of it is
 * kept: the generic one, and the one for quizzes (they need the server, which judges answers).
 * Static and the same for everyone; the worker lists the learner's saved modules in them.
 */
export const handle = offlinePage;

export const meta = () => [
  ...pageMeta('You are offline', 'This page needs a connection.'),
  { name: 'robots', content: 'noindex' },
];

export default function Offline() {
  const practice = useLocation().pathname === OFFLINE_PRACTICE_PAGE;
  return (
    <Container className="max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {practice ? 'Practice quizzes need a connection' : 'You are offline'}
      </h1>
      <p className="mt-3 text-lg text-slate-600">
        {practice
          ? 'The server checks every answer and keeps your score, so quizzes cannot run offline. Your saved modules are ready to read until you have a signal again.'
          : 'This page is not saved on this device, and it needs a connection to load. Your saved modules are ready to read.'}
      </p>
      <section aria-labelledby="saved-modules-title" className="mt-8">
        <h2 id="saved-modules-title" className="text-xl font-semibold text-slate-900">
          Your saved modules
        </h2>
        <ul
          id={SAVED_MODULES_LIST}
          className="mt-3 space-y-2 [&_a]:font-medium [&_a]:text-sky-700 [&_a]:underline"
        ></ul>
        <p id={NO_SAVED_MODULES} className="mt-3 text-slate-600">
          No modules are saved on this device yet. While you are online, sign in and open a module,
          or use “Save for offline” on the study list.
        </p>
      </section>
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={STUDY_SEARCH_PATH} className="font-medium text-sky-700 hover:underline">
          Search your saved modules
        </Link>
        <Link to={STUDY_LIST_PATH} className="font-medium text-sky-700 hover:underline">
          Study modules
        </Link>
      </p>
    </Container>
  );
}
