import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root';

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/**
 * Cloudflare Turnstile inside a form: the widget writes its token into a hidden field named
 * recaptchaToken (the spec's payload name). Renders nothing when no site key is configured
 * (local development), where the API skips the check. React places the async script in the
 * document's head once, on the server for a page that ships no script of its own (contact) and in
 * the browser when a page is reached by navigation.
 */
export function BotCheck() {
  const root = useRouteLoaderData<RootData>('root');
  const siteKey = root?.turnstileSiteKey;
  if (!siteKey) return null;
  return (
    <>
      <script src={SCRIPT} async defer />
      <div
        className="cf-turnstile"
        data-sitekey={siteKey}
        data-response-field-name="recaptchaToken"
      />
    </>
  );
}
