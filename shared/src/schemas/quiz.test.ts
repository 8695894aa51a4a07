import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation.ts';
import { AnswerSchema, AttemptListQuerySchema, CreateAttemptSchema } from './quiz.ts';
import { QUESTION_CATEGORIES } from './quiz-values.ts';

const answerErrorsOf = (input: unknown) => {
  const result = AnswerSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

const errorsOf = (input: unknown) => {
  const result = CreateAttemptSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('CreateAttemptSchema (the quiz setup form and POST /api/quiz/attempt)', () => {
  it('defaults study mode to 25 untimed questions from every category', () => {
    expect(CreateAttemptSchema.parse({ mode: 'study' })).toEqual({
      mode: 'study',
      exam: 'basic',
      questionCount: 25,
      timeLimit: null,
      categories: [...QUESTION_CATEGORIES],
      source: 'all',
      attemptId: null,
      only: 'incorrect',
    });
  });

  it('accepts its own output again, as the learner app forwards a checked form to the API', () => {
    for (const input of [
      { mode: 'study' },
      { mode: 'timed', timeLimit: '60', categories: ['airspace'] },
      { mode: 'find', questionCount: '5' },
      { mode: 'study', source: 'attempt', attemptId: 'abc123', only: 'flagged' },
    ]) {
      const checked = CreateAttemptSchema.parse(input);
      expect(CreateAttemptSchema.parse(checked)).toEqual(checked);
    }
  });

  it('leaves exam mode’s count and time to the exam’s record (Basic: 35 in 90 minutes)', () => {
    expect(CreateAttemptSchema.parse({ mode: 'timed' })).toMatchObject({
      exam: 'basic',
      questionCount: null,
      timeLimit: null,
    });
    expect(CreateAttemptSchema.parse({ mode: 'timed', exam: 'advanced' })).toMatchObject({
      exam: 'advanced',
    });
  });

  it('reads the form’s strings and drops repeated categories', () => {
    expect(
      CreateAttemptSchema.parse({
        mode: 'timed',
        questionCount: '35',
        timeLimit: '60',
        categories: ['airspace', 'operations', 'airspace'],
      }),
    ).toEqual({
      mode: 'timed',
      exam: 'basic',
      questionCount: 35,
      timeLimit: 60,
      categories: ['airspace', 'operations'],
      source: 'all',
      attemptId: null,
      only: 'incorrect',
    });
    expect(
      CreateAttemptSchema.parse({ mode: 'study', questionCount: '', timeLimit: '' }),
    ).toMatchObject({
      questionCount: 25,
      timeLimit: null,
    });
  });

  it('explains every bad field', () => {
    expect(errorsOf({})).toEqual({ mode: 'Choose Study Mode, Exam Mode or Find it' });
    expect(errorsOf({ mode: 'study', questionCount: '3' })).toEqual({
      questionCount: 'Choose between 5 and 50 questions',
    });
    expect(errorsOf({ mode: 'study', questionCount: 'ten' })).toEqual({
      questionCount: 'Choose between 5 and 50 questions',
    });
    expect(errorsOf({ mode: 'timed', timeLimit: 30 })).toEqual({
      timeLimit: 'Choose a time limit of 90 or 60 minutes',
    });
    expect(errorsOf({ mode: 'study', timeLimit: 90 })).toEqual({
      timeLimit: 'Study mode has no time limit',
    });
    expect(errorsOf({ mode: 'study', categories: [] })).toEqual({
      categories: 'Choose at least one category',
    });
  });
});

describe('the other quiz payloads', () => {
  it('answers need a question and one of the four choices; time defaults to 0', () => {
    expect(AnswerSchema.parse({ questionId: 'q1', selectedIndex: 3 })).toEqual({
      questionId: 'q1',
      selectedIndex: 3,
      timeSpent: 0,
    });
    expect(AnswerSchema.safeParse({ questionId: 'q1', selectedIndex: 4 }).success).toBe(false);
    expect(AnswerSchema.safeParse({ questionId: '', selectedIndex: 0 }).success).toBe(false);
  });

  it('a Find-it answer names a section instead; naming both, neither or half of a section is refused', () => {
    expect(
      AnswerSchema.parse({ questionId: 'q1', moduleSlug: 'airspace', sectionId: 'classes' }),
    ).toEqual({
      questionId: 'q1',
      section: { moduleSlug: 'airspace', sectionId: 'classes' },
      timeSpent: 0,
    });
    const either = {
      selectedIndex:
        'Answer with selectedIndex, or in a Find-it drill with the section found (moduleSlug and sectionId)',
    };
    expect(answerErrorsOf({ questionId: 'q1' })).toEqual(either);
    expect(
      answerErrorsOf({
        questionId: 'q1',
        selectedIndex: 0,
        moduleSlug: 'airspace',
        sectionId: 'classes',
      }),
    ).toEqual(either);
    expect(answerErrorsOf({ questionId: 'q1', moduleSlug: 'airspace' })).toEqual({
      sectionId: 'Name the section found by its moduleSlug and its sectionId',
    });
    expect(
      answerErrorsOf({ questionId: 'q1', moduleSlug: 'airspace', sectionId: 'Not An Id' }),
    ).toEqual({
      sectionId: 'Section id must be lowercase words joined by hyphens',
    });
  });

  it('Find it defaults to 10 untimed questions from the whole bank, and takes no time limit or pool', () => {
    expect(CreateAttemptSchema.parse({ mode: 'find' })).toMatchObject({
      mode: 'find',
      questionCount: 10,
      timeLimit: null,
      source: 'all',
    });
    expect(errorsOf({ mode: 'find', timeLimit: 90 })).toEqual({
      timeLimit: 'Find it has no time limit',
    });
    expect(errorsOf({ mode: 'find', source: 'incorrect' })).toEqual({
      source: 'Find it draws from the whole question bank',
    });
  });

  it('attempt lists are paginated at the attempts page size and filter by status', () => {
    expect(AttemptListQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(AttemptListQuerySchema.parse({ status: 'abandoned', page: '2' })).toMatchObject({
      status: 'abandoned',
      page: 2,
    });
    expect(AttemptListQuerySchema.safeParse({ status: 'paused' }).success).toBe(false);
  });
});
