import { createContext, useContext, useState } from 'react';
import { createContext as createRouterContext, type RouterContextProvider } from 'react-router';

/**
 * HTML a page renders into the document but leaves out of the document's hydration data: a
 * module's article would otherwise travel twice, once as HTML and once escaped in the data. The
 * loader hands it to the server's render (entry.server.tsx provides it); the browser reads it
 * back from the element that shows it as the page hydrates; client navigations (`.data`) still
 * carry it in their data.
 */
export const documentHtmlContext = createRouterContext<Map<string, string> | null>(null);
const DocumentHtml = createContext<Map<string, string> | null>(null);
export const DocumentHtmlProvider = DocumentHtml.Provider;

/**
 * In a loader: the HTML the data carries for the element `id`, or null on a browser's document
 * request, whose server render gets it from the request's context instead.
 */
export function documentOnlyHtml(
  context: Pick<RouterContextProvider, 'get' | 'set'>,
  request: Request,
  id: string,
  html: string,
): string | null {
  if (request.headers.get('Sec-Fetch-Dest') !== 'document') return html;
  let kept = context.get(documentHtmlContext);
  if (!kept) context.set(documentHtmlContext, (kept = new Map()));
  kept.set(id, html);
  return null;
}

/**
 * In the page: the HTML of the element `id`: from the data when it carries it, on the server from
 * the loader, in the browser from the element being hydrated. It stays the first one for the
 * component's life, so a revalidation never rewrites the element under the reader.
 */
export function useDocumentHtml(id: string, fromData: string | null): string {
  const onServer = useContext(DocumentHtml)?.get(id);
  const [html] = useState(
    () => fromData ?? onServer ?? document.getElementById(id)?.innerHTML ?? '',
  );
  return html;
}
