import { createApiClient } from '@drone-exam/shared/api';
import { localeFromPath, LOCALE_TAGS } from '@drone-exam/shared/i18n';

/**
 * The browser's API client: same origin, the session cookie rides along, and the page's language
 * goes as Accept-Language so the API's messages and content come back in it.
 */
export const api = createApiClient({
  baseUrl: '/api',
  headers: () => ({ 'accept-language': LOCALE_TAGS[localeFromPath(window.location.pathname)] }),
});
