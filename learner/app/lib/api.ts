import { createApiClient } from '@drone-exam/shared/api';

/** The browser's API client: same origin, the session cookie rides along. */
export const api = createApiClient({ baseUrl: '/api' });
