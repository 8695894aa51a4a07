import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectNoAxeViolations, premiumLearner, test } from './fixtures.ts';

/**
 * Issue 21: questions asked on a figure (a chart excerpt, a cross-section, a METAR). The seeded
 * bank holds both kinds; a quiz on airspace and weather draws some of each.
 */
type Figure = { kind: 'svg' | 'text'; content: string; alt: string };
type DrawnQuestion = {
  questionId: string;
  stem: string;
  figure: Figure | null;
  choices: unknown[];
};

/** The page fits the screen: nothing wider than the viewport, so a phone never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

test.describe('question figures', () => {
  test('a learner answers on a drawing and on a report at 360 px and 1280 px, and sees them again in the review', async ({
    page,
    request,
    baseURL,
    signIn,
  }) => {
    const { learner, headers } = await premiumLearner(request, baseURL!);
    const created = await request.post('/api/quiz/attempt', {
      data: { mode: 'study', questionCount: 40, categories: ['airspace', 'weather-notams'] },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { data: { attempt: { id: string } } }).data.attempt.id;
    const detail = await request.get(`/api/quiz/attempt/${id}`, { headers });
    const drawn = ((await detail.json()) as { data: { attempt: { questions: DrawnQuestion[] } } })
      .data.attempt.questions;
    const drawing = drawn.findIndex((q) => q.figure?.kind === 'svg');
    const report = drawn.findIndex((q) => q.figure?.kind === 'text');
    expect(drawing, 'a drawing among the 40 questions').toBeGreaterThanOrEqual(0);
    expect(report, 'a report among the 40 questions').toBeGreaterThanOrEqual(0);
    const goTo = async (questionIndex: number) => {
      const moved = await request.post(`/api/quiz/attempt/${id}/navigate`, {
        data: { questionIndex },
        headers,
      });
      expect(moved.ok(), await moved.text()).toBeTruthy();
      await page.goto(`/quiz/${id}`);
    };

    // On a phone: the drawing scales to the column, described for screen readers.
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(learner);
    await goTo(drawing);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(drawn[drawing]!.stem);
    const image = page.getByRole('img', { name: drawn[drawing]!.figure!.alt });
    await expect(image).toBeVisible();
    const box = (await image.boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await expectNoSidewaysScroll(page, 360);
    await expectNoAxeViolations(page);
    // Its labels are small on a phone: the learner enlarges it, pans, and closes with Escape.
    const enlarge = page.getByRole('button', { name: 'Enlarge the figure' });
    await enlarge.click();
    const enlarged = page.getByRole('dialog', { name: 'Enlarge the figure' });
    const large = enlarged.getByRole('img', { name: drawn[drawing]!.figure!.alt });
    await expect(large).toBeVisible();
    expect((await large.boundingBox())!.width).toBeGreaterThan(600);
    await expectNoAxeViolations(page);
    // While it is open the quiz's keys do nothing: a letter answers no question.
    await page.keyboard.press('b');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(enlarged).toBeHidden();
    await expect(enlarge).toBeFocused();
    await expect(page.getByText('0 of 40 answered')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(drawn[drawing]!.stem);

    // The report is its own text, wrapped at its spaces on a phone.
    await goTo(report);
    const firstLine = drawn[report]!.figure!.content.split('\n')[0]!;
    await expect(page.getByText(firstLine.split(' ').slice(0, 3).join(' '))).toBeVisible();
    await expectNoSidewaysScroll(page, 360);
    await expectNoAxeViolations(page);

    // On a desktop, the same two.
    await page.setViewportSize({ width: 1280, height: 900 });
    await goTo(drawing);
    await expect(image).toBeVisible();
    await expectNoAxeViolations(page);

    // Every question answered and the quiz finished: the review shows each figure again.
    for (const question of drawn) {
      await request.post(`/api/quiz/attempt/${id}/answer`, {
        data: { questionId: question.questionId, selectedIndex: 0, timeSpent: 5 },
        headers,
      });
    }
    await request.post(`/api/quiz/attempt/${id}/finish`, { data: {}, headers });
    await page.goto(`/quiz/${id}/results`);
    const reviewed = page.getByRole('listitem').filter({ hasText: drawn[drawing]!.stem });
    await expect(reviewed.getByRole('img', { name: drawn[drawing]!.figure!.alt })).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: drawn[report]!.stem }).locator('pre'),
    ).toHaveText(drawn[report]!.figure!.content);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page, 360);
  });

  test('an admin adds a drawing to a question, sees it previewed, and describes it in French', async ({
    page,
    signIn,
  }) => {
    await signIn(DEMO_ACCOUNTS.admin);
    const stamp = Date.now().toString(36);
    const text = `Which class of airspace does the excerpt show at the drone (${stamp})?`;
    await page.goto('/admin/content/questions/new');
    await page.getByRole('textbox', { name: 'Question', exact: true }).fill(text);
    await page.getByLabel('Option A', { exact: true }).fill('Class C');
    await page.getByLabel('Option B', { exact: true }).fill('Class G');
    await page.getByRole('radio', { name: /^A/ }).check();

    await page.getByLabel('Kind').selectOption('svg');
    const drawing = page.getByLabel('Drawing (SVG markup)');
    await drawing.fill('<svg><script>alert(1)</script></svg>');
    await expect(
      page.getByText('The preview shows once the figure is complete and valid.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save Question' }).click();
    await expect(
      page.getByText('The drawing needs xmlns="http://www.w3.org/2000/svg"'),
    ).toBeVisible();
    await expect(
      page.getByText('Describe the figure in at least 10 characters (its text alternative)'),
    ).toBeVisible();

    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 120"><rect width="300" height="120" fill="#fff"/><circle cx="150" cy="60" r="50" fill="none" stroke="#1e3a8a" stroke-width="3"/><text x="112" y="66" font-family="sans-serif" font-size="18" fill="#0f172a">SFC–3000</text></svg>';
    await drawing.fill(svg);
    const alt = 'A circle around a point, labelled SFC–3000.';
    await page.getByLabel('Text alternative').fill(alt);
    await expect(page.getByRole('img', { name: alt })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByRole('img', { name: alt })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Save Question' }).click();
    await expect(page.getByText('Question saved')).toBeVisible();

    await page.getByLabel('Search questions').fill(stamp);
    await page.getByRole('link', { name: text }).click();
    await expect(page.getByLabel('Drawing (SVG markup)')).toHaveValue(svg);
    const french = page.getByTestId('question-french');
    await french.getByLabel('Question (French)').fill(`Quelle classe d’espace aérien (${stamp})?`);
    await french.getByLabel('Option A (French)', { exact: true }).fill('Classe C');
    await french.getByLabel('Option B (French)', { exact: true }).fill('Classe G');
    await french.getByRole('button', { name: 'Save French' }).click();
    await expect(
      french.getByText('Describe the figure in at least 10 characters (its text alternative)'),
    ).toBeVisible();
    await french
      .getByLabel('Figure text alternative (French)')
      .fill('Un cercle autour d’un point, marqué SFC–3000.');
    await french.getByRole('button', { name: 'Save French' }).click();
    await expect(page.getByText('French saved')).toBeVisible();
    await expect(french.getByText('French missing')).toBeHidden();
  });
});
