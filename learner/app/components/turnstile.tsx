import { useEffect, useRef } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root';

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/**
 * Cloudflare Turnstile inside a form: the widget writes its token into a hidden field named
 * recaptchaToken (the spec's payload name). Renders nothing when no site key is configured
 * (local development), where the API skips the check.
 */
export function BotCheck() {
  const root = useRouteLoaderData<RootData>('root');
  const siteKey = root?.turnstileSiteKey;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!siteKey || document.querySelector(`script[src="${SCRIPT}"]`)) return;
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.defer = true;
    document.head.appendChild(script);
  }, [siteKey]);
  if (!siteKey) return null;
  return (
    <div
      ref={ref}
      className="cf-turnstile"
      data-sitekey={siteKey}
      data-response-field-name="recaptchaToken"
    />
  );
}
