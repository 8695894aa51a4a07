import type { RouterContextProvider } from 'react-router';
import { createApiClient, type ApiClient } from '@drone-exam/shared/api';
import { LOCALE_TAGS } from '@drone-exam/shared/i18n';
import { cloudflareContext } from '../context';
import { requestLocale } from '../i18n/i18n.server';

const FORWARDED = ['cookie', 'user-agent', 'cf-connecting-ip', 'x-forwarded-for'];

/**
 * The API client for loaders and actions: it calls the API worker over the Service Binding as the
 * visitor (their cookie, IP and our own Origin) in the page's language (its messages and content
 * come back in it), and collects any Set-Cookie the API answers with so the route can hand it on
 * to the browser.
 */
export function serverApi(
  context: Readonly<RouterContextProvider>,
  request: Request,
): { api: ApiClient; setCookies: string[] } {
  const { env } = context.get(cloudflareContext);
  const origin = new URL(request.url).origin;
  const setCookies: string[] = [];
  const api = createApiClient({
    baseUrl: `${origin}/api`,
    fetch: (input, init) => env.API.fetch(input as RequestInfo, init),
    headers: () => {
      const headers: Record<string, string> = {
        origin,
        'accept-language': LOCALE_TAGS[requestLocale(request)],
      };
      for (const name of FORWARDED) {
        const value = request.headers.get(name);
        if (value) headers[name] = value;
      }
      return headers;
    },
    onResponse: (response) => {
      for (const cookie of response.headers.getSetCookie()) setCookies.push(cookie);
    },
  });
  return { api, setCookies };
}

/** Headers that hand the API's Set-Cookie answers (a new session, a cleared one) on to the browser. */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return headers;
}
