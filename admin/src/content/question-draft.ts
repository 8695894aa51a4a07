/** The question editor's form state: its defaults, how a saved question fills it, its checks. */
import { QuestionInputSchema, type AdminQuestion } from '@drone-exam/shared/schemas/content';
import { type LearnMoreRef } from '@drone-exam/shared/schemas/exam';
import { BASIC_CONTENT_EXAMS, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import { optionLetter } from '@drone-exam/shared/text';
import { fieldErrors } from '@drone-exam/shared/validation';
import { figureDraftOf, figurePayload, NO_FIGURE, type FigureDraft } from './figure-field';
import { EDITOR_OPTIONS } from './constants';
import {
  QUESTION_CATEGORIES,
  type Difficulty,
  type QuestionCategory,
} from '@drone-exam/shared/schemas/quiz-values';
import { DEFAULT_DIFFICULTY } from '@drone-exam/shared/schemas/content-values';

export type Draft = {
  question: string;
  options: string[];
  correctAnswer: number | null;
  explanation: string;
  category: QuestionCategory;
  difficulty: Difficulty;
  tags: string[];
  regulationReference: string;
  imageUrl: string;
  figure: FigureDraft;
  isActive: boolean;
  /** The exams it belongs to (issue 28): both for the Basic bank, Advanced only for its own. */
  exams: ExamId[];
  /** Why each option is right or wrong (issue 29), one per option field; all empty for none. */
  optionExplanations: string[];
  /** The section that teaches the question: a module slug and one of its heading ids. */
  learnMoreModule: string;
  learnMoreSection: string;
  /** Other sections that also answer it: kept as they are (the bank files set them). */
  alsoTaughtIn: LearnMoreRef[];
};

/** Editor defaults (premium-quiz-admin-spec §3): the first category, difficulty medium. */
export const EMPTY: Draft = {
  question: '',
  options: Array.from({ length: EDITOR_OPTIONS }, () => ''),
  correctAnswer: null,
  explanation: '',
  category: QUESTION_CATEGORIES[0],
  difficulty: DEFAULT_DIFFICULTY,
  tags: [],
  regulationReference: '',
  imageUrl: '',
  figure: NO_FIGURE,
  isActive: true,
  exams: BASIC_CONTENT_EXAMS,
  optionExplanations: Array.from({ length: EDITOR_OPTIONS }, () => ''),
  learnMoreModule: '',
  learnMoreSection: '',
  alsoTaughtIn: [],
};

export function fromQuestion(question: AdminQuestion): Draft {
  return {
    question: question.question,
    options: Array.from({ length: EDITOR_OPTIONS }, (_, i) => question.options[i] ?? ''),
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    category: question.category,
    difficulty: question.difficulty,
    tags: question.tags,
    regulationReference: question.regulationReference ?? '',
    imageUrl: question.imageUrl ?? '',
    figure: figureDraftOf(question.figure),
    isActive: question.isActive,
    exams: question.exams,
    optionExplanations: Array.from(
      { length: EDITOR_OPTIONS },
      (_, i) => question.optionExplanations?.[i] ?? '',
    ),
    learnMoreModule: question.learnMore?.moduleSlug ?? '',
    learnMoreSection: question.learnMore?.sectionId ?? '',
    alsoTaughtIn: question.alsoTaughtIn,
  };
}

const LEARN_MORE_BOTH = 'Fill in both the module and the section, or neither';

/**
 * The editor's own checks, then the API's schema. Options A and B are required; C and D may stay
 * empty, but only at the end, so the letters learners see never skip one.
 */
export function checkDraft(draft: Draft) {
  const errors: Record<string, string> = {};
  const options = draft.options.map((option) => option.trim());
  const lastFilled = options.reduce((last, option, i) => (option ? i : last), -1);
  options.forEach((option, i) => {
    if (option || i > Math.max(1, lastFilled)) return;
    errors[`options.${i}`] =
      i < 2
        ? `Option ${optionLetter(i)} is required`
        : `Fill in option ${optionLetter(i)} or clear the options after it`;
  });
  const filled = options.slice(0, Math.max(lastFilled + 1, 2));
  const rationales = draft.optionExplanations.slice(0, filled.length).map((why) => why.trim());
  const learnMore = {
    moduleSlug: draft.learnMoreModule.trim(),
    sectionId: draft.learnMoreSection.trim(),
  };
  const hasLearnMore = Boolean(learnMore.moduleSlug || learnMore.sectionId);
  if (hasLearnMore && !learnMore.moduleSlug) errors['learnMore.moduleSlug'] = LEARN_MORE_BOTH;
  if (hasLearnMore && !learnMore.sectionId) errors['learnMore.sectionId'] = LEARN_MORE_BOTH;
  if (draft.correctAnswer === null) {
    errors.correctAnswer = 'Choose the correct answer';
  } else if (!options[draft.correctAnswer]) {
    errors.correctAnswer = 'The correct answer must be one of the filled-in options';
  }
  const checked = QuestionInputSchema.safeParse({
    question: draft.question,
    options: filled,
    correctAnswer: draft.correctAnswer ?? 0,
    explanation: draft.explanation,
    category: draft.category,
    difficulty: draft.difficulty,
    tags: draft.tags,
    regulationReference: draft.regulationReference.trim() || undefined,
    imageUrl: draft.imageUrl.trim() || undefined,
    figure: figurePayload(draft.figure),
    isActive: draft.isActive,
    exams: draft.exams,
    optionExplanations: rationales.some(Boolean) ? rationales : undefined,
    learnMore: hasLearnMore ? learnMore : undefined,
    alsoTaughtIn: hasLearnMore && draft.alsoTaughtIn.length ? draft.alsoTaughtIn : undefined,
  });
  if (!checked.success) {
    for (const [field, message] of Object.entries(fieldErrors(checked.error))) {
      errors[field] ??= message;
    }
  }
  return Object.keys(errors).length === 0 && checked.success
    ? { ok: true as const, data: checked.data }
    : { ok: false as const, errors };
}
