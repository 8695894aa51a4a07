import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import { renderToReadableStream } from 'react-dom/server';
import { cloudflareContext } from './context';
import { documentHtmlContext, DocumentHtmlProvider } from './lib/document-html';
import { pageTranslator, withShownMessages } from './i18n/i18n.server';
import { TranslatorProvider } from './i18n/react';

export const streamTimeout = 5_000;

/**
 * React Router's web-streams entry, plus the per-response CSP nonce on every inline script React
 * and React Router write into the stream (the hydration data among them), rendered inside the
 * request's i18next (remix-i18next's middleware made it, in the page's language).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(cloudflareContext);
  let shellRendered = false;
  const translator = pageTranslator(loadContext);
  const body = await renderToReadableStream(
    <TranslatorProvider translator={translator}>
      <DocumentHtmlProvider value={loadContext.get(documentHtmlContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentHtmlProvider>
    </TranslatorProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  const userAgent = request.headers.get('user-agent');
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(withShownMessages(body, translator), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
