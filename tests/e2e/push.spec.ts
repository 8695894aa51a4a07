/**
 * Phone reminders (issue 31) in real Chromium, in English and French: the permission is asked
 * only when the learner presses the button, and the subscription goes through the site's own
 * service worker. Chromium refuses pushManager.subscribe in Playwright's context, which is
 * incognito (it logs "Chrome currently does not support the Push API in incognito mode"), so the test
 * watches the real call on the real worker's PushManager, with the server's key, and, when the
 * browser refuses it, hands the page a subscription with real P-256 keys so the rest (the API
 * storing it, the hour, the status, stopping) runs for real. The cron and the dev outbox are
 * proven by the workerd tests and the smoke suite.
 */
import { expect, expectNoAxeViolations, premiumLearner, test } from './fixtures.ts';

// Reminders subscribe through the service worker, which playwright.config.ts blocks elsewhere.
test.use({ serviceWorkers: 'allow' });

type Watched = {
  permissionRequests: number;
  subscribeCalls: Array<{ scope: string; key: string; refused: string | null }>;
};

/** Counts permission requests and records pushManager.subscribe on the real registration. */
function watchPush() {
  const watched: Watched = { permissionRequests: 0, subscribeCalls: [] };
  (window as unknown as { pushWatch: Watched }).pushWatch = watched;
  const request = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = () => {
    watched.permissionRequests++;
    return request();
  };
  const subscribe = PushManager.prototype.subscribe;
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- the page runs this function alone (addInitScript), so what it uses lives inside it
  const b64url = (bytes: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  PushManager.prototype.subscribe = async function (options) {
    const registration = await navigator.serviceWorker.ready;
    const call = {
      scope: registration.pushManager === this ? registration.scope : 'another registration',
      key: b64url((options!.applicationServerKey as Uint8Array).slice().buffer),
      refused: null as string | null,
    };
    watched.subscribeCalls.push(call);
    try {
      return await subscribe.call(this, options);
    } catch (error) {
      call.refused = String(error);
      const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ])) as CryptoKeyPair;
      const json = {
        endpoint: `https://push.example.test/e2e/${crypto.randomUUID()}`,
        expirationTime: null,
        keys: {
          p256dh: b64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
          auth: b64url(crypto.getRandomValues(new Uint8Array(16)).buffer),
        },
      };
      return {
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: async () => true,
      } as unknown as PushSubscription;
    }
  };
}

const WORDS = {
  en: {
    path: '/dashboard',
    hour: 'Remind me at',
    turnOn: 'Turn on reminders',
    // The hour in the page's language, whatever the browser's own.
    on: 'Reminders are on, at 7:00 a.m. each day.',
    off: 'Stop reminders on this device',
  },
  fr: {
    path: '/fr/dashboard',
    hour: 'Me rappeler à',
    turnOn: 'Activer les rappels',
    on: 'Les rappels sont activés, chaque jour à 07 h 00.',
    off: 'Arrêter les rappels sur cet appareil',
  },
} as const;

for (const locale of ['en', 'fr'] as const) {
  test(`${locale}: opting in to reminders subscribes through the service worker`, async ({
    page,
    context,
    request,
    signIn,
    baseURL,
    allowConsoleError,
  }) => {
    test.slow();
    // The browser's own log of refusing the real subscribe (see the top of this file).
    allowConsoleError(/does not support the Push API in incognito mode/);
    const words = WORDS[locale];
    await context.grantPermissions(['notifications']);
    await page.addInitScript(watchPush);
    const { learner, headers } = await premiumLearner(request, baseURL!);
    await signIn(learner);
    if (locale === 'fr')
      expect((await request.put('/api/auth/locale', { data: { locale }, headers })).ok()).toBe(
        true,
      );
    await page.goto(words.path);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const panel = page.getByTestId('phone-reminders').first();
    await expect(panel.getByRole('button', { name: words.turnOn })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { pushWatch: Watched }).pushWatch),
      'no permission asked on page load',
    ).toMatchObject({ permissionRequests: 0, subscribeCalls: [] });

    await panel.getByLabel(words.hour).selectOption('7');
    await panel.getByRole('button', { name: words.turnOn }).click();
    await expect(panel.getByTestId('push-status')).toHaveText(words.on);

    const watched = await page.evaluate(
      () => (window as unknown as { pushWatch: Watched }).pushWatch,
    );
    const { publicKey } = (await (await request.get('/api/push/public-key')).json()).data;
    expect(watched.permissionRequests).toBe(1);
    expect(watched.subscribeCalls).toHaveLength(1);
    expect(watched.subscribeCalls[0]).toMatchObject({
      scope: `${new URL(baseURL!).origin}/`,
      key: publicKey,
    });
    const settings = await request.get('/api/push/settings', { headers });
    expect((await settings.json()).data).toEqual({ hour: 7, devices: 1, paused: false });

    await expectNoAxeViolations(page);

    await panel.getByRole('button', { name: words.off }).click();
    await expect(panel.getByRole('button', { name: words.off })).toHaveCount(0);
    const stopped = await request.get('/api/push/settings', { headers });
    expect((await stopped.json()).data).toEqual({ hour: null, devices: 0, paused: false });
  });
}
