import type { Page } from '@playwright/test';
import { ADVANCED_MODULES_DIR, loadModules } from '../../scripts/lib/content.ts';
import {
  createLearner,
  expect,
  expectNoAxeViolations,
  headingAtTop,
  premiumLearner,
  test,
} from './fixtures.ts';

const AIRSPACE = '/study/airspace-charts-and-navigation';
const AIRSPACE_TITLE = 'Airspace, Charts and Navigation';
const WEATHER = '/study/weather-for-drone-pilots';

/** Scrolls the window so the given share of the article has passed the bottom of the viewport. */
async function scrollArticleTo(page: Page, share: number) {
  await page.evaluate(
    (fraction) =>
      new Promise<void>((resolve) => {
        const article = document.getElementById('module-article')!;
        const top = article.getBoundingClientRect().top + window.scrollY;
        window.addEventListener('scroll', () => requestAnimationFrame(() => resolve()), {
          once: true,
        });
        window.scrollTo(0, top + article.offsetHeight * fraction - window.innerHeight);
      }),
    share,
  );
}

/** In the page: whether the window has not scrolled across two frames. */
const scrollAtRest = () =>
  new Promise<boolean>((resolve) => {
    const before = window.scrollY;
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === before)));
  });

const progressSaved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().includes('/api/study-materials/progress/') &&
      response.ok(),
  );

test.describe('study modules', () => {
  test('a visitor reads a server-rendered module and is invited to sign in for the tools', async ({
    page,
    request,
  }) => {
    const html = await (await request.get(AIRSPACE)).text();
    expect(html).toContain(`<title>${AIRSPACE_TITLE} | DroneCert Prep</title>`);
    expect(html).toMatch(/<meta name="description" content="Canada&#x27;s airspace classes A to G/);
    expect(html).toContain('<h2 id="how-canadian-airspace-is-organised">');
    expect(html).toContain(`rel="canonical"`);
    // A visitor's module page is its article as HTML: no script, no hydration data.
    expect(html).not.toMatch(/<script[\s>]|modulepreload/);

    await page.goto('/study');
    await expect(page.getByRole('heading', { name: 'Study Modules', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: `Start Reading: ${AIRSPACE_TITLE}` }).click();
    await expect(page).toHaveURL(new RegExp(`${AIRSPACE}$`));
    await expect(page.getByRole('heading', { name: AIRSPACE_TITLE, level: 1 })).toBeVisible();
    await expect(page.getByText(/^\d+ min read$/)).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'How Canadian airspace is organised' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Track your progress' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent(AIRSPACE)}`,
    );
    await expect(page.getByRole('button', { name: 'Study Tools' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /practice quiz/ })).toHaveAttribute(
      'href',
      '/practice',
    );

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    expect(await sitemap.text()).toContain(`${AIRSPACE}</loc>`);
  });

  test('a module opened directly carries its text once, and the page keeps it as it hydrates', async ({
    page,
    signIn,
    baseURL,
  }) => {
    // A visitor's module page does not hydrate; a learner's does.
    await signIn(await createLearner(baseURL!));
    const response = await page.goto(AIRSPACE);
    const html = await response!.text();
    const paragraph = await page.locator('#module-article p').first().innerText();
    const words = /[A-Za-z ,]{30,}/.exec(paragraph)![0];
    // In the article's HTML, and not a second time in the hydration data.
    expect(html.split(words)).toHaveLength(2);
    // Hydrated from the HTML; opened again through a link, from its data.
    await page.waitForLoadState('load');
    await expect(page.locator('#module-article p').first()).toHaveText(paragraph);
    await page.locator('main a[href="/study"]').first().click();
    await page.getByRole('link', { name: `Start Reading: ${AIRSPACE_TITLE}` }).click();
    await expect(page).toHaveURL(new RegExp(`${AIRSPACE}$`));
    await expect(page.locator('#module-article p').first()).toHaveText(paragraph);
  });

  test('a page that hydrates asks for its stylesheet before its script preloads', async ({
    page,
    signIn,
    baseURL,
  }) => {
    // React puts the scripts' preloads in the head; a stylesheet rendered after them was requested
    // behind about 30 scripts, and a phone's first paint waited for them all.
    await signIn(await createLearner(baseURL!));
    const html = await (await page.goto(AIRSPACE))!.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const stylesheet = head.search(/<link[^>]*rel="stylesheet"/);
    const preload = head.indexOf('rel="modulepreload"');
    expect(preload, 'the page hydrates').toBeGreaterThan(0);
    expect(stylesheet, 'the stylesheet is in the head').toBeGreaterThan(0);
    expect(stylesheet).toBeLessThan(preload);
    // One stylesheet, applied once the page has hydrated (the body is a flex column by its classes).
    expect(head.match(/rel="stylesheet"/g)).toHaveLength(1);
    await page.waitForLoadState('load');
    await expect(page.locator('body')).toHaveCSS('display', 'flex');
  });

  test('a module that does not exist says so, with the way back', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 404/);
    const response = await page.goto('/study/no-such-module');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Study module not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Study Materials' }).click();
    await expect(page).toHaveURL(/\/study$/);
  });

  test('the table of contents scrolls to a heading and highlights the one in view', async ({
    page,
    signIn,
    baseURL,
  }) => {
    await signIn(await createLearner(baseURL!));
    await page.goto(AIRSPACE);
    const toc = page.getByRole('navigation', { name: 'Table of Contents' });
    const entry = toc.getByRole('link', { name: 'Reading a Class F designator' });
    await entry.click();
    // Smooth scroll, then the heading rests 80 px below the top of the window.
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
    await expect(entry).not.toHaveAttribute('aria-current', 'location');
  });

  test('a learner scrolls, leaves, comes back and finds the progress saved', async ({
    page,
    signIn,
    baseURL,
    allowConsoleError,
  }) => {
    const learner = await createLearner(baseURL!);
    await signIn(learner);
    const firstOpen = progressSaved(page);
    await page.goto(WEATHER);
    await firstOpen;
    const status = page.getByTestId('reading-progress');
    await expect(status).toHaveText('0% read · 0 min studied');

    // Saved 2 s after scrolling stops.
    const saved = progressSaved(page);
    await scrollArticleTo(page, 0.5);
    const { progress } = (await (await saved).json()).data;
    expect(progress.progress).toBeGreaterThanOrEqual(45);
    expect(progress.sectionsRead.length).toBeGreaterThan(0);
    await expect(status).toHaveText(`${progress.progress}% read · 0 min studied`);

    await page.goto('/study');
    await expect(page.getByText(`${progress.progress}% read`)).toBeVisible();
    await page.goto(WEATHER);
    await expect(status).toHaveText(`${progress.progress}% read · 0 min studied`);
    // Resuming works once the page is interactive, and only then is scrolling tracked. A click
    // made while the page hydrates is replayed, and its smooth scroll can take seconds on a busy
    // machine: each click is given that time, since clicking again would first scroll the button
    // back into view and undo the resume.
    const resume = page.getByRole('button', { name: 'Resume where you left off' });
    await expect(async () => {
      await resume.click();
      await expect
        .poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 })
        .toBeGreaterThan(0);
    }).toPass({ timeout: 20_000 });
    // The resume scroll is smooth: a frame of it after the jump below would be what the page
    // records as read (about half), so it has come to rest first.
    await expect.poll(() => page.evaluate(scrollAtRest)).toBe(true);

    // Reaching the end saves at once, so leaving straight after finds the module completed.
    await scrollArticleTo(page, 1.2);
    await page.goto('/study');
    await expect
      .poll(async () => {
        await page.goto(WEATHER);
        return status.textContent();
      })
      .toContain('Completed · 100% read');
    const toggle = page.getByRole('switch', { name: 'Mark as completed' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');

    // Un-marking sticks, and progress never goes down.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(status).toHaveText(/^100% read/);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');

    // Signed out meanwhile (another tab, an expired session): the next save says so.
    allowConsoleError(/status of 401/);
    await page.context().clearCookies();
    const signedOut = page.getByRole('alert').filter({ hasText: 'You have been signed out' });
    // Each try scrolls somewhere new: a scroll made before the page hydrated is not tracked.
    let share = 0.2;
    await expect(async () => {
      share += 0.1;
      await scrollArticleTo(page, share);
      await expect(signedOut).toHaveText(
        'You have been signed out, so your progress is no longer being saved. Sign in again to keep it.',
        { timeout: 4_000 },
      );
    }).toPass({ timeout: 20_000 });
  });

  test('a learner adds and deletes a bookmark and a note', async ({ page, signIn, baseURL }) => {
    const learner = await createLearner(baseURL!);
    await signIn(learner);
    await page.goto(AIRSPACE);
    await page.getByRole('button', { name: 'Study Tools' }).click();
    const tools = page.locator('#study-tools-panel');
    await expect(tools.getByText('No bookmarks in this module yet.')).toBeVisible();

    await page.getByRole('link', { name: 'Class F special use airspace' }).click();
    await headingAtTop(page, 'Class F special use airspace');
    await tools.getByRole('button', { name: 'Bookmark this section' }).click();
    const title = tools.getByLabel('Bookmark title');
    await expect(title).toHaveValue('Class F special use airspace');
    await title.fill('  ');
    await tools.getByRole('button', { name: 'Save bookmark' }).click();
    await expect(tools.getByText('Bookmark title is required')).toBeVisible();
    await title.fill('Class F: check before flying');
    await tools.getByRole('button', { name: 'Save bookmark' }).click();
    await expect(page.getByText('Bookmark added')).toBeVisible();
    const bookmarks = tools.getByRole('list', { name: 'Bookmarks in this module' });
    await expect(bookmarks.getByText('Class F: check before flying')).toBeVisible();

    // A note on selected text.
    await page.evaluate(() => {
      const paragraph = document.querySelector('#module-article p')!;
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      const selection = document.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    });
    await tools.getByRole('button', { name: 'Add note on selection' }).click();
    await expect(tools.getByText(/^“A basic pilot may fly only/)).toBeVisible();
    await tools.getByRole('button', { name: 'Save note' }).click();
    await expect(tools.getByText('Note text is required')).toBeVisible();
    await tools.getByLabel('Note', { exact: true }).fill('Uncontrolled airspace only');
    await tools.locator('label', { hasText: 'Green' }).click();
    await tools.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Note added')).toBeVisible();
    const notes = tools.getByRole('list', { name: 'Notes in this module' });
    await expect(notes.getByText('Uncontrolled airspace only')).toBeVisible();
    await expect(notes.getByRole('listitem')).toHaveClass(/emerald/);

    await notes.getByRole('button', { name: /^Edit note/ }).click();
    await notes
      .getByLabel('Note', { exact: true })
      .fill('Uncontrolled airspace only, away from aerodromes');
    await notes.getByRole('button', { name: 'Save changes' }).click();
    await expect(notes.getByText('Uncontrolled airspace only, away from aerodromes')).toBeVisible();

    // Stored, not just shown.
    await page.reload();
    await page.getByRole('button', { name: 'Study Tools' }).click();
    await expect(bookmarks.getByText('Class F: check before flying')).toBeVisible();
    await expect(notes.getByText('Uncontrolled airspace only, away from aerodromes')).toBeVisible();
    await expect(notes.getByText(/^“A basic pilot may fly only/)).toBeVisible();

    await bookmarks
      .getByRole('button', { name: 'Delete bookmark Class F: check before flying' })
      .click();
    await expect(page.getByText('Bookmark deleted')).toBeVisible();
    await notes.getByRole('button', { name: /^Delete note/ }).click();
    await expect(page.getByText('Note deleted')).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Study Tools' }).click();
    await expect(tools.getByText('No bookmarks in this module yet.')).toBeVisible();
    await expect(tools.getByText('No notes in this module yet.')).toBeVisible();
  });

  test('search with a topic chip finds a module, and the search survives a reload', async ({
    page,
  }) => {
    await page.goto('/study/search');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('a');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      page.getByText('Enter at least 2 characters to search study materials'),
    ).toBeVisible();

    await box.fill('icing');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/study\/search\?q=icing$/);
    await page.getByText('Weather', { exact: true }).click();
    await expect(page).toHaveURL(/\/study\/search\?q=icing&tags=weather$/);
    const result = page.getByRole('link', { name: 'Weather for Drone Pilots' });
    await expect(result).toBeVisible();
    await expect(page.getByRole('link', { name: 'RPAS Theory of Flight and Systems' })).toHaveCount(
      0,
    );
    await expect(page.locator('mark').first()).toHaveText(/icing/i);

    await page.reload();
    await expect(box).toHaveValue('icing');
    await expect(page.getByRole('checkbox', { name: 'Weather' })).toBeChecked();
    await expect(result).toBeVisible();
    // Before hydration a chip is a bare checkbox, and a click there would be lost to the page.
    await page.waitForLoadState('networkidle');

    // Two chips clicked while the first one's search is still loading: the second builds on the
    // first (held back here so the race happens on every run, not only on a slow machine).
    // The page cancels the first search when the second chip supersedes it, so by the time the
    // held request would go on it may be gone: that is the race this checks, not a failure.
    await page.route('**/study/search.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue().catch(() => undefined);
    });
    await page.getByText('Human factors', { exact: true }).click();
    await page.getByText('Weather', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Human factors' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Weather' })).not.toBeChecked();
    await expect(page).toHaveURL(/\/study\/search\?q=icing&tags=human-factors$/);
    await page.unroute('**/study/search.data*');
    await box.fill('zeppelinous');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No results found')).toBeVisible();
    await expect(
      page.getByText('Try adjusting your search terms or removing filters.'),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/study\/search$/);
    await expect(box).toHaveValue('');

    await page.goto('/study/search?q=icing&tags=weather');
    await result.click();
    await expect(page).toHaveURL(new RegExp(`${WEATHER}$`));
  });

  test('search works without JavaScript: the form submits the words and the topic chips', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/study/search');
      await page.getByRole('searchbox', { name: 'Search' }).fill('icing');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\/study\/search\?q=icing$/);
      await expect(page.getByRole('link', { name: 'Weather for Drone Pilots' })).toBeVisible();
      await page.getByText('Weather', { exact: true }).click();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\/study\/search\?q=icing&tags=weather$/);
      await expect(page.getByRole('checkbox', { name: 'Weather' })).toBeChecked();
      await expect(page.getByRole('link', { name: 'Weather for Drone Pilots' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search' }).fill('zeppelinous');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByText('No results found')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('search runs as the learner types, keeps the URL in step without piling up history', async ({
    page,
  }) => {
    await page.goto('/study');
    await page.goto('/study/search');
    const box = page.getByRole('searchbox', { name: 'Search' });
    const entries = await page.evaluate(() => history.length);
    await box.pressSequentially('i', { delay: 40 });
    await expect(
      page.getByText('Enter at least 2 characters to search study materials'),
    ).toBeVisible();
    await box.pressSequentially('cing', { delay: 40 });
    await expect(page).toHaveURL(/\/study\/search\?q=icing$/);
    await expect(page.getByRole('link', { name: 'Weather for Drone Pilots' })).toBeVisible();
    await expect(page.getByText('Enter at least 2 characters')).toHaveCount(0);
    await page.getByText('Weather', { exact: true }).click();
    await expect(page).toHaveURL(/\/study\/search\?q=icing&tags=weather$/);

    await box.fill('zeppelinous');
    await expect(page.getByText('No results found')).toBeVisible();
    await expect(
      page.getByText('Try adjusting your search terms or removing filters.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/study\/search\?q=zeppelinous&tags=weather$/);
    // Typing replaced the entry each time: one step back leaves the search page.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.goBack();
    await expect(page).toHaveURL(/\/study$/);
  });
});

test('every module page, Basic and Advanced, in English and in French, and axe finds nothing', async ({
  page,
  request,
  baseURL,
  signIn,
}) => {
  // 24 pages, each read by axe: about 40 s on a quiet runner.
  test.setTimeout(120_000);
  // Every published module the seed loads, Basic and Advanced, as content/ holds them.
  const published = [...loadModules(), ...loadModules(ADVANCED_MODULES_DIR)].filter(
    (module) => module.status === 'published',
  );
  expect(published.length).toBeGreaterThan(10);
  const { learner } = await premiumLearner(request, baseURL!);
  await signIn(learner);
  for (const module of published) {
    for (const prefix of ['', '/fr']) {
      await page.goto(`${prefix}/study/${module.slug}`);
      await expect(page.getByRole('heading', { level: 1 }), module.slug).toBeVisible();
      await expect(page.locator('#module-article'), module.slug).toBeVisible();
      await expectNoAxeViolations(page);
    }
  }
});
