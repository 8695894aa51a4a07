import type { Route } from './+types/logout';
import { serverApi } from '../lib/api.server';
import { CLEAR_SESSION_COOKIE } from '../lib/session.server';
import { localRedirect } from '../i18n/i18n.server';

/** learner-spec §4: logout clears the session even when the API call fails. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = serverApi(context, request);
  await api('/auth/logout', { method: 'POST' });
  return localRedirect(context, '/', { headers: { 'Set-Cookie': CLEAR_SESSION_COOKIE } });
}

export function loader({ context }: Route.LoaderArgs) {
  return localRedirect(context, '/');
}
