import { z } from 'zod';
import type { Pagination } from '../api.ts';
import { visibleText } from './common.ts';
import { ExamIdSchema } from './exam.ts';
import type { ExamId } from './exam-values.ts';
import { QUESTION_CATEGORIES, type QuestionCategory } from './quiz-values.ts';
import {
  ASSIGNMENT_QUESTIONS_MAX,
  ASSIGNMENT_QUESTIONS_MIN,
  CLASS_CODE_ALPHABET,
  CLASS_CODE_LENGTH,
  CLASS_NAME_MAX,
  CLASS_SEATS_MAX,
  JOIN_CONSENT_REQUIRED,
  SEATS_MIN,
  SEATS_REQUIRED,
  SEATS_TOO_MANY,
  SEATS_WHOLE,
  PAGE_SIZE_ADMIN_CLASSES,
  ROSTER_SORTS,
  type AssignmentKind,
} from './classes-values.ts';

const DaySchema = z
  .string({ error: 'Date must be YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Date must be a real day');

/** The form and POST /api/classes. */
export const CreateClassSchema = z.strictObject({
  name: visibleText(
    z
      .string({ error: 'Class name is required' })
      .trim()
      .min(1, 'Class name is required')
      .max(CLASS_NAME_MAX, `Class name must be at most ${CLASS_NAME_MAX} characters`),
  ),
  exam: ExamIdSchema,
  examDate: z.preprocess((value) => (value === '' ? null : value), DaySchema.nullable().optional()),
});
export type CreateClassInput = z.input<typeof CreateClassSchema>;

/** A code as typed: spaces and dashes dropped, upper-cased, then only the code alphabet. */
const ClassCodeSchema = z
  .string({ error: 'Class code is required' })
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(CLASS_CODE_LENGTH, `A class code has ${CLASS_CODE_LENGTH} characters`)
      .max(32, 'Class code is too long')
      .refine(
        (code) => [...code].every((ch) => CLASS_CODE_ALPHABET.includes(ch)),
        'That is not a class code',
      ),
  );

/** The join form and POST /api/classes/join: consent is explicit, never assumed. */
export const JoinClassSchema = z.strictObject({
  code: ClassCodeSchema,
  consent: z.literal(true, { error: JOIN_CONSENT_REQUIRED }),
});
export type JoinClassInput = z.input<typeof JoinClassSchema>;

const DueAtSchema = z
  .number({ error: 'Due date is required' })
  .int('Due date must be a time in milliseconds')
  .positive('Due date is required');
const ModuleSlugSchema = z
  .string({ error: 'Choose a module' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose a module')
  .max(120, 'Choose a module');

/** POST /api/classes/{id}/assignments: each kind takes exactly its own fields. */
export const CreateAssignmentSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('read-module'),
      moduleSlug: ModuleSlugSchema,
      dueAt: DueAtSchema,
    }),
    z.strictObject({ kind: z.literal('timed-exam'), dueAt: DueAtSchema }),
    z.strictObject({
      kind: z.literal('practise-topic'),
      category: z.enum(QUESTION_CATEGORIES, { error: 'Choose a topic' }),
      questionCount: z
        .number({ error: 'Number of questions is required' })
        .int('Number of questions must be a whole number')
        .min(ASSIGNMENT_QUESTIONS_MIN, `At least ${ASSIGNMENT_QUESTIONS_MIN} questions`)
        .max(ASSIGNMENT_QUESTIONS_MAX, `At most ${ASSIGNMENT_QUESTIONS_MAX} questions`),
      dueAt: DueAtSchema,
    }),
  ],
  { error: 'Assignment kind must be read-module, timed-exam or practise-topic' },
);
export type CreateAssignmentInput = z.input<typeof CreateAssignmentSchema>;

/** The "Buy seats" form and POST /api/classes/{id}/seats/checkout. */
export const BuySeatsSchema = z.strictObject({
  seats: z
    .number({ error: SEATS_REQUIRED })
    .int(SEATS_WHOLE)
    .min(1, SEATS_MIN)
    .max(CLASS_SEATS_MAX, SEATS_TOO_MANY),
});
export type BuySeatsInput = z.input<typeof BuySeatsSchema>;

export const RosterQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  sort: z.enum(ROSTER_SORTS, { error: 'Unknown sort' }).default('name'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('asc'),
});

const pageNumber = z.coerce
  .number({ error: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be 1 or more')
  .default(1);

/** GET /api/classes: each list (taught, joined) has its own page, so the response keeps its shape. */
export const ClassesQuerySchema = z.object({
  teachingPage: pageNumber,
  memberPage: pageNumber,
});

/** GET /api/admin/classes: the console's list, newest first, optionally searched by class name. */
export const AdminClassesQuerySchema = z.object({
  page: pageNumber,
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 to 100')
    .max(100, 'Limit must be 1 to 100')
    .default(PAGE_SIZE_ADMIN_CLASSES),
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});
export type AdminClassesQuery = z.input<typeof AdminClassesQuerySchema>;

/** A class as the admin console lists it (createdAt and suspendedAt as ISO times). */
export type AdminClass = {
  id: string;
  name: string;
  exam: ExamId;
  instructor: { id: string; firstName: string; lastName: string; email: string };
  members: number;
  /** The premium seats the instructor bought for the class, and those given to members. */
  seats: ClassSeats;
  createdAt: string;
  suspendedAt: string | null;
};

export type AdminClassesPage = { classes: AdminClass[]; pagination: Pagination };

export type ClassSummary = {
  id: string;
  name: string;
  exam: ExamId;
  code: string;
  examDate: string | null;
};

export type Assignment = {
  id: string;
  kind: AssignmentKind;
  moduleSlug: string | null;
  category: QuestionCategory | null;
  questionCount: number | null;
  dueAt: number;
  createdAt: number;
};

/** A class a learner is in, as they see it: the instructor's name and their own assignments. */
export type MemberClass = {
  id: string;
  name: string;
  exam: ExamId;
  examDate: string | null;
  instructorName: string;
  assignments: Array<Assignment & { done: boolean }>;
};

export type RosterStudent = {
  userId: string;
  firstName: string;
  lastName: string;
  passProbability: number | null;
  answered: number;
  modulesCompleted: number;
  attemptsCompleted: number;
  lastActiveDay: string | null;
  assignmentsDone: number;
  assignmentsTotal: number;
  weakest: QuestionCategory[];
};

/** A class its instructor teaches, as /classes lists it; a suspended one says so. */
export type TaughtClass = ClassSummary & { members: number; suspended: boolean };

/** GET /api/classes: both lists, each with its own page of the one pagination shape. */
export type ClassLists = {
  teaching: TaughtClass[];
  member: MemberClass[];
  teachingPagination: Pagination;
  memberPagination: Pagination;
};

/** A class's premium seats: bought (less unused ones refunded) and given to members. */
export type ClassSeats = { bought: number; used: number; left: number };

export type Roster = {
  class: TaughtClass & { seats: ClassSeats };
  students: RosterStudent[];
  weakestAreas: QuestionCategory[];
  assignments: Array<Assignment & { completed: number }>;
  pagination: Pagination;
};
