/**
 * The API in French (issue 19): a French request gets its messages, its content and its emails in
 * French, with English where no French exists; the same schemas and the same data serve both.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminModule, AdminQuestion } from '@drone-exam/shared/schemas/content';
import type { AttemptDetail } from '@drone-exam/shared/schemas/quiz';
import type { StudyModule, StudySearchResult } from '@drone-exam/shared/schemas/study';
import { expectWithinBudget } from '../../test/budget.ts';
import { call, callOk, signedInUser, testDb, waitForEmail } from '../../test/helpers.ts';
import { questions, users } from '../db/schema.ts';
import {
  answerAll,
  currentQuestion,
  finish,
  premiumLearner,
  seedBank,
  startAttempt,
} from '../quiz/testing.ts';
import { createModule } from '../study/test-modules.ts';

const FR = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };

/** The slugs a French search finds. */
const search = (q: string) =>
  callOk<{ results: StudySearchResult[] }>(
    `/api/study-materials/search?q=${encodeURIComponent(q)}`,
    { headers: FR },
  ).then((data) => data.results.map((r) => r.slug).sort());

/** Gives every question of the test bank its French: the English with "[fr]" before each text. */
async function translateBank() {
  const db = testDb();
  const rows = await db.select().from(questions);
  await db.batch(
    rows.map((row) =>
      db
        .update(questions)
        .set({
          questionFr: `[fr] ${row.question}`,
          optionsFrJson: JSON.stringify(
            (JSON.parse(row.optionsJson) as string[]).map((o) => `[fr] ${o}`),
          ),
          explanationFr: `[fr] ${row.explanation}`,
        })
        .where(eq(questions.id, row.id)),
    ) as [never, ...never[]],
  );
}

describe('messages by the request’s language', () => {
  it('answers validation errors and refusals in French, from the same schemas', async () => {
    const refused = await call('/api/auth/register', {
      headers: FR,
      body: { firstName: ' ', lastName: 'Pilote', email: 'nope', password: 'short' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      success: false,
      fields: {
        firstName: 'Le prénom est requis',
        email: 'Veuillez entrer une adresse courriel valide',
        password: 'Le mot de passe doit contenir au moins 8 caractères',
      },
    });
    expect(refused.headers.get('content-language')).toBe('fr-CA');
    const english = await call('/api/auth/register', {
      body: { firstName: ' ', lastName: 'Pilot', email: 'nope', password: 'short' },
    });
    expect(english.json).toMatchObject({ fields: { firstName: 'First name is required' } });

    const wrong = await call('/api/auth/login', {
      headers: FR,
      body: { email: 'nobody@example.com', password: 'whatever-it-is' },
    });
    expect(wrong.json).toMatchObject({ error: 'Adresse courriel ou mot de passe invalide' });
    const unknownField = await call('/api/auth/login', {
      headers: FR,
      body: { email: 'a@b.c', password: 'x', extra: true },
    });
    expect(unknownField.json).toMatchObject({ error: expect.stringContaining('Clé non reconnue') });
  });
});

describe('content by the request’s language', () => {
  const FRENCH = {
    title: 'Espace aérien',
    description: 'Les classes d’espace aérien.',
    body: '# Espace aérien\n\n## Sécurité\n\nLa sécurité d’abord, à 122 m (400 pi).',
  };

  it('serves a module’s French, English where it has none, each language cached apart', async () => {
    await createModule({ slug: 'airspace', title: 'Airspace', french: FRENCH });
    await createModule({ slug: 'weather', title: 'Weather' });
    const fr = await callOk<{ module: StudyModule }>('/api/study/slug/airspace', { headers: FR });
    expect(fr.module).toMatchObject({ title: 'Espace aérien', locale: 'fr' });
    expect(fr.module.contentHtml).toContain('La sécurité d’abord');
    expect(fr.module.toc.map((entry) => entry.title)).toEqual(['Espace aérien', 'Sécurité']);
    // The English copy of the same slug is cached under its own key.
    const en = await callOk<{ module: StudyModule }>('/api/study/slug/airspace');
    expect(en.module).toMatchObject({ title: 'Airspace', locale: 'en' });
    const fallback = await callOk<{ module: StudyModule }>('/api/study/slug/weather', {
      headers: FR,
    });
    expect(fallback.module).toMatchObject({ title: 'Weather', locale: 'en' });
    const list = await callOk<{ modules: StudyModule[] }>('/api/study', { headers: FR });
    expect(list.modules.map((m) => m.title).sort()).toEqual(['Espace aérien', 'Weather']);
    await expectWithinBudget(() => callOk('/api/study/slug/airspace', { headers: FR }));
  });

  it('searches the French with accents folded: securite finds sécurité, and the reverse', async () => {
    await createModule({ slug: 'airspace', title: 'Airspace', french: FRENCH });
    await createModule({
      slug: 'operations',
      title: 'Operations',
      french: {
        title: 'Opérations',
        description: 'Voler',
        body: '# Opérations\n\nLa securite au sol.',
      },
    });
    expect(await search('securite')).toEqual(['airspace', 'operations']);
    expect(await search('sécurité')).toEqual(['airspace', 'operations']);
    const english = await callOk<{ results: StudySearchResult[] }>(
      '/api/study-materials/search?q=securite',
    );
    expect(english.results).toEqual([]);
    await expectWithinBudget(() =>
      callOk('/api/study-materials/search?q=s%C3%A9curit%C3%A9', { headers: FR }),
    );
  });
});

describe('a quiz in French', () => {
  it('asks and reviews in the learner’s language, with the same answers and score in both', async () => {
    await seedBank({ operations: 5 });
    await translateBank();
    const learner = await premiumLearner();
    const attempt = await startAttempt(learner.token, { mode: 'study', questionCount: 5 });
    const first = await callOk<Awaited<ReturnType<typeof currentQuestion>>>(
      `/api/quiz/attempt/${attempt.id}/question`,
      { token: learner.token, headers: FR },
    );
    expect(first.question.stem).toMatch(/^\[fr\] /);
    expect(first.question.choices.every((c) => c.text.startsWith('[fr] '))).toBe(true);
    // Answers in English (the helper reads the English choices): the indexes are the same.
    const right = await answerAll(learner.token, attempt.id, (i) => i % 2 === 0);
    expect(right).toBe(3);
    const done = await finish(learner.token, attempt.id);
    const inFrench = await callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${attempt.id}`, {
      token: learner.token,
      headers: FR,
    });
    expect(inFrench.attempt.score).toBe(done.score);
    expect(inFrench.attempt.questions.map((q) => q.isCorrect)).toEqual(
      done.questions.map((q) => q.isCorrect),
    );
    for (const [i, question] of inFrench.attempt.questions.entries()) {
      const english = done.questions[i]!;
      expect(question.stem).toBe(`[fr] ${english.stem}`);
      expect(question.choices.map((c) => c.text)).toEqual(
        english.choices.map((c) => `[fr] ${c.text}`),
      );
      expect(question.correctAnswer).toBe(english.correctAnswer);
      expect(question.explanation).toBe(`[fr] ${english.explanation}`);
    }

    // A later correction of the French is a new version: this attempt still shows what it asked.
    const db = testDb();
    await db.update(questions).set({ questionFr: 'Corrigée plus tard' });
    const later = await callOk<{ attempt: AttemptDetail }>(`/api/quiz/attempt/${attempt.id}`, {
      token: learner.token,
      headers: FR,
    });
    expect(later.attempt.questions.map((q) => q.stem)).toEqual(
      inFrench.attempt.questions.map((q) => q.stem),
    );
  });
});

describe('emails by the reader’s language', () => {
  it('writes the verification email of a French registration in French, with a /fr link', async () => {
    const email = 'pilote@example.com';
    await callOk('/api/auth/register', {
      headers: FR,
      body: { firstName: 'Élise', lastName: 'Tremblay', email, password: 'MotDePasse123!' },
    });
    const sent = await waitForEmail(email, 'verification');
    expect(sent.subject).toBe('Vérifiez votre adresse courriel pour DroneCert Prep');
    expect(sent.text).toContain('Bonjour Élise,');
    expect(sent.text).toMatch(/\/fr\/verify-email\?token=/);
    expect(sent.html).toContain('<html lang="fr-CA">');
    const [user] = await testDb().select().from(users).where(eq(users.email, email));
    expect(user!.locale).toBe('fr');
  });

  it('records the language the switcher chooses, for the account’s later emails', async () => {
    const learner = await signedInUser();
    const chosen = await callOk<{ user: { locale: string } }>('/api/auth/locale', {
      method: 'PUT',
      token: learner.token,
      body: { locale: 'fr' },
    });
    expect(chosen.user.locale).toBe('fr');
    const refused = await call('/api/auth/locale', {
      method: 'PUT',
      token: learner.token,
      headers: FR,
      body: { locale: 'de' },
    });
    expect(refused.json).toMatchObject({ fields: { locale: 'La langue doit être en ou fr' } });
  });
});

describe('the French in the admin console', () => {
  it('marks a question’s French missing, current, then older than the English', async () => {
    await seedBank({ operations: 1 });
    const admin = await signedInUser({ role: 'admin' });
    const id = 'operations-001';
    const read = () =>
      callOk<{ question: AdminQuestion }>(`/api/admin/questions/${id}`, { token: admin.token });
    expect((await read()).question).toMatchObject({ french: null, frenchStatus: 'missing' });
    const original = (await read()).question;
    const saved = await callOk<{ question: AdminQuestion }>(`/api/admin/questions/${id}/french`, {
      method: 'PUT',
      token: admin.token,
      body: { question: 'En français?', options: ['A', 'B', 'C', 'D'], explanation: 'Parce que.' },
    });
    expect(saved.question).toMatchObject({
      frenchStatus: 'current',
      version: original.version + 1,
    });
    const wrongCount = await call(`/api/admin/questions/${id}/french`, {
      method: 'PUT',
      token: admin.token,
      body: { question: 'En français?', options: ['A', 'B'], explanation: '' },
    });
    expect(wrongCount.status).toBe(400);
    await callOk(`/api/admin/questions/${id}`, {
      method: 'PUT',
      token: admin.token,
      body: {
        question: `${original.question} (edited)`,
        options: original.options,
        correctAnswer: original.correctAnswer,
        explanation: original.explanation,
        category: original.category,
      },
    });
    expect((await read()).question.frenchStatus).toBe('outdated');
  });

  it('saves a module’s French, rendered, and marks it older after an English edit', async () => {
    const module = await createModule({ slug: 'airspace', title: 'Airspace' });
    const admin = await signedInUser({ role: 'admin' });
    const saved = await callOk<{ module: AdminModule }>(`/api/admin/modules/${module.id}/french`, {
      method: 'PUT',
      token: admin.token,
      body: {
        title: 'Espace aérien',
        description: 'Les classes.',
        bodyMarkdown: '# Espace\n\nTexte.',
      },
    });
    expect(saved.module).toMatchObject({
      frenchStatus: 'current',
      french: { title: 'Espace aérien', bodyMarkdown: '# Espace\n\nTexte.' },
    });
    const fr = await callOk<{ module: StudyModule }>('/api/study/slug/airspace', { headers: FR });
    expect(fr.module.contentHtml).toContain('Texte.');
    await callOk(`/api/study/${module.id}`, {
      method: 'PUT',
      token: admin.token,
      body: {
        title: 'Airspace',
        slug: 'airspace',
        description: 'About airspace, edited',
        content: module.bodyMarkdown,
        status: 'published',
      },
    });
    const after = await callOk<{ module: AdminModule }>(`/api/admin/modules/${module.id}`, {
      token: admin.token,
    });
    expect(after.module.frenchStatus).toBe('outdated');
  });
});
