import { exports as worker } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { checkImportFile } from '@drone-exam/shared/question-import';
import type { AdminQuestion } from '@drone-exam/shared/schemas/content';
import type { QuestionFigure } from '@drone-exam/shared/schemas/figure';
import type { QuestionAnalysis } from '@drone-exam/shared/schemas/quality';
import type {
  AttemptDetail,
  AttemptSummary,
  CurrentQuestion,
  QuestionSampleItem,
} from '@drone-exam/shared/schemas/quiz';
import { call, callOk, signedInUser } from '../../test/helpers.ts';
import { adminToken, countRows, createQuestion, sampleQuestion } from './test-fixtures.ts';

const FR = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };

const drawing = (label: string): QuestionFigure => ({
  kind: 'svg',
  content: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect width="200" height="100" fill="#fff"/><text x="10" y="50" font-family="sans-serif" font-size="16">${label}</text></svg>`,
  alt: 'A square field with a label in its middle.',
});
const METAR: QuestionFigure = {
  kind: 'text',
  format: 'metar',
  content: 'METAR CZZX 251800Z 27015G25KT 3SM -SN BKN012 OVC030 M02/M05 A2992',
  alt: 'A METAR for the invented aerodrome CZZX.',
};

describe('a question with a figure', () => {
  it('is stored with its figure, and a learner sees it in the quiz and the review, in French too', async () => {
    const token = await adminToken();
    const frenchAlt = 'Un champ carré avec une étiquette au centre.';
    const bank: AdminQuestion[] = [];
    for (let n = 1; n <= 5; n++) {
      const question = await createQuestion(token, n, { figure: drawing('CLASS C') });
      expect(question.figure).toEqual(drawing('CLASS C'));
      const french = await callOk<{ question: AdminQuestion }>(
        `/api/admin/questions/${question.id}/french`,
        {
          token,
          method: 'PUT',
          body: {
            question: `Question exemple numéro ${n} : quelle est l’altitude maximale?`,
            options: ['400 pi AGL', '500 pi AGL', '122 m au-dessus de l’obstacle', '1000 pi AGL'],
            explanation: 'Le RAC 901.25 limite les opérations de base à 400 pi (122 m).',
            figure: { alt: frenchAlt, content: drawing('CLASSE C').content },
          },
        },
      );
      expect(french.question.french?.figure).toEqual({
        alt: frenchAlt,
        content: drawing('CLASSE C').content,
      });
      bank.push(question);
    }

    const learner = await signedInUser({ premiumUntil: Date.now() + 86_400_000 });
    const { attempt } = await callOk<{ attempt: AttemptSummary }>('/api/quiz/attempt', {
      token: learner.token,
      body: { mode: 'study', questionCount: 5, categories: ['air-law-regulations'] },
    });
    const current = await callOk<CurrentQuestion>(`/api/quiz/attempt/${attempt.id}/question`, {
      token: learner.token,
    });
    expect(current.question.figure).toEqual(drawing('CLASS C'));
    const inFrench = await callOk<CurrentQuestion>(`/api/quiz/attempt/${attempt.id}/question`, {
      token: learner.token,
      headers: FR,
    });
    expect(inFrench.question.figure).toEqual({ ...drawing('CLASSE C'), alt: frenchAlt });

    // The admin changes a drawing: the attempt's review keeps the one the learner answered on.
    await callOk(`/api/admin/questions/${bank[0]!.id}`, {
      token,
      method: 'PUT',
      body: sampleQuestion(1, { figure: drawing('CLASS D') }),
    });
    const { attempt: review } = await callOk<{ attempt: AttemptDetail }>(
      `/api/quiz/attempt/${attempt.id}/finish`,
      { token: learner.token, body: {} },
    );
    expect(review.questions.map((q) => q.figure)).toEqual(
      Array.from({ length: 5 }, () => drawing('CLASS C')),
    );
    const sample = await callOk<{ questions: QuestionSampleItem[] }>(
      '/api/quiz/questions?category=air-law-regulations&count=5',
      { token },
    );
    expect(sample.questions.find((q) => q.id === bank[0]!.id)?.figure).toEqual(drawing('CLASS D'));
    // The item analysis shows the admin the figure the statistics are about.
    const analysis = await callOk<QuestionAnalysis>(
      `/api/admin/questions/${bank[0]!.id}/analysis`,
      { token },
    );
    expect(analysis.question.figure).toEqual(drawing('CLASS D'));
  });

  it('refuses a drawing that could run or load anything, and a figure without a text alternative', async () => {
    const token = await adminToken();
    const cases: Array<[Partial<QuestionFigure>, string, string]> = [
      [
        { content: drawing('x').content.replace('<rect', '<script>alert(1)</script><rect') },
        'figure.content',
        'The drawing may not use <script>: only shapes, text and paint',
      ],
      [
        { content: drawing('x').content.replace('<rect', '<rect onload="alert(1)"') },
        'figure.content',
        'The drawing may not carry event handlers',
      ],
      // A "/" before the handler: browsers still read it as an attribute of the rect.
      [
        { content: drawing('x').content.replace('<rect', '<rect/onclick=alert(1)') },
        'figure.content',
        'The drawing may not carry event handlers',
      ],
      [
        { content: drawing('x').content.replace('<rect', '<rect style="fill:url(x.svg)"') },
        'figure.content',
        'The drawing may not use the attribute style',
      ],
      [
        {
          content: drawing('x').content.replace(
            '<rect',
            '<use href="https://example.com/a.svg#b"/><rect',
          ),
        },
        'figure.content',
        'The drawing may only link within itself (#id)',
      ],
      [
        { content: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>' },
        'figure.content',
        'The drawing needs a viewBox so it can scale',
      ],
      [
        { alt: '' },
        'figure.alt',
        'Describe the figure in at least 10 characters (its text alternative)',
      ],
    ];
    for (const [change, field, message] of cases) {
      const { status, json } = await call('/api/admin/questions', {
        token,
        body: sampleQuestion(1, { figure: { ...drawing('x'), ...change } }),
      });
      expect(status, message).toBe(400);
      expect(json).toMatchObject({ success: false, fields: { [field]: message } });
    }
    expect(await countRows('questions')).toBe(0);
  });

  it('keeps a report as issued: no French copy of a METAR, and no French figure without an English one', async () => {
    const token = await adminToken();
    const report = await createQuestion(token, 1, { figure: METAR });
    const plain = await createQuestion(token, 2, {});
    const french = {
      question: 'Question exemple : quel vent?',
      options: ['400 pi AGL', '500 pi AGL', '122 m', '1000 pi AGL'],
      explanation: 'Une explication.',
    };
    const copy = await call(`/api/admin/questions/${report.id}/french`, {
      token,
      method: 'PUT',
      body: { ...french, figure: { alt: 'Un METAR pour CZZX.', content: drawing('x').content } },
    });
    expect(copy.status).toBe(400);
    expect(copy.json).toMatchObject({
      fields: { figure: 'Only a drawing has a French copy; a report stays as issued' },
    });
    const orphan = await call(`/api/admin/questions/${plain.id}/french`, {
      token,
      method: 'PUT',
      body: { ...french, figure: { alt: 'Une figure qui n’existe pas.' } },
    });
    expect(orphan.status).toBe(400);
    expect(orphan.json).toMatchObject({
      fields: { figure: 'The English question has no figure to describe' },
    });

    // Taking the figure away takes its French with it.
    await callOk(`/api/admin/questions/${report.id}/french`, {
      token,
      method: 'PUT',
      body: { ...french, figure: { alt: 'Un METAR pour l’aérodrome CZZX.' } },
    });
    const { question } = await callOk<{ question: AdminQuestion }>(
      `/api/admin/questions/${report.id}`,
      { token, method: 'PUT', body: sampleQuestion(1, { figure: null }) },
    );
    expect(question.figure).toBeNull();
    expect(question.french?.figure).toBeUndefined();
  });

  it('travels in JSON and CSV exports, and an exported file imports back with its figure', async () => {
    const token = await adminToken();
    await createQuestion(token, 1, { figure: METAR });
    const exported = new Map<string, string>();
    for (const format of ['json', 'csv'] as const) {
      const response = await worker.default.fetch(
        new Request(`http://app.test/api/admin/questions/export?format=${format}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      exported.set(format, await response.text());
    }
    for (const [format, file] of exported) {
      // Reworded, so the import is not refused as a duplicate of the question exported.
      const text = file.replace('Sample question number 1', `Again in ${format}`);
      const checked = checkImportFile(`bank.${format}`, text);
      if (!checked.ok) throw new Error(checked.error);
      expect(checked.questions[0]!.figure).toEqual(METAR);
      await callOk('/api/admin/questions/bulk-import', {
        token,
        body: { questions: checked.questions },
      });
    }
    const { questions } = await callOk<{ questions: AdminQuestion[] }>(
      '/api/admin/questions?search=again',
      { token },
    );
    expect(questions.map((q) => q.figure)).toEqual([METAR, METAR]);
  });
});
