import { useSyncExternalStore } from 'react';
import { OFFLINE_COPY_META } from './policy';

/**
 * Whether the document on screen is this device's copy of a page, which the service worker marks
 * when it answers from its cache. Apart from the worker's client, so the module page can ask at
 * start-up without loading the code that talks to the worker.
 */

type DocumentCopy = { keptAt: number; path: string };
let documentCopy: DocumentCopy | null | undefined;
let copyClaimed = false;

/**
 * Whether the document was this device's copy of the page (the worker answered from its cache,
 * and marked it): when it was kept and for which path. Read once, as the document loaded.
 */
function readDocumentCopy(): DocumentCopy | null {
  if (typeof document === 'undefined') return null;
  if (documentCopy === undefined) {
    const meta = document.querySelector<HTMLMetaElement>(`meta[name="${OFFLINE_COPY_META}"]`);
    // The document's own address, even if this is first read after a client-side navigation.
    const [loaded] = performance.getEntriesByType('navigation');
    const path = new URL(loaded?.name ?? location.href).pathname;
    documentCopy = meta ? { keptAt: Number(meta.content) || 0, path } : null;
  }
  return documentCopy;
}

/**
 * For the page the document itself rendered, once: true when its loader data came from this
 * device's copy and may be older than what the device heard since. Pages reached later by
 * client-side navigation have fresh data.
 */
export function claimDocumentCopy(path: string): boolean {
  const copy = readDocumentCopy();
  if (!copy || copyClaimed || copy.path !== path) return false;
  copyClaimed = true;
  return true;
}

const noSubscription = () => () => {};
const copyKeptAt = () => readDocumentCopy()?.keptAt ?? null;
const notOnServer = () => null;

/** When the document on screen was kept, if it is this device's copy (null while rendering on the server). */
export function useDocumentCopyKeptAt(): number | null {
  return useSyncExternalStore(noSubscription, copyKeptAt, notOnServer);
}
