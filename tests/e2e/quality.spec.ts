import type { APIRequestContext, Locator } from '@playwright/test';
import type { QuestionAnalysis } from '../../shared/src/schemas/quality.ts';
import {
  adminHeaders,
  type ApiHeaders as Headers,
  DEMO_ACCOUNTS,
  expect,
  expectNoAxeViolations,
  premiumLearner,
  test,
  waitForEmail,
} from './fixtures.ts';
import { QUIZ_MAX_QUESTIONS } from '../../shared/src/schemas/quiz-values.ts';
import {
  ITEM_FLAG_MIN_ATTEMPTS,
  QUESTION_WITHDRAWAL_REPORTS,
} from '../../shared/src/schemas/quality-values.ts';

type AttemptQuestion = { questionId: string; stem: string; choices: Array<{ text: string }> };

/** Starts a quiz through the API (which counts its questions as shown) and returns them. */
async function startQuiz(request: APIRequestContext, headers: Headers, body: object) {
  const created = await request.post('/api/quiz/attempt', { data: body, headers });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { attempt: { id: string } } }).data.attempt.id;
  const detail = await request.get(`/api/quiz/attempt/${id}`, { headers });
  const { questions } = (
    (await detail.json()) as { data: { attempt: { questions: AttemptQuestion[] } } }
  ).data.attempt;
  return { id, questions };
}

/**
 * Takes and finishes a quiz through the API, answering with the choice `pick` names; returns its
 * questions and, as the API revealed each, the text of its keyed answer.
 */
async function takeQuiz(
  request: APIRequestContext,
  headers: Headers,
  body: object,
  pick: (position: number, question: AttemptQuestion) => number = () => 0,
) {
  const { id, questions } = await startQuiz(request, headers, body);
  const keyed = new Map<string, string>();
  for (const [position, question] of questions.entries()) {
    const answered = await request.post(`/api/quiz/attempt/${id}/answer`, {
      // Other tests add questions with fewer options to the bank: the pick wraps round them.
      data: {
        questionId: question.questionId,
        selectedIndex: pick(position, question) % question.choices.length,
        timeSpent: 8,
      },
      headers,
    });
    expect(answered.ok(), await answered.text()).toBeTruthy();
    const { correctAnswer } = ((await answered.json()) as { data: { correctAnswer: number } }).data;
    keyed.set(question.questionId, question.choices[correctAnswer]!.text);
  }
  await request.post(`/api/quiz/attempt/${id}/finish`, { data: {}, headers });
  return { id, questions, keyed };
}

/** The numbers of a table column, as shown (a dash reads as not a number). */
async function columnValues(table: Locator, column: number) {
  const cells = await table.locator(`tbody tr td:nth-child(${column})`).allInnerTexts();
  return cells.map((text) => Number.parseFloat(text.replace(/[^\d.-]/g, '')));
}

test.describe('question quality', () => {
  test('a learner reports from the results page, the admin resolves it from Reports, and the learner gets the email', async ({
    page,
    signIn,
    request,
    baseURL,
  }) => {
    const { learner, headers } = await premiumLearner(request, baseURL!);
    const { id, questions } = await takeQuiz(request, headers, {
      mode: 'study',
      questionCount: 5,
      categories: ['operations'],
    });
    const stem = questions[0]!.stem;
    const comment = `The key contradicts CAR 901.25 (${Date.now().toString(36)}).`;

    // On a phone: the dialog fits the screen and works from the keyboard.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(learner);
    await page.goto(`/quiz/${id}/results`);
    const trigger = page.getByRole('button', { name: 'Report a problem with question 1' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem with question 1' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose what is wrong with the question')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'The keyed answer is wrong' })).toBeFocused();
    await page.keyboard.press('Space');
    await dialog.getByLabel('Comment (optional)').fill(comment);
    await expect(dialog.getByText(`${comment.length} of 1,000 characters`)).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('status')).toContainText('Thanks for the report.');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('button', { name: 'Problem reported with question 1' }),
    ).toBeFocused();

    // The admin finds it in Reports, grouped under its question, and resolves it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/admin/content/questions');
    await page
      .getByRole('navigation', { name: 'Question bank views' })
      .getByRole('link', { name: /^Reports/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/content\/questions\/reports$/);
    const group = page.getByRole('listitem', { name: `Reports on: ${stem}` });
    await expect(group).toContainText('The keyed answer is wrong');
    await expect(group).toContainText(comment);
    await expect(group).toContainText('keyed answer');
    await group.getByRole('button', { name: 'Resolve' }).click();
    const resolve = page.getByRole('dialog', { name: /^Resolve/ });
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await expect(resolve.getByText('Write a note on what you found or changed')).toBeVisible();
    await resolve
      .getByLabel('What did you correct?')
      .fill('We now key the answer CAR 901.25 gives.');
    await expect(resolve.getByRole('checkbox', { name: /Email the reporters/ })).toBeChecked();
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText(/Resolved \d+ reports?; \d+ reporters? emailed/)).toBeVisible();
    await expect(group).toBeHidden();
    await page.getByRole('button', { name: 'Resolved', exact: true }).click();
    await expect(group).toContainText('We now key the answer CAR 901.25 gives.');

    // The learner's email is in the dev outbox.
    const resolved = await waitForEmail(page.request, learner.email, 'question-report-resolved');
    expect(resolved.text).toContain('Thanks, we corrected the question you reported');
    await page.goto('/dev/emails');
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: learner.email.toLowerCase() })
        .filter({ hasText: 'Thanks: we corrected the question you reported' }),
    ).toBeVisible();
  });

  test('the item-analysis table sorts and filters, and a row shows its options chart', async ({
    page,
    signIn,
    request,
    baseURL,
  }) => {
    const { headers } = await premiumLearner(request, baseURL!);
    for (const pick of [() => 0, (p: number) => p % 2, (p: number) => (p * 3) % 4])
      await takeQuiz(
        request,
        headers,
        { mode: 'study', questionCount: 10, categories: ['airspace'] },
        pick,
      );
    // Enough answers to judge two questions: the same quiz retaken, its first question always
    // answered right and its second always wrong (the others at random), until the statistics
    // say so, whatever other tests answered before.
    const quiz = await takeQuiz(request, headers, {
      mode: 'study',
      questionCount: 5,
      categories: ['airspace'],
    });
    const [easyId, hardId] = quiz.questions.map((q) => q.questionId);
    const asAdmin = await adminHeaders(request, baseURL!);
    const statistics = async (id: string) =>
      (
        (await (
          await request.get(`/api/admin/questions/${id}/analysis`, { headers: asAdmin })
        ).json()) as { data: QuestionAnalysis }
      ).data.current;
    const judged = async () => {
      const [easy, hard] = await Promise.all([easyId!, hardId!].map(statistics));
      return (
        easy!.attempts >= ITEM_FLAG_MIN_ATTEMPTS &&
        easy!.facility! >= 0.95 &&
        hard!.attempts >= ITEM_FLAG_MIN_ATTEMPTS &&
        hard!.facility! <= 0.25
      );
    };
    for (let round = 0; !(await judged()); round++) {
      expect(round, 'rounds to judge the two questions').toBeLessThan(4 * ITEM_FLAG_MIN_ATTEMPTS);
      const retake = { mode: 'study', source: 'attempt', attemptId: quiz.id, only: 'all' };
      await takeQuiz(request, headers, retake, (position, question) => {
        const right = question.choices.findIndex(
          (c) => c.text === quiz.keyed.get(question.questionId),
        );
        if (question.questionId === easyId) return right;
        if (question.questionId === hardId) return right + 1;
        return round + position;
      });
    }

    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto('/admin/content/questions/analysis');
    const itemTable = page.getByRole('table', { name: /Item analysis/ });
    await expect(itemTable.locator('tbody tr').first()).toBeVisible();
    // Each change is checked once the table shows the answer to it.
    const loaded = (query: RegExp) =>
      page.waitForResponse(
        (r) => r.url().includes('/api/admin/item-analysis') && query.test(r.url()),
      );
    await Promise.all([
      loaded(/category=airspace/),
      page.getByLabel('Category').selectOption('airspace'),
    ]);
    // The answer has arrived; the table shows it once React has rendered it.
    await expect(async () => {
      const categories = await itemTable.locator('tbody tr td:nth-child(2)').allInnerTexts();
      expect(new Set(categories)).toEqual(new Set(['Airspace']));
    }).toPass();

    // Sorting by facility, then the other way.
    const facility = page.getByRole('columnheader', { name: /Facility/ });
    await facility.getByRole('button').click();
    await expect(facility).toHaveAttribute('aria-sort', 'ascending');
    await expect(async () => {
      const values = await columnValues(itemTable, 4);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }).toPass();
    await facility.getByRole('button').click();
    await expect(facility).toHaveAttribute('aria-sort', 'descending');
    await expect(async () => {
      const values = await columnValues(itemTable, 4);
      expect(values.length).toBeGreaterThan(1);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }).toPass();
    const answers = page.getByRole('columnheader', { name: /Answers/ });
    await answers.getByRole('button').click();
    await expect(answers).toHaveAttribute('aria-sort', 'ascending');
    await expect(facility).toHaveAttribute('aria-sort', 'none');

    // A flag filter shows only questions with that flag: the one always answered right is
    // too easy, the one always answered wrong too hard.
    const rows = itemTable.locator('tbody tr');
    for (const [filter, flag, stem] of [
      ['too-easy', 'Too easy', quiz.questions[0]!.stem],
      ['too-hard', 'Too hard', quiz.questions[1]!.stem],
    ] as const) {
      await Promise.all([
        loaded(new RegExp(`filter=${filter}`)),
        page.getByLabel('Show').selectOption(filter),
      ]);
      await expect(async () => {
        expect(await rows.filter({ hasText: stem.slice(0, 40) }).count()).toBe(1);
        const flags = await rows.locator('td:last-child').allInnerTexts();
        expect(flags.every((text) => text.includes(flag))).toBe(true);
      }).toPass();
    }
    // Back to every question (the console already holds that answer).
    await page.getByLabel('Show').selectOption('');
    await expect(itemTable.locator('tbody tr').first()).toBeVisible();

    // A row opens its per-option chart, and from there the editor.
    await itemTable.locator('tbody tr').first().getByRole('button').click();
    const details = page.getByRole('region', { name: 'Question statistics' });
    await expect(details.getByRole('table', { name: 'Answers per option' })).toBeAttached();
    await expect(details.getByText('(keyed answer)')).toBeVisible();
    await expectNoAxeViolations(page, '#item-details');
    await details.getByRole('link', { name: 'Open in editor' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Question' })).toBeVisible();
  });

  test('reports that the key is wrong withdraw the question: new quizzes leave it out, its editor says why, and rejecting them brings it back', async ({
    page,
    signIn,
    request,
    baseURL,
  }) => {
    // A category small enough that a quiz of all its questions shows each learner the same ones.
    const category = 'first-flights';
    const reporters: Headers[] = [];
    for (let n = 0; n < QUESTION_WITHDRAWAL_REPORTS; n++)
      reporters.push((await premiumLearner(request, baseURL!)).headers);
    // What a Basic quiz can draw from the topic (the bank's count includes Advanced-only ones).
    const pools = (await (
      await request.get(`/api/learning/pools?categories=${category}&exam=basic`, {
        headers: reporters[0]!,
      })
    ).json()) as { data: { all: number } };
    const inCategory = Math.min(QUIZ_MAX_QUESTIONS, pools.data.all);
    /** The questions a new quiz shows the learner (starting it is what counts them as shown). */
    const shown = async (headers: Headers, questionCount: number) => {
      const { id, questions } = await startQuiz(request, headers, {
        mode: 'study',
        questionCount,
        categories: [category],
      });
      await request.post(`/api/quiz/attempt/${id}/finish`, { data: {}, headers });
      return new Map(questions.map((question) => [question.questionId, question.stem]));
    };

    const seen: Array<Map<string, string>> = [];
    for (const headers of reporters) seen.push(await shown(headers, inCategory));
    const questionId = [...seen[0]!.keys()].find((id) => seen.every((set) => set.has(id)));
    expect(questionId, 'a question every reporter was shown').toBeDefined();
    const stem = seen[0]!.get(questionId!)!;
    for (const headers of reporters) {
      const reported = await request.post(`/api/questions/${questionId}/reports`, {
        data: { reason: 'wrong-answer', comment: 'The key contradicts the fact sheet.' },
        headers,
      });
      expect(reported.status(), await reported.text()).toBe(201);
    }
    // Withdrawn, it is one question fewer for every new quiz.
    const fewer = await shown(reporters[0]!, inCategory - 1);
    expect([...fewer.keys()]).not.toContain(questionId);

    await signIn(DEMO_ACCOUNTS.admin);
    await page.goto(`/admin/content/questions/${questionId}`);
    const withdrawn = page.getByRole('status').filter({ hasText: 'Withdrawn from new quizzes' });
    await expect(withdrawn).toContainText(
      `${QUESTION_WITHDRAWAL_REPORTS} or more learners reported that the keyed answer is wrong`,
    );
    await withdrawn
      .getByRole('link', { name: `${QUESTION_WITHDRAWAL_REPORTS} open reports` })
      .click();
    await expect(page).toHaveURL(/\/admin\/content\/questions\/reports$/);
    const group = page.getByRole('listitem', { name: `Reports on: ${stem}` });
    await group.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: /^Reject/ });
    await reject
      .getByLabel('Why is the question right as it is?')
      .fill('The keyed answer is what the fact sheet says.');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(
      page.getByText(`Rejected ${QUESTION_WITHDRAWAL_REPORTS} reports`, { exact: false }),
    ).toBeVisible();

    await expect(group).toBeHidden();

    await page.goto(`/admin/content/questions/${questionId}`);
    await expect(page.getByLabel('Question', { exact: true })).toHaveValue(stem);
    await expect(page.getByText('Withdrawn from new quizzes')).toHaveCount(0);
    await expect(page.getByText(/open reports?/)).toHaveCount(0);
    if (inCategory < QUIZ_MAX_QUESTIONS)
      expect([...(await shown(reporters[0]!, inCategory)).keys()]).toContain(questionId);
  });
});
