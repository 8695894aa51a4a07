import type { APIRequestContext } from '@playwright/test';
import { adminHeaders, expect, expectNoAxeViolations, premiumLearner, test } from './fixtures.ts';

/**
 * Issue 29's open-book drill: a premium learner starts Find it on /practice, finds where each of
 * five questions is taught with the reference drawer's search, picks right and wrong sections,
 * and reads the results. axe checks every screen on the way.
 */
type Ref = { moduleSlug: string; sectionId: string };
type Toc = Array<{ id: string; title: string; level: number }>;

/** Where each question is taught, as the admin's question API tells it (learners never see it). */
async function teachingSections(request: APIRequestContext, baseURL: string, ids: string[]) {
  const headers = await adminHeaders(request, baseURL);
  const refs = new Map<string, Ref & { alsoTaughtIn: Ref[] }>();
  for (const id of ids) {
    const answer = await request.get(`/api/admin/questions/${id}`, { headers });
    expect(answer.ok(), await answer.text()).toBeTruthy();
    const { question } = (
      (await answer.json()) as {
        data: { question: { learnMore: Ref; alsoTaughtIn: Ref[] } };
      }
    ).data;
    refs.set(id, { ...question.learnMore, alsoTaughtIn: question.alsoTaughtIn });
  }
  return refs;
}

/** A module's title and its sections (headings below the title), as the learner reads it. */
async function moduleOf(request: APIRequestContext, slug: string) {
  const answer = await request.get(`/api/study/slug/${slug}`);
  expect(answer.ok(), await answer.text()).toBeTruthy();
  const { module } = ((await answer.json()) as { data: { module: { title: string; toc: Toc } } })
    .data;
  return { title: module.title, sections: module.toc.filter((entry) => entry.level > 1) };
}

test('a premium learner runs a Find-it drill of 5 items to its results, picking right and wrong sections', async ({
  page,
  request,
  baseURL,
  signIn,
}) => {
  const { learner, headers } = await premiumLearner(request, baseURL!);
  await signIn(learner);

  // The setup: Find it is a third mode; its count is chosen like a study quiz's.
  await page.goto('/practice');
  await page.getByRole('radio', { name: 'Find it' }).check();
  await page.getByLabel('Questions', { exact: true }).selectOption('5');
  await expect(page.getByRole('group', { name: 'Questions from' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Start Quiz' }).click();
  await expect(page).toHaveURL(/\/find\/[^/]+$/);
  const attemptId = page.url().split('/').pop()!;

  const detail = await request.get(`/api/quiz/attempt/${attemptId}`, { headers });
  const items = (
    (await detail.json()) as { data: { attempt: { questions: Array<{ questionId: string }> } } }
  ).data.attempt.questions.map((item) => item.questionId);
  expect(items).toHaveLength(5);
  const taught = await teachingSections(request, baseURL!, items);

  for (const [index, questionId] of items.entries()) {
    const ref = taught.get(questionId)!;
    const module = await moduleOf(request, ref.moduleSlug);
    // Right on the first, third and fifth items; on the others a section that does not teach it.
    const pickRight = index % 2 === 0;
    const answers = new Set(
      [ref, ...ref.alsoTaughtIn].map((r) => `${r.moduleSlug}#${r.sectionId}`),
    );
    const section = pickRight
      ? module.sections.find((s) => s.id === ref.sectionId)!
      : module.sections.find((s) => !answers.has(`${ref.moduleSlug}#${s.id}`))!;
    expect(section, `a section of ${ref.moduleSlug} to pick`).toBeDefined();

    await expect(page.getByText(`Item ${index + 1} of 5`)).toBeVisible();
    // The question alone: no answer options to choose from.
    await expect(page.getByRole('list', { name: 'Answers' })).toHaveCount(0);
    if (index === 0) await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Reference', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Reference' });
    await expect(drawer.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type(module.title);
    const sections = drawer.getByRole('list', { name: `Sections of ${module.title}` });
    const pick = sections.getByRole('button', {
      name: `This section answers it: ${section.title}`,
      exact: true,
    });
    await expect(pick).toBeVisible();
    if (index === 0) await expectNoAxeViolations(page);
    await pick.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();

    await expect(
      page.getByText(pickRight ? 'Right: this section answers it.' : 'Not this one.'),
    ).toBeVisible();
    await expect(page.getByText(`You picked: ${section.title}`)).toBeVisible();
    // The section that teaches it, linked at its heading.
    const taughtTitle = module.sections.find((s) => s.id === ref.sectionId)!.title;
    await expect(page.getByRole('link', { name: taughtTitle })).toHaveAttribute(
      'href',
      `/study/${ref.moduleSlug}#${ref.sectionId}`,
    );
    if (index < 2) await expectNoAxeViolations(page);
    await page.getByRole('button', { name: index === 4 ? 'See results' : 'Next item' }).click();
  }

  // The results: three of five found, the median time to find and the slowest topics.
  await expect(page.getByRole('heading', { level: 1, name: 'Find it results' })).toBeVisible();
  await expect(page.getByText('You found 3 of 5 sections.')).toBeVisible();
  await expect(page.getByTestId('find-median')).toHaveText(/^\d+m? ?\d*s$/);
  await expect(page.getByTestId('find-slowest').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText('Not this one.')).toHaveCount(2);
  await expectNoAxeViolations(page);

  // On a phone the results fit the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});
