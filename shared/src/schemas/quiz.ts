import { z } from 'zod';
import { blankToUndefined, PageQuerySchema } from './common.ts';
import type { QuestionFigure } from './figure.ts';
import {
  ATTEMPT_STATUSES,
  type AttemptStatus,
  DIFFICULTIES,
  type Difficulty,
  EXAM_TIME_LIMIT_OPTIONS_MINUTES,
  FIND_MODE_QUESTIONS,
  IMPORT_MAX_OPTIONS,
  PAGE_SIZE_ATTEMPTS,
  PRACTICE_MODES,
  PRACTICE_SOURCES,
  QUESTION_CATEGORIES,
  QUESTION_SAMPLE_DEFAULT,
  QUESTION_SAMPLE_MAX,
  QUIZ_MAX_QUESTIONS,
  QUIZ_MIN_QUESTIONS,
  type QuestionCategory,
  type QuizMode,
  RETAKE_CHOICES,
  STUDY_MODE_QUESTIONS,
} from './quiz-values.ts';
import { ExamIdSchema, LearnMoreRefSchema, type LearnMore } from './exam.ts';
import { DEFAULT_EXAM, type ExamId } from './exam-values.ts';

/** Form fields arrive as strings and an untouched one as ''; both mean "not given". */

const QUESTION_COUNT_MESSAGE = `Choose between ${QUIZ_MIN_QUESTIONS} and ${QUIZ_MAX_QUESTIONS} questions`;
const TIME_LIMIT_MESSAGE = `Choose a time limit of ${EXAM_TIME_LIMIT_OPTIONS_MINUTES.join(' or ')} minutes`;

/**
 * POST /api/quiz/attempt and the /practice setup form. Study mode: 25 questions by default, no
 * timer. Exam mode: 35 questions by default under 90 minutes (60 offered). Find it (issue 29): 10
 * questions by default, no timer, from the whole bank. Categories default to all seven.
 */
export const CreateAttemptSchema = z
  .strictObject({
    mode: z.enum(PRACTICE_MODES, { error: 'Choose Study Mode, Exam Mode or Find it' }),
    questionCount: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: QUESTION_COUNT_MESSAGE })
        .int(QUESTION_COUNT_MESSAGE)
        .min(QUIZ_MIN_QUESTIONS, QUESTION_COUNT_MESSAGE)
        .max(QUIZ_MAX_QUESTIONS, QUESTION_COUNT_MESSAGE)
        .optional(),
    ),
    timeLimit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: TIME_LIMIT_MESSAGE })
        .refine(
          (minutes) => (EXAM_TIME_LIMIT_OPTIONS_MINUTES as readonly number[]).includes(minutes),
          TIME_LIMIT_MESSAGE,
        )
        .optional(),
    ),
    categories: z
      .array(
        z.enum(QUESTION_CATEGORIES, {
          error: `Categories must be among: ${QUESTION_CATEGORIES.join(', ')}`,
        }),
        { error: 'Categories must be a list' },
      )
      .min(1, 'Choose at least one category')
      .optional(),
    /** Which questions to draw from (issue 16): the whole bank or one of the learner's pools. */
    source: z.preprocess(
      blankToUndefined,
      z
        .enum(PRACTICE_SOURCES, { error: `Source must be one of: ${PRACTICE_SOURCES.join(', ')}` })
        .default('all'),
    ),
    /** With source "attempt": the attempt to retake, and which of its questions. */
    attemptId: z.preprocess(blankToUndefined, z.string().trim().min(1).max(64).optional()),
    only: z.preprocess(
      blankToUndefined,
      z
        .enum(RETAKE_CHOICES, { error: 'Retake incorrect, flagged or all questions' })
        .default('incorrect'),
    ),
    /** The exam practised (issue 28): its questions, and in exam mode its count, time and blueprint. */
    exam: z.preprocess(blankToUndefined, ExamIdSchema.default(DEFAULT_EXAM)),
  })
  .superRefine((input, context) => {
    if ((input.source === 'attempt') !== (input.attemptId !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['attemptId'],
        message: 'Name the attempt to retake (attemptId) with source "attempt", and only then',
      });
    }
    if (input.mode === 'study' && input.timeLimit !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['timeLimit'],
        message: 'Study mode has no time limit',
      });
    }
    if (input.mode === 'find' && input.timeLimit !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['timeLimit'],
        message: 'Find it has no time limit',
      });
    }
    if (input.mode === 'find' && input.source !== 'all') {
      context.addIssue({
        code: 'custom',
        path: ['source'],
        message: 'Find it draws from the whole question bank',
      });
    }
  })
  .transform((input) => ({
    mode: input.mode,
    /**
     * A retake takes every question it names unless told otherwise; null in exam mode means the
     * exam's own count.
     */
    questionCount:
      input.questionCount ??
      (input.source === 'attempt'
        ? QUIZ_MAX_QUESTIONS
        : input.mode === 'timed'
          ? null
          : input.mode === 'find'
            ? FIND_MODE_QUESTIONS
            : STUDY_MODE_QUESTIONS),
    /** Minutes; null in study and find modes, and in exam mode for the exam's own limit. */
    timeLimit: input.mode === 'timed' ? (input.timeLimit ?? null) : null,
    categories: input.categories ? [...new Set(input.categories)] : [...QUESTION_CATEGORIES],
    source: input.source,
    attemptId: input.attemptId ?? null,
    only: input.only,
    exam: input.exam,
  }));
export type CreateAttemptInput = z.input<typeof CreateAttemptSchema>;
export type CreateAttempt = z.output<typeof CreateAttemptSchema>;

const QuestionIdSchema = z
  .string({ error: 'questionId is required' })
  .trim()
  .min(1, 'questionId is required')
  .max(64, 'questionId is too long');

const CHOICE_OR_SECTION =
  'Answer with selectedIndex, or in a Find-it drill with the section found (moduleSlug and sectionId)';

/**
 * POST /api/quiz/attempt/:id/answer. Two shapes: the option chosen (`selectedIndex`), or in a
 * Find-it drill (issue 29) the module section that answers the question (`moduleSlug`,
 * `sectionId`). Which one an attempt takes is the attempt's mode, which the service checks.
 */
export const AnswerSchema = z
  .strictObject({
    questionId: QuestionIdSchema,
    selectedIndex: z
      .number({ error: 'Choose one of the answers' })
      .int('Choose one of the answers')
      .min(0, 'Choose one of the answers')
      .max(IMPORT_MAX_OPTIONS - 1, 'Choose one of the answers')
      .optional(),
    moduleSlug: LearnMoreRefSchema.shape.moduleSlug.optional(),
    sectionId: LearnMoreRefSchema.shape.sectionId.optional(),
    /** Seconds the learner spent on the question; the server caps it at the attempt's age. */
    timeSpent: z
      .number({ error: 'timeSpent must be a number of seconds' })
      .min(0, 'timeSpent must be a number of seconds')
      .default(0),
  })
  .superRefine((input, context) => {
    const section = input.moduleSlug !== undefined || input.sectionId !== undefined;
    if ((input.selectedIndex !== undefined) === section) {
      context.addIssue({ code: 'custom', path: ['selectedIndex'], message: CHOICE_OR_SECTION });
    } else if (section && (input.moduleSlug === undefined || input.sectionId === undefined)) {
      const path = input.moduleSlug === undefined ? 'moduleSlug' : 'sectionId';
      context.addIssue({
        code: 'custom',
        path: [path],
        message: 'Name the section found by its moduleSlug and its sectionId',
      });
    }
  })
  .transform(
    ({ questionId, selectedIndex, moduleSlug, sectionId, timeSpent }) =>
      (selectedIndex === undefined
        ? { questionId, section: { moduleSlug: moduleSlug!, sectionId: sectionId! }, timeSpent }
        : { questionId, selectedIndex, timeSpent }) as AnswerBody,
  );
/** What the answer route passes on: a choice, or a Find-it drill's section. */
export type AnswerBody =
  | { questionId: string; selectedIndex: number; timeSpent: number }
  | { questionId: string; section: { moduleSlug: string; sectionId: string }; timeSpent: number };

export const FlagSchema = z.strictObject({
  questionId: QuestionIdSchema,
  flagged: z.boolean({ error: 'flagged must be true or false' }),
});

export const NavigateSchema = z.strictObject({
  questionIndex: z
    .number({ error: 'questionIndex must be a question number counted from 0' })
    .int('questionIndex must be a question number counted from 0')
    .min(0, 'questionIndex must be a question number counted from 0'),
});

export const AttemptListQuerySchema = PageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_ATTEMPTS),
  status: z.enum(ATTEMPT_STATUSES, { error: 'Unknown attempt status' }).optional(),
});

export const QuestionSampleQuerySchema = z.object({
  category: z.enum(QUESTION_CATEGORIES, { error: 'Unknown category' }).optional(),
  difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }).optional(),
  count: z.coerce
    .number()
    .int()
    .min(1, `count must be between 1 and ${QUESTION_SAMPLE_MAX}`)
    .max(QUESTION_SAMPLE_MAX, `count must be between 1 and ${QUESTION_SAMPLE_MAX}`)
    .default(QUESTION_SAMPLE_DEFAULT),
});

/** An attempt as lists and headers show it (no question content). */
export type AttemptSummary = {
  id: string;
  mode: QuizMode;
  status: AttemptStatus;
  categories: QuestionCategory[];
  questionCount: number;
  answeredCount: number;
  correctCount: number;
  /** Percent, set when the attempt is completed. */
  score: number | null;
  passed: boolean | null;
  /** Seconds. */
  timeSpent: number;
  /** Minutes; null in study mode. */
  timeLimit: number | null;
  deadlineAt: string | null;
  /** A timed attempt whose deadline has passed: the next call scores and closes it. */
  expired: boolean;
  startedAt: string;
  completedAt: string | null;
  lastActivityAt: string;
  /** The exam it practises, and the marks it is judged against (percent), fixed at its start. */
  exam: ExamId;
  passMark: number;
  examPassMark: number;
};

/**
 * One question of an attempt. The correct answer and the explanation are present only once the
 * question is answered or the attempt is closed.
 */
export type AttemptQuestion = {
  position: number;
  questionId: string;
  category: QuestionCategory;
  stem: string;
  imageUrl: string | null;
  /** The chart, diagram or report the question is asked on, in the reader's language. */
  figure: QuestionFigure | null;
  choices: Array<{ text: string }>;
  flagged: boolean;
  timeSpent: number;
  userAnswer: number | null;
  isCorrect: boolean | null;
  correctAnswer: number | null;
  explanation: string | null;
  regulationReference: string | null;
  /** As in RevealedAnswer: null until the question is answered (or the attempt closed). */
  optionExplanations: string[] | null;
  learnMore: LearnMore | null;
  /** The learner's history with the question (every attempt, any mode), shown in reviews. */
  history: QuestionHistory | null;
  /**
   * In a Find-it drill (issue 29), once the item is answered or the drill closed: the section
   * picked (null when none was) and the one that teaches it. Null in every other mode.
   */
  found: FoundSection | null;
};

/** A Find-it item's outcome (issue 29). A section's title is null when it no longer exists. */
export type FoundSection = {
  correct: boolean;
  picked: { moduleSlug: string; sectionId: string; title: string | null } | null;
  learnMore: LearnMore | null;
};

/** A Find-it drill's results (issue 29): how fast the learner finds things, and where they are slow. */
export type FindResults = {
  /** Median seconds to pick a section, over the items picked; null when none was. */
  medianSeconds: number | null;
  /** The topics whose items took longest (median seconds each), slowest first. */
  slowestTopics: Array<{ category: QuestionCategory; medianSeconds: number; items: number }>;
};

/** How many times the learner answered a question, and the latest outcomes (oldest first). */
export type QuestionHistory = { answered: number; outcomes: boolean[] };

export type CategoryScore = {
  category: QuestionCategory;
  total: number;
  correct: number;
  percent: number;
};

/** GET /api/quiz/attempt/:id and POST …/finish: the attempt with its questions (the results view). */
export type AttemptDetail = AttemptSummary & {
  questions: AttemptQuestion[];
  categoryScores: CategoryScore[];
  /** A closed Find-it drill's results; null in every other case. */
  findResults: FindResults | null;
};

export type RevealedAnswer = {
  selectedIndex: number;
  correct: boolean;
  correctAnswer: number;
  explanation: string;
  regulationReference: string | null;
  /**
   * Why each option is right or wrong (issue 29), in the order the learner saw the options and in
   * their language; empty for a question written without them.
   */
  optionExplanations: string[];
  /** The module section that teaches the question's fact; null when there is none to open. */
  learnMore: LearnMore | null;
};

/** GET /api/quiz/attempt/:id/question and POST …/navigate (premium-quiz-admin-spec §3). */
export type CurrentQuestion = {
  attemptId: string;
  mode: QuizMode;
  question: {
    id: string;
    stem: string;
    imageUrl: string | null;
    figure: QuestionFigure | null;
    choices: Array<{ text: string }>;
    category: QuestionCategory;
  };
  /** Zero-based, as POST …/navigate takes it; questionNumber is the one-based figure shown. */
  questionIndex: number;
  questionNumber: number;
  totalQuestions: number;
  /** Seconds left in exam mode; null in study mode. */
  timeRemaining: number | null;
  canGoBack: boolean;
  canGoForward: boolean;
  flagged: boolean;
  answeredCount: number;
  /** Present once this question is answered (an answer is final). */
  answer: RevealedAnswer | null;
  /** Every question's state, for the question map. */
  progress: Array<{ answered: boolean; flagged: boolean }>;
};

/**
 * POST /api/quiz/attempt/:id/answer in a Find-it drill (issue 29): whether the section picked
 * answers the question, and the section that teaches it.
 */
export type FindAnswerResult = {
  questionId: string;
  correct: boolean;
  learnMore: LearnMore | null;
  /** Seconds counted for the item (the learner's, capped at the drill's age). */
  timeSpent: number;
  answeredCount: number;
  totalQuestions: number;
};

/** POST /api/quiz/attempt/:id/answer (premium-quiz-admin-spec §3 "Answer response"). */
export type AnswerResult = RevealedAnswer & {
  questionId: string;
  answeredCount: number;
  totalQuestions: number;
};

/** GET /api/quiz/questions: answers and explanations only for admins. */
export type QuestionSampleItem = {
  id: string;
  question: string;
  options: string[];
  category: QuestionCategory;
  difficulty: Difficulty;
  tags: string[];
  imageUrl: string | null;
  figure: QuestionFigure | null;
  correctAnswer?: number;
  explanation?: string;
  regulationReference?: string | null;
};

/** GET /api/auth/me/stats (learner-spec §3 "User stats"). */
export type UserStatsSummary = {
  totalQuizAttempts: number;
  averageScore: number;
  studyModulesCompleted: number;
  totalStudyModules: number;
  /** Minutes of reading time recorded. */
  totalStudyTime: number;
  bestScore: number;
  currentStreak: number;
  lastActivity: string | null;
  totalBookmarks: number;
  totalNotes: number;
  /** Mean reading progress, in percent, over the modules the learner has opened. */
  averageReadingProgress: number;
};

/** GET /api/auth/me/recent-activity (learner-spec §3 "Recent activity item"). */
export type RecentActivityItem = {
  id: string;
  type: 'quiz' | 'study';
  title: string;
  description: string;
  score: number | null;
  completedAt: string;
  /** Where the item leads: the results of a quiz, the module of a study item. */
  href: string | null;
};
