import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { createLearner, DEMO_ACCOUNTS, expect, headingAtTop, test } from './fixtures.ts';

/**
 * Installable and offline (issue 20), with the network cut by Playwright's offline mode. The
 * service worker installs after the first page has loaded; each test waits for it to control the
 * page before cutting the network.
 */

// The tests here need the service worker that playwright.config.ts blocks for the other tests.
test.use({ serviceWorkers: 'allow' });

const WEATHER = '/study/weather-for-drone-pilots';
const WEATHER_TITLE = 'Weather for Drone Pilots';
const AIRSPACE = '/study/airspace-charts-and-navigation';
const AIRSPACE_TITLE = 'Airspace, Charts and Navigation';

/** Requests the browser logs when the network is cut are expected; anything else still fails. */
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/;

async function serviceWorkerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** Opens a module online and waits until it is kept for offline reading. */
async function openAndKeep(page: Page, path: string) {
  await page.goto(path);
  await serviceWorkerControls(page);
  await expect(page.getByRole('switch', { name: 'Save for offline' })).toHaveAttribute(
    'aria-checked',
    'true',
    { timeout: 20_000 },
  );
  await expect.poll(() => cached(page, path)).toBe(true);
}

/** Every URL the caches of this origin hold. */
const keptUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

/** Every record of one store of the device's offline database (the learner's copy). */
const deviceRecords = <T = unknown>(page: Page, store: string) =>
  page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('dronecert-offline');
      open.addEventListener('success', () => resolve(open.result));
      open.addEventListener('error', () => reject(open.error));
    });
    try {
      return await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.addEventListener('success', () => resolve(request.result));
        request.addEventListener('error', () => reject(request.error));
      });
    } finally {
      db.close();
    }
  }, store) as Promise<T[]>;

/** Whether any cache of this origin holds a copy of the path. */
const cached = (page: Page, path: string) =>
  page.evaluate(async (url) => (await caches.match(url)) !== undefined, path);

async function goOffline(context: BrowserContext, page: Page, offline: boolean) {
  // Offline, everything must come from the service worker's caches, not the HTTP cache.
  if (offline) await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await context.setOffline(offline);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
}

/** Adds a note to the module on screen from its Study Tools panel, which it returns. */
async function addNote(page: Page, text: string) {
  await page.getByRole('button', { name: 'Study Tools' }).click();
  const tools = page.locator('#study-tools-panel');
  await tools.getByRole('button', { name: 'Add note' }).click();
  await tools.getByLabel('Note', { exact: true }).fill(text);
  await tools.getByRole('button', { name: 'Save note' }).click();
  return tools;
}

async function scrollArticleTo(page: Page, share: number) {
  await page.evaluate((fraction) => {
    const article = document.getElementById('module-article')!;
    const top = article.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top + article.offsetHeight * fraction - window.innerHeight);
  }, share);
}

async function moduleId(request: APIRequestContext, slug: string): Promise<string> {
  const found = await request.get(`/api/study/slug/${slug}`);
  return ((await found.json()) as { data: { module: { id: string } } }).data.module.id;
}

async function notesOn(request: APIRequestContext, slug: string) {
  const id = await moduleId(request, slug);
  const list = await request.get(`/api/study-materials/notes?moduleId=${id}`);
  return ((await list.json()) as { data: { notes: Array<{ id: string; note: string }> } }).data
    .notes;
}

/** The width and height a PNG says it has (its IHDR chunk). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test.describe('installable and offline', () => {
  test('the site is installable: manifest, icons, and a service worker that serves the start URL offline', async ({
    page,
    context,
    request,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_NOISE);
    await page.goto('/study');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifestResponse = await request.get(href!);
    expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest.name).toBe('DroneCert Prep');
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(['standalone', 'minimal-ui']).toContain(manifest.display);
    expect(manifest.theme_color).toBe(
      await page.locator('meta[name="theme-color"]').getAttribute('content'),
    );
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const icon = manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any') === purpose);
      expect(icon, `a ${size} ${purpose} icon`).toBeDefined();
      const file = await request.get(icon!.src);
      expect(file.headers()['content-type']).toBe('image/png');
      expect(pngSize(await file.body())).toBe(size);
    }

    await serviceWorkerControls(page);
    const startUrl = new URL(manifest.start_url, page.url()).pathname;
    await page.goto(startUrl);
    await goOffline(context, page, true);
    const offline = await page.goto(startUrl);
    expect(offline?.status()).toBe(200);
    expect(offline?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Study Modules', level: 1 })).toBeVisible();
    // Every script and stylesheet the page names (and the route manifest) is there offline.
    const missing = await page.evaluate(async () => {
      const links = document.querySelectorAll<HTMLLinkElement>(
        'link[rel="modulepreload"], link[rel="stylesheet"]',
      );
      const scripts = document.querySelectorAll<HTMLScriptElement>('script[src]');
      const urls = [
        ...Array.from(links, (link) => link.href),
        ...Array.from(scripts, (script) => script.src),
        ...(document.documentElement.innerHTML.match(/\/assets\/manifest-[\w-]+\.js/g) ?? []),
      ];
      const failed: string[] = [];
      for (const url of urls) {
        const ok = await fetch(url).then(
          (r) => r.ok,
          () => false,
        );
        if (!ok) failed.push(url);
      }
      return { count: urls.length, failed };
    });
    expect(missing.count).toBeGreaterThan(5);
    expect(missing.failed).toEqual([]);
    // A page never kept still answers, with the offline page.
    const faq = await page.goto('/contact');
    expect(faq?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  });

  test('Chromium itself finds the site installable, on the study list and the landing page', async ({
    playwright,
    baseURL,
    launchOptions,
  }) => {
    // Chromium's own criteria, the check behind Lighthouse's installability audit. A browser
    // profile on disk, as a learner has: Chromium never offers to install from a private window.
    const profile = mkdtempSync(join(tmpdir(), 'installable-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/study');
      await serviceWorkerControls(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(new URL('/manifest.webmanifest', baseURL).href);
      expect(manifest.errors).toEqual([]);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      await page.goto('/');
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('a saved module opens offline and scrolls with its table of contents', async ({
    page,
    context,
    signIn,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_NOISE);
    await signIn(await createLearner(baseURL!));
    await openAndKeep(page, AIRSPACE);

    await goOffline(context, page, true);
    await page.goto(AIRSPACE);
    await expect(page.getByRole('heading', { name: AIRSPACE_TITLE, level: 1 })).toBeVisible();
    await expect(page.getByTestId('offline-status')).toContainText(
      'You are reading the copy saved on this device',
    );
    // Its figures were kept with it (they load lazily, so reading online may not have fetched them).
    const figures = page.locator('#module-article img');
    expect(await figures.count()).toBeGreaterThanOrEqual(4);
    for (const figure of await figures.all()) {
      await figure.scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    // The copy runs its scripts from the precache: the tools open, the contents follow the reader.
    await page.getByRole('button', { name: 'Study Tools' }).click();
    await expect(page.getByRole('button', { name: 'Bookmark this section' })).toBeVisible();
    const toc = page.getByRole('navigation', { name: 'Table of Contents' });
    const entry = toc.getByRole('link', { name: 'Reading a Class F designator' });
    await entry.click();
    await headingAtTop(page, 'Reading a Class F designator');
    await expect(page).toHaveURL(new RegExp(`${AIRSPACE}#reading-a-class-f-designator$`));
    await expect(entry).toHaveAttribute('aria-current', 'location');
    await page.evaluate(() => {
      const target = document.getElementById('transponder-airspace')!;
      window.scrollTo(0, target.getBoundingClientRect().top + window.scrollY - 100);
    });
    await expect(toc.getByRole('link', { name: 'Transponder airspace' })).toHaveAttribute(
      'aria-current',
      'location',
    );

    // Back to the list inside the app: the list was kept with the module.
    await page.getByRole('link', { name: '← Back to Study Materials' }).click();
    await expect(page.getByRole('heading', { name: 'Study Modules', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('switch', { name: /Save all \d+ modules for offline/ }),
    ).toBeVisible();

    // Search works over what is saved.
    await page.goto('/study/search?q=class+f');
    await expect(
      page.getByText('You are offline: searching the modules saved on this device.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: AIRSPACE_TITLE })).toBeVisible();

    // A module that was never opened is not there: the offline page offers the saved one.
    await page.goto(WEATHER);
    await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: AIRSPACE_TITLE }).click();
    await expect(page.getByRole('heading', { name: AIRSPACE_TITLE, level: 1 })).toBeVisible();
  });

  test('"Save all" keeps every module for offline reading, and each module\'s switch forgets or keeps it', async ({
    page,
    context,
    signIn,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_NOISE);
    await signIn(await createLearner(baseURL!));
    await page.goto('/study');
    await serviceWorkerControls(page);
    const saveAll = page.getByRole('switch', { name: /^Save all \d+ modules for offline$/ });
    await expect(saveAll).toHaveAttribute('aria-checked', 'false');
    const total = Number((await saveAll.innerText()).match(/\d+/)![0]);
    await saveAll.click();
    await expect(saveAll).toHaveAttribute('aria-checked', 'true', { timeout: 30_000 });
    await expect(page.getByText(`${total} of ${total} saved on this device`)).toBeVisible();
    const slugs = await page
      .locator('main a[href^="/study/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    expect(slugs.length).toBe(total);
    for (const slug of slugs) expect(await cached(page, slug), slug).toBe(true);

    // One module's switch forgets it; saving it again keeps it again.
    await page.goto(AIRSPACE);
    const saveOne = page.getByRole('switch', { name: 'Save for offline' });
    await expect(saveOne).toHaveAttribute('aria-checked', 'true');
    await saveOne.click();
    await expect(saveOne).toHaveAttribute('aria-checked', 'false');
    await expect.poll(() => cached(page, AIRSPACE)).toBe(false);
    await page.goto('/study');
    await expect(page.getByText(`${total - 1} of ${total} saved on this device`)).toBeVisible();
    await expect(saveAll).toHaveAttribute('aria-checked', 'false');

    // Offline, the forgotten module is not there and a saved one is.
    await goOffline(context, page, true);
    await page.goto(AIRSPACE);
    await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
    await page.goto(WEATHER);
    await expect(page.getByRole('heading', { name: WEATHER_TITLE, level: 1 })).toBeVisible();
    await goOffline(context, page, false);
    await page.goto(AIRSPACE);
    await saveOne.click();
    await expect(saveOne).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => cached(page, AIRSPACE)).toBe(true);
  });

  test('a note added offline reaches the server once after reconnecting', async ({
    page,
    context,
    signIn,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_NOISE);
    await signIn(await createLearner(baseURL!));
    await openAndKeep(page, WEATHER);

    await goOffline(context, page, true);
    const tools = await addNote(page, 'Icing: read offline in the field');
    const notes = tools.getByRole('list', { name: 'Notes in this module' });
    await expect(notes.getByText('Icing: read offline in the field')).toBeVisible();
    await expect(notes.getByText('Saved offline, will sync')).toBeVisible();
    // Reading progress may wait beside it (the form scrolls the page), so the count varies.
    await expect(page.getByTestId('offline-status')).toContainText(
      /Saved offline, will sync \(\d+ changes?\)/,
    );
    // A bookmark too; removing one made offline never bothers the server.
    for (const title of ['Icing section', 'Scratch']) {
      await tools.getByRole('button', { name: 'Bookmark this section' }).click();
      await tools.getByLabel('Bookmark title').fill(title);
      await tools.getByRole('button', { name: 'Save bookmark' }).click();
    }
    const bookmarks = tools.getByRole('list', { name: 'Bookmarks in this module' });
    await expect(bookmarks.getByRole('listitem')).toHaveCount(2);
    await tools.getByRole('button', { name: 'Delete bookmark Scratch' }).click();
    await expect(bookmarks.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('offline-status')).toContainText('Saved offline, will sync');

    // Still there on a fresh load of the page, offline.
    await page.reload();
    await page.getByRole('button', { name: 'Study Tools' }).click();
    await expect(notes.getByText('Icing: read offline in the field')).toBeVisible();

    // The first send reaches the API but its answer is lost: the queue keeps it and sends the
    // same create again, with the same key.
    let posts = 0;
    await context.route('**/api/study-materials/notes', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      expect(route.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      if (posts > 1) return route.continue();
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await goOffline(context, page, false);
    await expect.poll(() => posts).toBe(1);
    await expect(page.getByTestId('offline-status')).toContainText('Saved offline, will sync');
    await goOffline(context, page, true);
    await goOffline(context, page, false);
    await expect(page.getByTestId('offline-status')).toContainText('Synced');
    await expect(notes.getByText('Saved offline, will sync')).toHaveCount(0);
    expect(posts).toBe(2);

    const onServer = await notesOn(page.request, 'weather-for-drone-pilots');
    expect(onServer.filter((n) => n.note === 'Icing: read offline in the field')).toHaveLength(1);
    const id = await moduleId(page.request, 'weather-for-drone-pilots');
    const marks = await (
      await page.request.get(`/api/study-materials/bookmarks?moduleId=${id}`)
    ).json();
    expect(marks.data.bookmarks.map((b: { title: string }) => b.title)).toEqual(['Icing section']);
  });

  test('progress made offline is kept, and synced when the connection returns', async ({
    page,
    context,
    signIn,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_NOISE);
    await signIn(await createLearner(baseURL!));
    await openAndKeep(page, WEATHER);
    const status = page.getByTestId('reading-progress');
    await expect(status).toHaveText('0% read · 0 min studied');

    await goOffline(context, page, true);
    await scrollArticleTo(page, 0.6);
    await expect(page.getByTestId('progress-queued')).toHaveText('Saved offline, will sync');
    const percentShown = async () => Number((await status.textContent())!.match(/(\d+)% read/)![1]);
    const shown = await percentShown();
    expect(shown).toBeGreaterThanOrEqual(55);

    await page.reload();
    await expect(page.getByRole('heading', { name: WEATHER_TITLE, level: 1 })).toBeVisible();
    await expect(status).toContainText(`${shown}% read`);

    await goOffline(context, page, false);
    await expect(page.getByTestId('progress-queued')).toHaveCount(0);
    await expect(page.getByTestId('offline-status')).toContainText('Synced');
    // The reloaded page restores the scroll and may read a point further on, which is saved too
    // (progress is never lowered): the server ends with what the page shows, never less.
    const id = await moduleId(page.request, 'weather-for-drone-pilots');
    const onServer = async () =>
      (
        (await (await page.request.get(`/api/study-materials/progress/${id}`)).json()) as {
          data: { progress: { progress: number } };
        }
      ).data.progress.progress;
    await expect.poll(async () => (await onServer()) - (await percentShown())).toBe(0);
    expect(await onServer()).toBeGreaterThanOrEqual(shown);
  });

  test('signing out removes the saved module from the caches and the offline data', async ({
    page,
    context,
    signIn,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_NOISE);
    await signIn(await createLearner(baseURL!));
    await openAndKeep(page, AIRSPACE);
    expect(await cached(page, '/api/study/slug/airspace-charts-and-navigation')).toBe(true);

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    expect(await cached(page, AIRSPACE)).toBe(false);
    expect(await cached(page, '/api/study/slug/airspace-charts-and-navigation')).toBe(false);
    const names = await page.evaluate(() => caches.keys());
    expect(names.filter((name) => /pages|modules/.test(name))).toEqual([]);
    for (const store of ['saved', 'tools', 'outbox', 'conflicts'])
      expect(await deviceRecords(page, store), store).toEqual([]);

    await goOffline(context, page, true);
    await page.goto(AIRSPACE);
    await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  });

  test('signing out never deletes changes that have not synced without asking, and sends them first when it can', async ({
    page,
    context,
    signIn,
    baseURL,
    request,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_NOISE);
    const learner = await createLearner(baseURL!);
    await signIn(learner);
    await openAndKeep(page, WEATHER);

    await goOffline(context, page, true);
    const tools = await addNote(page, 'Written on the ridge');
    await expect(page.getByTestId('offline-status')).toContainText('Saved offline, will sync');

    // Offline, nothing can be sent: the learner is asked, and declining keeps everything.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect
      .poll(() => asked)
      .toEqual([
        expect.stringMatching(
          /^\d+ changes? you made on this device ha(s|ve) not reached your account yet\. Signing out deletes (it|them)\. Sign out anyway\?$/,
        ),
      ]);
    await expect(page.getByTestId('offline-status')).toContainText('Saved offline, will sync');
    await expect(tools.getByText('Written on the ridge')).toBeVisible();

    // Back online, signing out sends the note first, with nothing to ask.
    await goOffline(context, page, false);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    expect(asked).toHaveLength(1);

    const origin = new URL(baseURL!).origin;
    const login = await request.post('/api/auth/login', {
      data: { email: learner.email, password: learner.password },
      headers: { origin },
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const id = await moduleId(request, 'weather-for-drone-pilots');
    const notes = await request.get(`/api/study-materials/notes?moduleId=${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const kept = ((await notes.json()) as { data: { notes: Array<{ note: string }> } }).data.notes;
    expect(kept.map((n) => n.note)).toEqual(['Written on the ridge']);
  });

  test('another learner signing in on the same browser never sees the first one’s copies', async ({
    page,
    context,
    signIn,
    baseURL,
  }) => {
    await signIn(await createLearner(baseURL!));
    await openAndKeep(page, AIRSPACE);
    // The first learner's session simply ends (no sign-out here), and another signs in.
    await context.clearCookies();
    await signIn(await createLearner(baseURL!));
    await page.goto('/study');
    await expect.poll(() => cached(page, AIRSPACE)).toBe(false);
    await expect(
      page.getByRole('switch', { name: /Save all \d+ modules for offline/ }),
    ).toBeVisible();
    await expect(page.getByText(/^0 of \d+ saved on this device$/)).toBeVisible();
  });

  test('offline, the practice page says quizzes need a connection and offers the saved modules', async ({
    page,
    context,
    signIn,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_NOISE);
    await signIn(DEMO_ACCOUNTS.premium);
    await openAndKeep(page, WEATHER);
    await page.goto('/practice');
    await expect(page.getByRole('heading', { name: 'Practice quizzes', level: 1 })).toBeVisible();

    await goOffline(context, page, true);
    await expect(
      page.getByRole('heading', { name: 'Practice quizzes need a connection' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: WEATHER_TITLE })).toBeVisible();

    await page.goto('/practice');
    await expect(
      page.getByRole('heading', { name: 'Practice quizzes need a connection', level: 1 }),
    ).toBeVisible();
    await page.getByRole('link', { name: WEATHER_TITLE }).click();
    await expect(page.getByRole('heading', { name: WEATHER_TITLE, level: 1 })).toBeVisible();
  });

  test('an answer sent as the connection drops is retried and counts once', async ({
    page,
    context,
    signIn,
    baseURL,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_NOISE);
    await signIn(DEMO_ACCOUNTS.premium);
    const created = await page.request.post('/api/quiz/attempt', {
      data: { mode: 'study', questionCount: 5 },
      headers: { origin: new URL(baseURL!).origin },
    });
    const attemptId = ((await created.json()) as { data: { attempt: { id: string } } }).data.attempt
      .id;
    await page.goto(`/quiz/${attemptId}`);
    await expect(page.getByText('Question 1 of 5')).toBeVisible();
    // The worker installs after this first page loads. Installing while requests are routed and
    // the network cut below left it installing for good: no page of this context was ever
    // controlled again, and the results page at the end waited for it until the timeout.
    await serviceWorkerControls(page);

    // The answer reaches the API, then the connection drops before its answer comes back.
    const answers: number[] = [];
    await context.route(`**/api/quiz/attempt/${attemptId}/answer`, async (route) => {
      const response = await route.fetch();
      answers.push(response.status());
      if (answers.length === 1) return route.abort('internetdisconnected');
      return route.fulfill({ response });
    });
    await page.getByRole('button', { name: /^A\. / }).click();
    await expect(page.getByText(/^(Correct!|Incorrect\.)/)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Sent twice, recorded once: the second send is the API's "already answered".
    expect(answers).toEqual([200, 409]);

    // Offline when answering: the answer waits, then is sent once the connection is back.
    await context.unrouteAll();
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect(page.getByText('Question 2 of 5')).toBeVisible();
    await goOffline(context, page, true);
    await page.getByRole('button', { name: /^B\. / }).click();
    await expect(page.getByText('Connection lost')).toBeVisible();
    await goOffline(context, page, false);
    await expect(page.getByText(/^(Correct!|Incorrect\.)/)).toBeVisible();

    // Its results, once seen, stay readable offline.
    await goOffline(context, page, false);
    const finished = await page.request.post(`/api/quiz/attempt/${attemptId}/finish`, {
      data: {},
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(finished.ok()).toBe(true);
    await page.goto(`/quiz/${attemptId}/results`);
    await expect(page.getByRole('heading', { name: 'Quiz Results', level: 1 })).toBeVisible();
    // The page is kept once the service worker controls it and has written its copy.
    await serviceWorkerControls(page);
    await expect.poll(() => cached(page, `/quiz/${attemptId}/results`)).toBe(true);
    await goOffline(context, page, true);
    await page.goto(`/quiz/${attemptId}/results`);
    await expect(page.getByRole('heading', { name: 'Quiz Results', level: 1 })).toBeVisible();
    await goOffline(context, page, false);

    const attempt = (await (await page.request.get(`/api/quiz/attempt/${attemptId}`)).json()) as {
      data: { attempt: { answeredCount: number; questions: Array<{ userAnswer: number | null }> } };
    };
    expect(attempt.data.attempt.answeredCount).toBe(2);
    expect(attempt.data.attempt.questions.map((q) => q.userAnswer)).toEqual([
      0,
      1,
      null,
      null,
      null,
    ]);
  });

  test('a change the server refuses on replay is shown, and can be kept', async ({
    page,
    context,
    signIn,
    baseURL,
    playwright,
    allowConsoleError,
  }) => {
    allowConsoleError(OFFLINE_NOISE);
    await signIn(await createLearner(baseURL!));
    await openAndKeep(page, WEATHER);
    const tools = await addNote(page, 'Fog forms when air cools');
    await expect(page.getByText('Note added')).toBeVisible();

    await goOffline(context, page, true);
    await tools.getByRole('button', { name: /^Edit note Fog forms/ }).click();
    await tools
      .getByLabel('Note', { exact: true })
      .fill('Fog forms when air cools to its dew point');
    await tools.getByRole('button', { name: 'Save changes' }).click();
    await expect(tools.getByText('Saved offline, will sync')).toBeVisible();

    // Meanwhile the note is deleted on another device.
    const other = await playwright.request.newContext({
      baseURL,
      storageState: await context.storageState(),
      extraHTTPHeaders: { origin: new URL(baseURL!).origin },
    });
    const [note] = await notesOn(other, 'weather-for-drone-pilots');
    expect((await other.delete(`/api/study-materials/notes/${note!.id}`)).ok()).toBe(true);

    await goOffline(context, page, false);
    const conflicts = page.getByRole('region', { name: /could not be synced/ });
    await expect(conflicts).toContainText('the note was deleted on another device');
    await expect(conflicts).toContainText('Fog forms when air cools to its dew point');
    await conflicts.getByRole('button', { name: 'Keep as a new note' }).click();
    await expect(conflicts).toHaveCount(0);
    await expect
      .poll(async () => (await notesOn(other, 'weather-for-drone-pilots')).map((n) => n.note))
      .toEqual(['Fog forms when air cools to its dew point']);
    await other.dispose();
  });

  test('only the scripts of pages kept for offline are downloaded ahead; a quiz page’s are kept as it loads them', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.premium);
    await page.goto('/study');
    await serviceWorkerControls(page);
    const keptScripts = async () =>
      (await keptUrls(page)).filter((url) => new URL(url).pathname.startsWith('/assets/'));
    const onlineOnly = /\/assets\/(practice|quiz|account|pricing)-[\w-]{8}\.js$/;
    const ahead = await keptScripts();
    expect(ahead.some((url) => /\/assets\/study\._slug-[\w-]{8}\.js$/.test(url))).toBe(true);
    expect(ahead.some((url) => /\/assets\/quiz-results-[\w-]{8}\.js$/.test(url))).toBe(true);
    expect(ahead.filter((url) => onlineOnly.test(url))).toEqual([]);

    await page.goto('/practice');
    await expect(page.getByRole('heading', { name: 'Practice quizzes', level: 1 })).toBeVisible();
    await expect
      .poll(async () => (await keptScripts()).filter((url) => onlineOnly.test(url)))
      .toEqual([expect.stringMatching(/\/assets\/practice-[\w-]{8}\.js$/)]);
    // What the precache holds is served from it, never kept a second time.
    const paths = (await keptScripts()).map((url) => new URL(url).pathname);
    expect(paths.length).toBe(new Set(paths).size);
  });

  test('nothing of the admin console is ever kept', async ({ page, signIn }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/study');
    await serviceWorkerControls(page);
    // Now under the worker: the study list is kept, the console is not.
    await page.goto('/study');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 2, name: /^Users$/ })).toBeVisible();
    const kept = await keptUrls(page);
    expect(kept.some((url) => url.endsWith('/study'))).toBe(true);
    expect(kept.filter((url) => /\/admin|mf\.client/.test(url))).toEqual([]);
  });

  test('the install offer can be dismissed and stays dismissed', async ({ page }) => {
    await page.goto('/study');
    const offer = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => Promise.resolve(),
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
      });
    await expect(page.getByRole('button', { name: 'Study Tools' })).toHaveCount(0);
    await expect
      .poll(async () => {
        await offer();
        return page.getByRole('heading', { name: 'Study without a signal' }).isVisible();
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByRole('heading', { name: 'Study without a signal' })).toHaveCount(0);
    await page.reload();
    await offer();
    await expect(page.getByRole('heading', { name: 'Study without a signal' })).toHaveCount(0);
  });
});

/** The page, its switch and its message where this browser cannot keep modules, in each language. */
const CANNOT_SAVE_HERE = {
  en: {
    path: WEATHER,
    save: 'Save for offline',
    message:
      'This browser could not set up offline reading for this page (a private window, a device out of storage space or a dropped connection can prevent it). Reload the page, or open it in a regular window, to try again; you can keep reading online.',
  },
  fr: {
    path: `/fr${WEATHER}`,
    save: 'Enregistrer hors ligne',
    message:
      "Ce navigateur n'a pas pu activer la lecture hors ligne pour cette page (une fenêtre de navigation privée, un manque d'espace de stockage sur l'appareil ou une connexion interrompue peuvent l'empêcher). Rechargez la page ou ouvrez-la dans une fenêtre normale pour réessayer; vous pouvez continuer à lire en ligne.",
  },
};

/**
 * Where this page cannot keep modules (no worker will be active, or the device's storage fails),
 * "Save for offline" says so at once (the worker's 15 s wait is for one still installing), and what
 * to try, since "check your connection" would not help; the switch is free again and the page reads on.
 */
async function saveFailsAtOnce(
  page: Page,
  { path, save, message }: (typeof CANNOT_SAVE_HERE)['en'],
) {
  await page.goto(path);
  const toggle = page.getByRole('switch', { name: save });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(page.getByRole('alert')).toHaveText(message, { timeout: 5_000 });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toBeEnabled();
  await expect(page.locator('#module-article')).toBeVisible();
}

/** Leaves this origin room for a few kilobytes only, as on a device whose storage is full. */
async function fillDeviceStorage(context: BrowserContext, page: Page, baseURL: string) {
  await (
    await context.newCDPSession(page)
  ).send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL).origin, quotaSize: 10_000 });
}

test('on a device out of storage the worker fails to install, and "Save for offline" says so at once', async ({
  page,
  context,
  signIn,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_NOISE);
  await signIn(await createLearner(baseURL!));
  // The worker's first downloads cannot be stored, so its install fails.
  await fillDeviceStorage(context, page, baseURL!);
  await saveFailsAtOnce(page, CANNOT_SAVE_HERE.en);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
});

/** What the switches say when this device has no room left for what they keep. */
const NO_ROOM =
  'This device has no storage space left for offline modules. Free some space, or turn off saving for modules you no longer need, then try again.';

test('when the device runs out of room as modules are saved, the switch says to free space, not to check the connection', async ({
  page,
  context,
  signIn,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_NOISE);
  await signIn(await createLearner(baseURL!));
  await page.goto('/study');
  await serviceWorkerControls(page);
  // The worker installed; now the device fills up, so its copies of the modules are refused.
  await fillDeviceStorage(context, page, baseURL!);
  const saveAll = page.getByRole('switch', { name: /^Save all \d+ modules for offline$/ });
  const total = Number((await saveAll.innerText()).match(/\d+/)![0]);
  await saveAll.click();
  await expect(page.getByRole('alert').filter({ hasText: 'storage' })).toHaveText(NO_ROOM, {
    timeout: 30_000,
  });
  await expect(saveAll).toHaveAttribute('aria-checked', 'false');
  await expect(saveAll).toBeEnabled();
  await expect(page.getByText(`0 of ${total} saved on this device`)).toBeVisible();
});

test('when the page cannot record the save for want of room, the switch says to free space too', async ({
  page,
  signIn,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_NOISE);
  await signIn(await createLearner(baseURL!));
  // The worker keeps the module's copy; the device's list of saved modules has no room for it.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args) {
      if (this.name === 'saved') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.apply(this, args);
    };
  });
  await page.goto(WEATHER);
  await serviceWorkerControls(page);
  const toggle = page.getByRole('switch', { name: 'Save for offline' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(page.getByRole('alert')).toHaveText(NO_ROOM, { timeout: 20_000 });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toBeEnabled();
});

test('when the device storage throws (as Safari can until a reload), the switch says so, never left busy', async ({
  page,
  signIn,
  baseURL,
  allowConsoleError,
}) => {
  allowConsoleError(OFFLINE_NOISE);
  await signIn(await createLearner(baseURL!));
  // WebKit's lost IndexedDB connection: every open fails until the page is reloaded.
  await page.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('Connection to Indexed Database server lost', 'UnknownError');
    };
  });
  await saveFailsAtOnce(page, CANNOT_SAVE_HERE.en);
});

test.describe('where the browser refuses the service worker (as a private window may)', () => {
  test.use({ serviceWorkers: 'block' });

  test('"Save for offline" says at once, in French on a French page, that it cannot save here', async ({
    page,
    signIn,
    baseURL,
  }) => {
    await signIn(await createLearner(baseURL!));
    await saveFailsAtOnce(page, CANNOT_SAVE_HERE.fr);
  });
});

test.describe('a module’s study materials before the page is idle', () => {
  // Nothing here needs the service worker, which registers only once the page is idle.
  test.use({ serviceWorkers: 'block' });

  test('a bookmark saved before the page is idle stays on screen and in the device’s copy after', async ({
    page,
    signIn,
    baseURL,
  }) => {
    const title = 'Class F: check before flying';
    await signIn(await createLearner(baseURL!));
    // The page's idle callbacks wait until the test runs them, as on a phone still busy loading.
    await page.addInitScript(() => {
      const waiting: IdleRequestCallback[] = [];
      window.requestIdleCallback = (callback) => waiting.push(callback);
      Object.assign(window, {
        runIdle: () => {
          for (const callback of waiting.splice(0))
            callback({ didTimeout: false, timeRemaining: () => 50 });
        },
      });
    });
    await page.goto(AIRSPACE);
    await page.getByRole('button', { name: 'Study Tools' }).click();
    const tools = page.locator('#study-tools-panel');
    await page.getByRole('link', { name: 'Class F special use airspace' }).click();
    await headingAtTop(page, 'Class F special use airspace');
    await tools.getByRole('button', { name: 'Bookmark this section' }).click();
    await tools.getByLabel('Bookmark title').fill(title);
    await tools.getByRole('button', { name: 'Save bookmark' }).click();
    await expect(page.getByText('Bookmark added')).toBeVisible();
    const bookmarks = tools.getByRole('list', { name: 'Bookmarks in this module' });
    await expect(bookmarks.getByText(title)).toBeVisible();

    const deviceCopy = async () => {
      const copies = await deviceRecords<{ bookmarks: { items: { title: string }[] } | null }>(
        page,
        'tools',
      );
      return copies.flatMap((copy) => copy.bookmarks?.items.map((item) => item.title) ?? []);
    };
    await expect.poll(deviceCopy).toEqual([title]);

    // Idle now: what waited for it (the device's side among it) must not put back what the page
    // arrived with over the bookmark. A second bookmark made after it finds the first still there.
    await page.evaluate(() => (window as unknown as { runIdle: () => void }).runIdle());
    const second = 'Transponder airspace: stay out';
    await page.getByRole('link', { name: 'Transponder airspace' }).click();
    await headingAtTop(page, 'Transponder airspace');
    await tools.getByRole('button', { name: 'Bookmark this section' }).click();
    await tools.getByLabel('Bookmark title').fill(second);
    await tools.getByRole('button', { name: 'Save bookmark' }).click();
    await expect(bookmarks.getByText(second)).toBeVisible();
    await expect(bookmarks.getByText(title)).toBeVisible();
    await expect.poll(deviceCopy).toEqual([second, title]);
  });
});
