import { createRequestHandler, RouterContextProvider } from 'react-router';
import { cloudflareContext } from '../app/context';
import { securityHeaders } from '../app/lib/security-headers';
import { isPageView, recordPageView } from '../app/lib/page-views.server';
import { forwardToApi } from '../app/lib/api-forward.server';

const requestHandler = createRequestHandler(
  () => import('virtual:react-router/server-build'),
  import.meta.env.MODE,
);

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    // One origin for the browser: the API and the admin remote sit behind Service Bindings.
    // /api/internal is for calls between our workers only, never forwarded from the browser.
    if (pathname.startsWith('/api/internal/')) {
      return Response.json(
        { success: false, error: 'Not found', code: 'NOT_FOUND' },
        { status: 404 },
      );
    }
    if (pathname.startsWith('/api/')) return forwardToApi(env.API, request);
    if (pathname.startsWith('/admin-remote/')) return env.ADMIN.fetch(request);

    const scriptNonce = nonce();
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx, nonce: scriptNonce });
    const response = await requestHandler(request, context);
    if (isPageView(request, response)) ctx.waitUntil(recordPageView(env.API, request));
    return securityHeaders(response, scriptNonce, env);
  },
} satisfies ExportedHandler<Env>;
