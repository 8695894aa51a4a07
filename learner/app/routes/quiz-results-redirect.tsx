import type { Route } from './+types/quiz-results-redirect';
import { localRedirect } from '../i18n/i18n.server';

/** The spec's other reading of the results route; /quiz/{attemptId}/results is the canonical one. */
export function loader({ params, context }: Route.LoaderArgs) {
  return localRedirect(context, `/quiz/${encodeURIComponent(params.attemptId)}/results`, 301);
}
