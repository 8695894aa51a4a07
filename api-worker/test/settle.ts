import { waitForGlobalWaitUntil } from 'cloudflare:test-internal';

/**
 * Asks `done` every `everyMs` on the caller's own timer until it says yes or `withinMs` has
 * passed (then the caller goes on regardless).
 */
export async function settled(
  done: () => boolean | Promise<boolean>,
  withinMs: number,
  everyMs = 5,
) {
  const deadline = Date.now() + withinMs;
  while (!(await done()) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, everyMs));
}

/**
 * Waits until the work requests left running (waitUntil: request metrics, activity, the public
 * cache) has settled. Those promises belong to the requests that made them: awaiting
 * waitForGlobalWaitUntil() directly runs what follows inside the request that settled last, and
 * once that request has ended its D1 queries and timers never answer (a test or hook then hangs
 * until its timeout; admin's last_active_at test did, both tries, in a clean-clone CI run). Only a
 * flag is set from there; the caller waits on its own timer. Tests and the setup use this, never
 * waitForGlobalWaitUntil itself.
 */
export async function backgroundWorkSettled() {
  const work = { settled: false };
  void waitForGlobalWaitUntil()
    .catch(() => undefined)
    .finally(() => {
      work.settled = true;
    });
  // No bound of its own: the plugin abandons a waitUntil that has not settled after 30 s.
  await settled(() => work.settled, Infinity);
}
