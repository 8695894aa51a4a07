import { describe, expect, it } from 'vitest';
import type { ClassSummary, Roster } from '@drone-exam/shared/schemas/classes';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/schemas/quiz-values';
import { callOk, createUser, signedInUser, testDb } from '../../test/helpers.ts';
import { expectWithinBudget } from '../../test/budget.ts';
import { classAssignments, classes, classMembers, learnerCategories } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { answerWeight } from '../learning/model.ts';
import { createModule } from '../study/test-modules.ts';

/**
 * A full class: 200 members, each with every area answered, and one assignment of each kind.
 * Members are written straight to the tables (signing in 200 learners would only slow the test).
 */
async function fullClass() {
  const instructor = await signedInUser();
  const { class: created } = await callOk<{ class: ClassSummary }>('/api/classes', {
    token: instructor.token,
    body: { name: 'Full house', exam: 'basic' },
  });
  const db = testDb();
  const now = Date.now();
  const members = await Promise.all(Array.from({ length: 200 }, () => createUser()));
  const weight = answerWeight(now);
  for (let i = 0; i < members.length; i += 10) {
    const slice = members.slice(i, i + 10);
    // D1 binds at most 100 values a statement: one insert per member's areas.
    await db.batch([
      db
        .insert(classMembers)
        .values(slice.map((m) => ({ classId: created.id, userId: m.id, joinedAt: now }))),
      ...slice.map((m) =>
        db.insert(learnerCategories).values(
          QUESTION_CATEGORIES.map((category) => ({
            userId: m.id,
            category,
            answers: 10,
            correct: 7,
            questions: 10,
            weightedAnswers: 10 * weight,
            weightedCorrect: 7 * weight,
            lastAnsweredAt: now,
          })),
        ),
      ),
    ]);
  }
  const module = await createModule({ slug: 'budget-module' });
  await db.insert(classAssignments).values(
    (['read-module', 'timed-exam', 'practise-topic'] as const).map((kind) => ({
      id: newId(),
      classId: created.id,
      kind,
      moduleId: kind === 'read-module' ? module.id : null,
      moduleSlug: kind === 'read-module' ? module.slug : null,
      category: kind === 'practise-topic' ? ('airspace' as const) : null,
      questionCount: kind === 'practise-topic' ? 10 : null,
      dueAt: now + 86_400_000,
      createdAt: now,
    })),
  );
  const { eq } = await import('drizzle-orm');
  await db.update(classes).set({ memberCount: 200 }).where(eq(classes.id, created.id));
  return { instructor, created };
}

describe('classes calls stay within the D1 budget', () => {
  it('the roster of a class of 200 (sorted, paged) and the learner’s list, in at most 2 round trips', async () => {
    const { instructor, created } = await fullClass();
    const token = instructor.token;
    let read: Roster | undefined;
    await expectWithinBudget(async () => {
      read = await callOk<Roster>(`/api/classes/${created.id}/roster?sort=passProbability`, {
        token,
      });
    });
    expect(read!.pagination.totalItems).toBe(200);
    expect(read!.students[0]!.passProbability).toBeGreaterThan(0);
    await expectWithinBudget(() =>
      callOk(`/api/classes/${created.id}/roster?page=8&sort=assignmentsDone&order=desc`, { token }),
    );
    await expectWithinBudget(() => callOk('/api/classes', { token }));
    await expectWithinBudget(() => callOk('/api/classes?teachingPage=2&memberPage=3', { token }));
  });

  it('a purchase seats a class of 200, and a joiner takes a seat, each in at most 2 round trips', async () => {
    const { instructor, created } = await fullClass();
    const token = instructor.token;
    const seatCheckout = async (classId: string, seats: number) =>
      (
        await callOk<{ id: string }>(`/api/classes/${classId}/seats/checkout`, {
          token,
          body: { seats },
        })
      ).id;
    const full = await seatCheckout(created.id, 200);
    await expectWithinBudget(() =>
      callOk(`/api/payments/dev-checkout/${full}/pay`, { token, method: 'POST' }),
    );
    const roster = await callOk<Roster>(`/api/classes/${created.id}/roster`, { token });
    expect(roster.class.seats).toEqual({ bought: 200, used: 200, left: 0 });

    const { class: small } = await callOk<{ class: ClassSummary }>('/api/classes', {
      token,
      body: { name: 'Small house', exam: 'basic' },
    });
    const one = await seatCheckout(small.id, 1);
    await callOk(`/api/payments/dev-checkout/${one}/pay`, { token, method: 'POST' });
    const joiner = await signedInUser();
    await expectWithinBudget(() =>
      callOk('/api/classes/join', {
        token: joiner.token,
        body: { code: small.code, consent: true },
      }),
    );
    const after = await callOk<Roster>(`/api/classes/${small.id}/roster`, { token });
    expect(after.class.seats).toEqual({ bought: 1, used: 1, left: 0 });
  });
});
