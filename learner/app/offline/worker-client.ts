import { useSyncExternalStore } from 'react';
import { forgetOwners } from './db';
import { cacheScope, OFFLINE_COPY_META, type WorkerReply, type WorkerRequest } from './policy';

/**
 * The pages' side of the service worker: registering it after the page has loaded (so it never
 * competes with the page's own start-up), and asking it to keep or forget pages.
 */

export const SERVICE_WORKER_URL = '/sw.js';

type Registration = ServiceWorkerRegistration | null;
let registering: Promise<Registration> | undefined;
let settleRegistration: (registration: Registration | Promise<Registration>) => void = () => {};

/** This page's registration, once it was asked for: null when the browser refused it or it failed. */
function pageRegistration(): Promise<Registration> {
  registering ??= new Promise((resolve) => (settleRegistration = resolve));
  return registering;
}

/**
 * The registration, or null if its first worker fails to install (a precache download cut off on
 * a weak signal): nothing will be active on this page then, so there is nothing to wait for.
 */
function unlessInstallFails(registration: ServiceWorkerRegistration): Promise<Registration> {
  const { installing } = registration;
  if (registration.active || !installing) return Promise.resolve(registration);
  return new Promise((resolve) => {
    installing.addEventListener('statechange', () => {
      if (installing.state === 'activated') resolve(registration);
      else if (installing.state === 'redundant') resolve(registration.active ? registration : null);
    });
  });
}

function register() {
  void pageRegistration();
  navigator.serviceWorker.register(SERVICE_WORKER_URL).then(
    // A browser that ignores the request (an extension, a test harness) answers with nothing.
    (registration: Registration | undefined) =>
      settleRegistration(registration ? unlessInstallFails(registration) : null),
    (error: unknown) => {
      console.warn('Offline reading is unavailable', error);
      settleRegistration(null);
    },
  );
}

/** Only a production build registers the worker, and only where the browser has them. */
const workerPossible = () => 'serviceWorker' in navigator && import.meta.env.PROD;

export function registerServiceWorker(): void {
  if (!workerPossible()) return;
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

const WORKER_WAIT_MS = 15_000;

const NO_WORKER: WorkerReply = { ok: false };

/**
 * Asks the worker, waiting for it to be active (on a first visit it installs after the page has
 * loaded); not ok when there is none (an old browser, development, not installed in time), and at
 * once, not after the wait, when the browser refused the registration (as a private window may) or
 * its first install failed.
 */
export async function askWorker(request: WorkerRequest): Promise<WorkerReply> {
  if (!workerPossible()) return NO_WORKER;
  const { ready } = navigator.serviceWorker;
  const registration = await Promise.race([
    ready,
    pageRegistration().then((registered) => registered && ready),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
  const worker = registration?.active;
  if (!worker) return NO_WORKER;
  const { port1, port2 } = new MessageChannel();
  const reply = new Promise<WorkerReply>((resolve) => {
    port1.addEventListener('message', (event: MessageEvent<WorkerReply>) => resolve(event.data));
    port1.start();
  });
  worker.postMessage(request, [port2]);
  return reply;
}

/**
 * Whether this page knows that no worker will answer it: there is none in this browser, the browser
 * refused the registration, or its first install failed. False while it may still come.
 */
export async function workerUnavailable(): Promise<boolean> {
  if (!workerPossible()) return true;
  // Settled promises answer in the order given: a known outcome wins over "not known yet".
  return (await Promise.race([pageRegistration(), Promise.resolve(undefined)])) === null;
}

/** Keeps a page for offline if no copy younger than `maxAgeMs` is kept already. */
export function keepPage(owner: string, path: string, maxAgeMs = 0): void {
  void askWorker({ type: 'keep-page', owner, path, maxAgeMs }).catch(() => undefined);
}

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

/** Deletes every personal item on this device: the learner's caches and their offline data. */
export async function forgetEverything(): Promise<void> {
  const names = 'caches' in globalThis ? await caches.keys() : [];
  await Promise.all([
    ...names.filter((name) => cacheScope(name) !== null).map((name) => caches.delete(name)),
    forgetOwners(null).catch(() => undefined),
  ]);
}
