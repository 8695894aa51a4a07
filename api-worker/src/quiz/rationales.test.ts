/**
 * Every option explained, to the learner (issue 29): once a question is answered, the answer and
 * the review give each option's rationale in the order this attempt showed the options, in the
 * learner's language, and the module heading that teaches the question's fact.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StudyModule } from '@drone-exam/shared';
import type { AttemptDetail, CurrentQuestion } from '@drone-exam/shared/schemas/quiz';
import { attemptSeqOf } from '../db/keys.ts';
import { attemptQuestions, questions } from '../db/schema.ts';
import { callOk, testDb } from '../../test/helpers.ts';
import { createModule } from '../study/test-modules.ts';
import { originalIndex } from './queries.ts';
import {
  answer,
  currentQuestion,
  finish,
  navigate,
  premiumLearner,
  seedBank,
  startAttempt,
} from './testing.ts';

const FR = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };
const MODULE = 'night-operations';
const SECTION = 'lights-at-night';

/** A published module whose heading carries the same explicit id in English and in French. */
const nightModule = (status: 'published' | 'draft' = 'published', slug = MODULE) =>
  createModule({
    slug,
    status,
    body: `# Night Operations\n\n## Before dusk\n\nPlan.\n\n## Lights seen at night {#${SECTION}}\n\nSee them.\n`,
    french: {
      title: 'Vols de nuit',
      description: 'Voler la nuit',
      body: `# Vols de nuit\n\n## Avant le crépuscule\n\nPrévoir.\n\n## Les feux vus la nuit {#${SECTION}}\n\nLes voir.\n`,
    },
  });

/**
 * Gives the seeded questions rationales in English and French that name their own option, a
 * French version, and a learnMore into the module.
 */
async function explainBank(ids: string[], learnMoreSlug = MODULE) {
  const db = testDb();
  for (const id of ids) {
    const [row] = await db.select().from(questions).where(eq(questions.id, id));
    const options = JSON.parse(row!.optionsJson) as string[];
    await db
      .update(questions)
      .set({
        questionFr: `Question ${id} en français?`,
        optionsFrJson: JSON.stringify(options.map((option) => `FR ${option}`)),
        explanationFr: `Explication de ${id}`,
        optionExplanationsJson: JSON.stringify(options.map((option) => `Why: ${option}`)),
        optionExplanationsFrJson: JSON.stringify(options.map((option) => `Pourquoi : ${option}`)),
        learnMoreJson: JSON.stringify({
          learnMore: { moduleSlug: learnMoreSlug, sectionId: SECTION },
        }),
      })
      .where(eq(questions.id, id));
  }
}

async function studyAttempt() {
  const bank = await seedBank({ airspace: 5 });
  await explainBank(bank.map((row) => row.id));
  const learner = await premiumLearner();
  const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
  return { learner, attempt };
}

describe('an answered question explains every option', () => {
  it('gives one rationale per shown option, in the order shown, and where it is taught', async () => {
    await nightModule();
    const { learner, attempt } = await studyAttempt();
    const question = await currentQuestion(learner.token, attempt.id);
    expect(question.answer).toBeNull();

    const result = await answer(learner.token, attempt.id, {
      questionId: question.question.id,
      selectedIndex: 0,
    });
    expect(result.status).toBe(200);
    const answered = result.json.success ? result.json.data : null;
    const [order] = await testDb()
      .select({ order: attemptQuestions.optionOrder })
      .from(attemptQuestions)
      .where(eq(attemptQuestions.attemptSeq, attemptSeqOf(attempt.id)))
      .orderBy(attemptQuestions.position)
      .limit(1);
    const [stored] = await testDb()
      .select()
      .from(questions)
      .where(eq(questions.id, question.question.id));
    const rationales = JSON.parse(stored!.optionExplanationsJson!) as string[];
    expect(answered!.optionExplanations).toEqual(
      rationales.map((_, i) => rationales[originalIndex(order!.order, i)]),
    );
    // Each rationale sits beside the option it explains, as the learner saw them.
    expect(answered!.optionExplanations).toEqual(
      question.question.choices.map((choice) => `Why: ${choice.text}`),
    );
    expect(answered!.optionExplanations.every((text) => text.trim().length > 0)).toBe(true);
    expect(answered!.learnMore).toEqual({
      moduleSlug: MODULE,
      sectionId: SECTION,
      title: 'Lights seen at night',
    });

    const { module } = await callOk<{ module: StudyModule }>(`/api/study/slug/${MODULE}`, {
      token: learner.token,
    });
    expect(module.contentHtml).toContain(`id="${SECTION}"`);

    // The question read again (back to it) shows the same.
    const again = await navigate(learner.token, attempt.id, 0);
    expect(again.answer?.optionExplanations).toEqual(answered!.optionExplanations);
    expect(again.answer?.learnMore).toEqual(answered!.learnMore);
  });

  it('keeps them from an unanswered question, in the question and in the attempt', async () => {
    await nightModule();
    const { learner, attempt } = await studyAttempt();
    const question = await currentQuestion(learner.token, attempt.id);
    const { attempt: detail } = await callOk<{ attempt: AttemptDetail }>(
      `/api/quiz/attempt/${attempt.id}`,
      { token: learner.token },
    );
    expect(question.answer).toBeNull();
    expect(detail.questions.map((q) => [q.optionExplanations, q.learnMore])).toEqual(
      detail.questions.map(() => [null, null]),
    );
  });

  it('in French, gives the French rationales and the French heading', async () => {
    await nightModule();
    const { learner, attempt } = await studyAttempt();
    const question = await callOk<CurrentQuestion>(`/api/quiz/attempt/${attempt.id}/question`, {
      token: learner.token,
      headers: FR,
    });
    const result = await callOk<{ optionExplanations: string[]; learnMore: unknown }>(
      `/api/quiz/attempt/${attempt.id}/answer`,
      {
        token: learner.token,
        headers: FR,
        body: { questionId: question.question.id, selectedIndex: 1, timeSpent: 5 },
      },
    );
    expect(result.optionExplanations).toEqual(
      question.question.choices.map((choice) => `Pourquoi : ${choice.text.replace(/^FR /, '')}`),
    );
    expect(result.learnMore).toEqual({
      moduleSlug: MODULE,
      sectionId: SECTION,
      title: 'Les feux vus la nuit',
    });
    const { module } = await callOk<{ module: StudyModule }>(`/api/study/slug/${MODULE}`, {
      token: learner.token,
      headers: FR,
    });
    expect(module.locale).toBe('fr');
    expect(module.contentHtml).toContain(`id="${SECTION}"`);
  });

  it('the results review explains every question, in the order each was shown', async () => {
    await nightModule();
    const { learner, attempt } = await studyAttempt();
    let question = await currentQuestion(learner.token, attempt.id);
    const shown: Record<number, string[]> = {};
    for (;;) {
      shown[question.questionIndex] = question.question.choices.map((c) => c.text);
      await answer(learner.token, attempt.id, {
        questionId: question.question.id,
        selectedIndex: question.questionIndex % 4,
      });
      if (!question.canGoForward) break;
      question = await navigate(learner.token, attempt.id, question.questionIndex + 1);
    }
    const detail = await finish(learner.token, attempt.id);
    expect(detail.questions).toHaveLength(5);
    for (const q of detail.questions) {
      expect(q.optionExplanations).toEqual(shown[q.position]!.map((text) => `Why: ${text}`));
      expect(q.learnMore?.sectionId).toBe(SECTION);
    }
    const french = await callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${attempt.id}`, {
      token: learner.token,
      headers: FR,
    });
    for (const q of french.attempt.questions) {
      expect(q.optionExplanations).toEqual(
        q.choices.map((choice) => `Pourquoi : ${choice.text.replace(/^FR /, '')}`),
      );
      expect(q.learnMore?.title).toBe('Les feux vus la nuit');
    }
  });

  it('leads nowhere rather than to a module a learner cannot open, and says nothing it lacks', async () => {
    await nightModule('draft');
    const bank = await seedBank({ airspace: 5 });
    await explainBank(bank.slice(0, 4).map((row) => row.id));
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const detail = await (async () => {
      await answerEvery(learner.token, attempt.id);
      return finish(learner.token, attempt.id);
    })();
    const bare = detail.questions.find((q) => q.questionId === bank[4]!.id)!;
    expect(bare.optionExplanations).toEqual([]);
    expect(bare.learnMore).toBeNull();
    const explained = detail.questions.filter((q) => q.questionId !== bank[4]!.id);
    expect(explained.every((q) => q.optionExplanations?.length === 4)).toBe(true);
    // The module is a draft: no learner can open it, so no link leads there.
    expect(explained.map((q) => q.learnMore)).toEqual(explained.map(() => null));
  });
});

async function answerEvery(token: string, attemptId: string) {
  let question = await currentQuestion(token, attemptId);
  for (;;) {
    await answer(token, attemptId, { questionId: question.question.id, selectedIndex: 0 });
    if (!question.canGoForward) return;
    question = await navigate(token, attemptId, question.questionIndex + 1);
  }
}
