import { describe, expect, it } from 'vitest';
import { callOk, testDb } from '../../test/helpers.ts';
import { questions, studyModules } from '../db/schema.ts';

describe('GET /api/statistics', () => {
  it('counts published modules and active questions from the database', async () => {
    const db = testDb();
    const now = Date.now();
    await db.insert(studyModules).values([
      {
        id: 'm1',
        slug: 'one',
        title: 'One',
        description: 'd',
        status: 'published',
        createdAt: now,
        updatedAt: now,
      },
      {
        id: 'm2',
        slug: 'two',
        title: 'Two',
        description: 'd',
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      },
    ]);
    const question = (id: string, category: 'airspace' | 'operations', isActive: boolean) => ({
      id,
      question: `Question ${id}?`,
      optionsJson: '["a","b"]',
      correctAnswer: 0,
      category,
      isActive,
      stemHash: id,
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(questions).values([
      question('q1', 'airspace', true),
      question('q2', 'airspace', true),
      question('q3', 'operations', true),
      question('q4', 'operations', false),
      // Advanced-only (issue 28): counted for Advanced, never for Basic.
      { ...question('q5', 'airspace', true), examsMask: 2 },
    ]);
    const data = await callOk<{
      publishedModules: number;
      activeQuestions: number;
      questionsByCategory: { category: string; count: number }[];
      questionsByExam: Record<string, { category: string; count: number }[]>;
    }>('/api/statistics');
    expect(data.publishedModules).toBe(1);
    expect(data.activeQuestions).toBe(4);
    expect(data.questionsByCategory).toContainEqual({ category: 'airspace', count: 3 });
    expect(data.questionsByExam.basic).toContainEqual({ category: 'airspace', count: 2 });
    expect(data.questionsByExam.advanced).toContainEqual({ category: 'airspace', count: 3 });
    expect(data.questionsByExam.basic).toContainEqual({ category: 'operations', count: 1 });
    expect(data.questionsByCategory).toContainEqual({ category: 'operations', count: 1 });
    expect(data.questionsByCategory).toContainEqual({ category: 'human-factors', count: 0 });
  });
});
