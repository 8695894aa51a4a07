import { forgetOwners } from './db';
import { cacheScope, type WorkerReply, type WorkerRequest } from './policy';

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

/** Deletes every personal item on this device: the learner's caches and their offline data. */
export async function forgetEverything(): Promise<void> {
  const names = 'caches' in globalThis ? await caches.keys() : [];
  await Promise.all([
    ...names.filter((name) => cacheScope(name) !== null).map((name) => caches.delete(name)),
    forgetOwners(null).catch(() => undefined),
  ]);
}
