import { Link } from 'react-router';
import { modulePath } from '../../offline/policy';
import { useSavedModules } from '../../offline/saved-modules';

/** The learner's saved modules, readable offline; what to do when there are none. */
export function SavedModulesList({ owner }: { owner: string | null }) {
  const { modules, loaded } = useSavedModules(owner);
  if (!loaded && owner) return null;
  if (modules.length === 0) {
    return (
      <p className="text-slate-600">
        No modules are saved on this device yet. While you are online, open a module or use “Save
        for offline” on the study list.
      </p>
    );
  }
  return (
    <ul className="space-y-2" aria-label="Saved modules">
      {modules.map((module) => (
        <li key={module.slug}>
          <Link
            to={modulePath(module.slug)}
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
  return (
    <section
      aria-labelledby="offline-practice-title"
      className="mx-auto max-w-2xl rounded-xl border border-amber-200 bg-amber-50 p-6"
    >
      <h1 id="offline-practice-title" className="text-2xl font-bold text-slate-900">
        Practice quizzes need a connection
      </h1>
      <p className="mt-3 text-slate-700">
        The server checks every answer and keeps your score, so quizzes cannot run offline. Your
        saved modules are ready to read until you have a signal again.
      </p>
      <h2 className="mt-6 font-semibold text-slate-900">Your saved modules</h2>
      <div className="mt-3">
        <SavedModulesList owner={owner} />
      </div>
    </section>
  );
}
