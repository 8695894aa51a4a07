/**
 * Phone reminders (issue 31) inside workerd: the library's encryption against RFC 8291's own
 * example, subscriptions and their refusals, the hourly cron at the learner's hour (the dev
 * outbox, once a day), a push service's 410, and the pause after three ignored reminders.
 */
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptNotification } from '@block65/webcrypto-web-push';
import type { PushSettings } from '@drone-exam/shared/schemas/push';
import { call, callOk, testDb } from '../../test/helpers.ts';
import { learnerPlans, pushSubscriptions } from '../db/schema.ts';
import { runHourlyTasks } from '../jobs/cron.ts';
import { addDays, hourStart, localDay } from '../learning/days.ts';
import { age, answerAll, premiumLearner, seedBank, startAttempt } from '../quiz/testing.ts';
import { noonZone } from '../../../tests/noon-zone.ts';

afterEach(() => vi.restoreAllMocks());

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const bytesOf = (value: string) =>
  Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** RFC 8291 §5, "Push Message Encryption Example". */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  uaPublic:
    'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  asPublic:
    'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml' +
    'mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT' +
    'pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

/** A browser's subscription keys, as PushSubscription.toJSON() gives them. */
async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { p256dh: b64url(raw), auth: b64url(crypto.getRandomValues(new Uint8Array(16))) };
}

const endpointFor = (name: string) =>
  `https://push.example.test/send/${name}-${crypto.randomUUID()}`;

/** A premium learner with five review cards due today in `zone`. */
async function learnerWithReviewsDue() {
  const learner = await premiumLearner();
  const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
  await age(attempt.id, 10 * 60_000);
  await answerAll(learner.token, attempt.id, () => true);
  return learner;
}

const subscribeBody = async (endpoint: string, hour: number, timeZone: string) => ({
  endpoint,
  keys: await browserKeys(),
  hour,
  timeZone,
});

/** The learner's current hour in a zone. */
const hourIn = (zone: string, at = Date.now()) =>
  Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(
      at,
    ),
  );

type Outboxed = { endpoint: string; title: string; body: string; url: string; sentAt: string };
const outboxFor = async (endpoint: string) =>
  (await callOk<Outboxed[]>('/api/dev/pushes?limit=100')).filter((p) => p.endpoint === endpoint);

/** The local product's delivery: the dev outbox (push/delivery.ts). */
const local = { ...env, ENVIRONMENT: 'development' } as typeof env;

describe('the push library', () => {
  it('encrypts RFC 8291’s example to its exact bytes (aes128gcm)', async () => {
    const salt = bytesOf(RFC8291.salt);
    const publicPoint = bytesOf(RFC8291.asPublic);
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(publicPoint.slice(1, 33)),
      y: b64url(publicPoint.slice(33, 65)),
    };
    const sender = {
      privateKey: await crypto.subtle.importKey(
        'jwk',
        { ...jwk, d: RFC8291.asPrivate },
        { name: 'ECDH', namedCurve: 'P-256' },
        false,
        ['deriveBits'],
      ),
      publicKey: await crypto.subtle.importKey(
        'jwk',
        jwk,
        { name: 'ECDH', namedCurve: 'P-256' },
        true,
        [],
      ),
    };
    // The library draws the salt and the sender's ephemeral key itself: give it the example's.
    const random = vi.spyOn(crypto, 'getRandomValues').mockImplementation(((array: Uint8Array) => {
      array.set(salt);
      return array;
    }) as typeof crypto.getRandomValues);
    const generate = vi
      .spyOn(crypto.subtle, 'generateKey')
      .mockResolvedValue(sender as CryptoKeyPair);
    const body = await encryptNotification(
      {
        endpoint: 'https://push.example.test/send/rfc',
        expirationTime: null,
        keys: { p256dh: RFC8291.uaPublic, auth: RFC8291.authSecret },
      },
      new TextEncoder().encode(RFC8291.plaintext),
      { pad: false },
    );
    expect(random).toHaveBeenCalled();
    expect(generate).toHaveBeenCalled();
    expect(b64url(body)).toBe(RFC8291.body);
  });
});

describe('push subscriptions', () => {
  it('gives the public key, stores a subscription and refuses one without keys or https', async () => {
    const key = await callOk<{ publicKey: string }>('/api/push/public-key');
    expect(key.publicKey).toBe(env.VAPID_PUBLIC_KEY);
    const point = bytesOf(key.publicKey);
    expect([point.length, point[0]]).toEqual([65, 4]);

    const learner = await premiumLearner();
    const endpoint = endpointFor('phone');
    const body = await subscribeBody(endpoint, 18, 'America/Toronto');
    const { keys: _keys, ...withoutKeys } = body;
    for (const refused of [
      withoutKeys,
      { ...body, keys: {} },
      { ...body, keys: { ...body.keys, p256dh: 'not-a-key' } },
      { ...body, endpoint: 'http://push.example.test/send/plain' },
      { ...body, hour: 24 },
    ]) {
      const answer = await call('/api/push/subscriptions', { token: learner.token, body: refused });
      expect(answer.status).toBe(400);
      expect(answer.json.success).toBe(false);
    }
    expect(
      (await call('/api/push/subscriptions', { body })).status,
      'a visitor cannot subscribe',
    ).toBe(401);
    expect(
      await testDb()
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toEqual([]);

    const created = await call<PushSettings>('/api/push/subscriptions', {
      token: learner.token,
      body,
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ success: true, data: { hour: 18, devices: 1, paused: false } });
    const [row] = await testDb()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row).toMatchObject({
      userId: learner.id,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    });

    const stopped = await callOk<PushSettings>('/api/push/subscriptions', {
      method: 'DELETE',
      token: learner.token,
      body: { endpoint },
    });
    expect(stopped).toEqual({ hour: null, devices: 0, paused: false });
  });
});

describe('the hourly reminder cron', () => {
  it('puts exactly one reminder in the outbox at the learner’s hour, and none on a second run', async () => {
    await seedBank();
    const zone = noonZone();
    const learner = await learnerWithReviewsDue();
    const early = await learnerWithReviewsDue();
    const endpoint = endpointFor('due');
    const earlyEndpoint = endpointFor('later');
    await callOk('/api/push/subscriptions', {
      token: learner.token,
      body: await subscribeBody(endpoint, hourIn(zone), zone),
    });
    // Another learner whose hour has not come yet: nothing for them this run.
    await callOk('/api/push/subscriptions', {
      token: early.token,
      body: await subscribeBody(earlyEndpoint, (hourIn(zone) + 2) % 24, zone),
    });

    await runHourlyTasks(local);
    const sent = await outboxFor(endpoint);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.title).toBe('5 review cards due today');
    const url = new URL(sent[0]!.url);
    expect(url.pathname).toBe('/dashboard');
    expect(url.hash).toBe('#spaced-review');
    expect(url.searchParams.get('reminder')).toMatch(new RegExp(`^${learner.id}_`));
    expect(await outboxFor(earlyEndpoint)).toEqual([]);

    await runHourlyTasks(local);
    expect(await outboxFor(endpoint)).toHaveLength(1);
  });

  it('deletes a subscription its push service answers 410 for, and keeps one it accepts', async () => {
    await seedBank();
    const zone = noonZone();
    const gone = await learnerWithReviewsDue();
    const kept = await learnerWithReviewsDue();
    const goneEndpoint = endpointFor('gone');
    const keptEndpoint = endpointFor('kept');
    for (const [who, endpoint] of [
      [gone, goneEndpoint],
      [kept, keptEndpoint],
    ] as const)
      await callOk('/api/push/subscriptions', {
        token: who.token,
        body: await subscribeBody(endpoint, hourIn(zone), zone),
      });
    const requests: Request[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      requests.push(request.clone());
      return new Response(null, { status: request.url === goneEndpoint ? 410 : 201 });
    });

    await runHourlyTasks(env);
    expect(requests.map((r) => r.url).sort()).toEqual([goneEndpoint, keptEndpoint].sort());
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-encoding')).toBe('aes128gcm');
    expect(request.headers.get('authorization')).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${env.VAPID_PUBLIC_KEY}$`),
    );
    const db = testDb();
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, goneEndpoint)),
    ).toEqual([]);
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, keptEndpoint)),
    ).toHaveLength(1);
    expect(await callOk('/api/push/settings', { token: gone.token })).toEqual({
      hour: null,
      devices: 0,
      paused: false,
    });
  });

  it('pauses after three reminders ignored in a row, and an opened one starts the count again', async () => {
    await seedBank();
    const zone = 'America/Vancouver';
    const hour = 18;
    const ignoring = await learnerWithReviewsDue();
    const opening = await learnerWithReviewsDue();
    const ignoringEndpoint = endpointFor('ignoring');
    const openingEndpoint = endpointFor('opening');
    for (const [who, endpoint] of [
      [ignoring, ignoringEndpoint],
      [opening, openingEndpoint],
    ] as const)
      await callOk('/api/push/subscriptions', {
        token: who.token,
        body: await subscribeBody(endpoint, hour, zone),
      });
    // The cron's runs in the learner's hour on four days in a row, from the first it will look.
    const [plan] = await testDb()
      .select({ nextAt: learnerPlans.pushNextAt })
      .from(learnerPlans)
      .where(eq(learnerPlans.userId, ignoring.id));
    const first = localDay(plan!.nextAt!, zone);
    const atHour = (days: number) => hourStart(addDays(first, days), hour, zone) + 5 * 60_000;

    for (const day of [0, 1, 2]) {
      await runHourlyTasks(local, atHour(day));
      if (day === 2) {
        const [latest] = await outboxFor(openingEndpoint);
        const token = new URL(latest!.url).searchParams.get('reminder')!;
        expect((await call('/api/push/opened', { body: { token } })).status).toBe(200);
      }
    }
    expect(await outboxFor(ignoringEndpoint)).toHaveLength(3);
    expect(await outboxFor(openingEndpoint)).toHaveLength(3);

    await runHourlyTasks(local, atHour(3));
    expect(await outboxFor(ignoringEndpoint), 'the fourth is not sent').toHaveLength(3);
    expect(await callOk('/api/push/settings', { token: ignoring.token })).toEqual({
      hour,
      devices: 1,
      paused: true,
    });
    expect(await outboxFor(openingEndpoint), 'opened on day 3: day 4 still comes').toHaveLength(4);
    const [opened] = await testDb()
      .select()
      .from(learnerPlans)
      .where(eq(learnerPlans.userId, opening.id));
    expect(opened!.pushPaused).toBe(false);

    // Subscribing again resumes them.
    const resumed = await callOk<PushSettings>('/api/push/subscriptions', {
      token: ignoring.token,
      body: await subscribeBody(ignoringEndpoint, hour, zone),
    });
    expect(resumed.paused).toBe(false);
    expect(
      (await call('/api/push/opened', { body: { token: `${opening.id}_${first}_forged` } })).status,
    ).toBe(400);
  });
});
