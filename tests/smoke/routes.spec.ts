/**
 * The runtime smoke suite: every API route of the Hono app, called through the product started
 * as `npm start` runs it (three `wrangler dev` workers, tests/e2e/global-setup.ts), on its
 * success path and each refusal path (tests/smoke/cases.ts), one test per feature. It fails on a
 * route without a case, an unexpected status or error shape, any unexpected 5xx, and any ERROR
 * line the workers log.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../scripts/lib/demo-accounts.ts';
import { E2E_STATE_DIR } from '../e2e/global-setup.ts';
import {
  NEEDS_STRIPE,
  NO_REFUSAL,
  SMOKE_CASES,
  SMOKE_FEATURES,
  type Answer,
  type RouteKey,
  type Smoke,
  type SmokeCase,
} from './cases.ts';
import {
  API_BASE,
  BASE,
  ORIGIN,
  client,
  newLearner,
  outboxToken,
  signIn,
  visitor,
} from './stack.ts';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../api-worker/src/payments/dev-webhook-secret.ts';

const LOG_DIR = path.join(E2E_STATE_DIR, 'logs');
const LOGS = ['api.log', 'learner.log', 'admin.log'];
/** wrangler colours its log lines; the words are what is checked. */
const ANSI_COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Calls one case and returns what is wrong with its answer, if anything. */
async function runCase(
  smokeCase: SmokeCase,
  exercised: Map<RouteKey, Set<number>>,
): Promise<string | null> {
  const label = `${smokeCase.route} — ${smokeCase.name}`;
  let answer: Answer;
  try {
    answer = await smokeCase.run(smoke);
  } catch (error) {
    return `${label}: threw ${String(error)}`;
  }
  const statuses = exercised.get(smokeCase.route) ?? new Set<number>();
  statuses.add(answer.status);
  exercised.set(smokeCase.route, statuses);
  if (answer.status !== smokeCase.expect)
    return `${label}: expected ${smokeCase.expect}, got ${answer.status} ${answer.text.slice(0, 300)}`;
  const problems: string[] = [];
  if (answer.status >= 500 && !NEEDS_STRIPE.includes(smokeCase.route))
    problems.push(`${label}: a server error`);
  if (answer.json && !answer.download) {
    const shapeOk =
      answer.status < 400
        ? answer.json.success === true && 'data' in answer.json
        : answer.json.success === false &&
          typeof answer.json.error === 'string' &&
          answer.json.error.length > 0;
    if (!shapeOk)
      problems.push(`${label}: not the {success, data|error} shape: ${answer.text.slice(0, 200)}`);
  } else if (answer.status >= 400) {
    problems.push(`${label}: a refusal without the JSON error shape (${answer.contentType})`);
  }
  smokeCase.keep?.(answer, smoke);
  return problems.length ? problems.join('\n') : null;
}

const logSizes = new Map<string, number>();
/** The statuses each route answered, over every feature run so far. */
const exercised = new Map<RouteKey, Set<number>>();
let smoke: Smoke;
test.describe('runtime smoke: every API route in wrangler', () => {
  // The features run in order on one set of accounts, each building on what the ones before it
  // made: after a failure the rest would run without it, so they are skipped instead.
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    for (const file of LOGS) {
      const full = path.join(LOG_DIR, file);
      logSizes.set(file, existsSync(full) ? statSync(full).size : 0);
    }
    const run = randomBytes(4).toString('hex');
    const admin = await signIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const adminClient = client(BASE, admin.token);
    const [learner, premium, other, fresh] = [
      await newLearner(run, 'learner'),
      await newLearner(run, 'premium'),
      await newLearner(run, 'other'),
      await newLearner(run, 'fresh'),
    ];
    const granted = await adminClient.call('POST', `/api/admin/users/${premium.id}/premium`, {
      days: 30,
      reason: 'Smoke suite',
    });
    if (granted.status !== 201) throw new Error(`Granting premium: ${granted.text}`);
    let freshCount = 0;
    smoke = {
      visitor,
      learner: learner.client,
      // The grant reaches open sessions at once, so the session made before it is premium now.
      premium: premium.client,
      other: other.client,
      admin: adminClient,
      internal: client(API_BASE),
      accounts: { learner, premium, other },
      ids: { origin: ORIGIN, freshId: fresh.id },
      run,
      freshLearner: () => newLearner(run, `extra${++freshCount}`),
      outboxToken,
      signStripe: (payload) => {
        const timestamp = Math.floor(Date.now() / 1000);
        const mac = createHmac('sha256', LOCAL_STRIPE_WEBHOOK_SECRET)
          .update(`${timestamp}.${payload}`)
          .digest('hex');
        return `t=${timestamp},v1=${mac}`;
      },
    };
  });

  for (const feature of SMOKE_FEATURES) {
    // Every case of the feature runs, and all its failures are reported together.
    test(`${feature.name}: every route answers as expected in wrangler`, async () => {
      test.setTimeout(120_000);
      const failures: string[] = [];
      for (const smokeCase of feature.cases) {
        const failure = await runCase(smokeCase, exercised);
        if (failure) failures.push(failure);
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }

  test('every route was exercised on its success and refusal paths, with no ERROR logged', async () => {
    const listed = await visitor.call('GET', '/api/dev/routes');
    const routes = listed.json!.data.routes as RouteKey[];
    const gaps: string[] = [];
    for (const route of routes) {
      const statuses = [...(exercised.get(route) ?? [])];
      if (statuses.length === 0) {
        gaps.push(`${route}: no smoke case`);
        continue;
      }
      if (!statuses.some((status) => status < 400) && !NEEDS_STRIPE.includes(route))
        gaps.push(`${route}: no success path exercised`);
      if (!statuses.some((status) => status >= 400 && status < 500) && !NO_REFUSAL.includes(route))
        gaps.push(`${route}: no refusal path exercised`);
    }
    const covered = routes.filter((route) => exercised.has(route)).length;
    console.info(`${covered} of ${routes.length} routes exercised (${SMOKE_CASES.length} cases)`);
    expect.soft(gaps, gaps.join('\n')).toEqual([]);

    if (!process.env.BASE_URL) {
      const logged: string[] = [];
      for (const file of LOGS) {
        const full = path.join(LOG_DIR, file);
        if (!existsSync(full)) continue;
        const text = readFileSync(full)
          .subarray(logSizes.get(file) ?? 0)
          .toString('utf8')
          .replace(ANSI_COLOURS, '');
        for (const line of text.split('\n'))
          if (/\[ERROR\]/.test(line)) logged.push(`${file}: ${line}`);
      }
      expect.soft(logged, logged.join('\n')).toEqual([]);
    }
  });
});
