import { redirect } from 'react-router';
import type { Route } from './+types/quiz-results-redirect';

/** The spec's other reading of the results route; /quiz/{attemptId}/results is the canonical one. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/quiz/${encodeURIComponent(params.attemptId)}/results`, 301);
}
