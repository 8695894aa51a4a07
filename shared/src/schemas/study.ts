import { ExamIdSchema } from './exam.ts';
import type { ExamId } from './exam-values.ts';
import type { Locale } from '../i18n.ts';
import { z } from 'zod';
import type { TocEntry } from '../markdown.ts';
import { SECTION_LABEL_PATTERN } from '../reading.ts';
import { IdSchema, PageQuerySchema, visibleText } from './common.ts';
import { setByServer, type ReadOnlyFields } from './updates.ts';
import {
  BOOKMARK_TITLE_REQUIRED,
  type ModuleStatus,
  NOTE_COLOURS,
  NOTE_DEFAULT_COLOUR,
  NOTE_TEXT_REQUIRED,
  type NoteColour,
  SEARCH_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_MIN_CHARS,
  SEARCH_TOO_SHORT,
} from './study-values.ts';

/** GET /study: published modules, optionally matching a search, a page at a time. */
export const StudyListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  /** Only the modules that prepare for this exam (issue 28). */
  exam: ExamIdSchema.optional(),
});

/**
 * PUT /study-materials/progress/{moduleId}. `timeSpent` is the reading time the page counted since
 * its previous save, in minutes (fractions allowed); answers carry the total in whole minutes.
 */
export const ProgressUpdateSchema = z.strictObject({
  progress: z
    .number({ error: 'Progress must be a number from 0 to 100' })
    .min(0, 'Progress must be a number from 0 to 100')
    .max(100, 'Progress must be a number from 0 to 100')
    .transform(Math.round),
  position: z
    .number({ error: 'Position must be a number' })
    .min(0, 'Position must be 0 or more')
    .max(100_000_000)
    .transform(Math.round)
    .optional(),
  timeSpent: z
    .number({ error: 'Time spent must be a number of minutes' })
    .min(0, 'Time spent must be 0 or more')
    .max(24 * 60, 'Time spent must be at most a day')
    .default(0),
  sectionsRead: z
    .array(z.string().regex(SECTION_LABEL_PATTERN, 'Sections are labelled section-0 to section-10'))
    .max(11)
    .default([]),
  /** The explicit progress toggle; absent on ordinary saves. */
  isCompleted: z.boolean().optional(),
});
export type ProgressUpdate = z.input<typeof ProgressUpdateSchema>;

const SectionIdSchema = z.string().trim().max(200).nullish();
/** A JSON number only: coercion read [], true and null as 0. */
const PositionSchema = z
  .number({ error: 'Position must be a number' })
  .int('Position must be a whole number')
  .min(0, 'Position must be 0 or more')
  .max(100_000_000)
  .default(0);

/** POST /study-materials/bookmarks (learner-spec §5: a bookmark needs a title). */
export const BookmarkInputSchema = z.strictObject({
  moduleId: IdSchema,
  title: visibleText(
    z
      .string({ error: BOOKMARK_TITLE_REQUIRED })
      .trim()
      .min(1, BOOKMARK_TITLE_REQUIRED)
      .max(200, 'Bookmark title must be at most 200 characters'),
  ),
  sectionId: SectionIdSchema,
  position: PositionSchema,
  note: visibleText(
    z.string().trim().max(1000, 'Bookmark note must be at most 1000 characters'),
    'paragraph',
  ).nullish(),
});
export type BookmarkInput = z.input<typeof BookmarkInputSchema>;

const NoteTextSchema = visibleText(
  z
    .string({ error: NOTE_TEXT_REQUIRED })
    .trim()
    .min(1, NOTE_TEXT_REQUIRED)
    .max(5000, 'Note must be at most 5000 characters'),
  'paragraph',
);
const ColourSchema = z.enum(NOTE_COLOURS, {
  error: `Colour must be one of: ${NOTE_COLOURS.join(', ')}`,
});

/** POST /study-materials/notes (learner-spec §5: a note needs text; colour defaults to yellow). */
export const NoteInputSchema = z.strictObject({
  moduleId: IdSchema,
  sectionId: SectionIdSchema,
  selectedText: z
    .string()
    .trim()
    .max(2000, 'Selected text must be at most 2000 characters')
    .nullish(),
  note: NoteTextSchema,
  position: PositionSchema,
  color: ColourSchema.default(NOTE_DEFAULT_COLOUR),
});
export type NoteInput = z.input<typeof NoteInputSchema>;

/** PUT /study-materials/notes/{id}: the text, and the colour when it changes. */
export const NoteUpdateSchema = z.strictObject({
  note: NoteTextSchema,
  color: ColourSchema.optional(),
});
export type NoteUpdate = z.input<typeof NoteUpdateSchema>;

/**
 * A note's fields the update may carry back as read but not change: it stays on the text it was
 * written on. (Updates accept what reads return, shared/src/schemas/updates.ts.)
 */
export const NOTE_READ_ONLY: ReadOnlyFields<Note> = {
  id: 'A note keeps its id',
  moduleId: 'A note cannot move to another module',
  sectionId: 'A note cannot move to another section',
  selectedText: 'A note stays on the text it was written on',
  position: 'A note stays on the text it was written on',
  createdAt: setByServer('createdAt'),
  updatedAt: setByServer('updatedAt'),
};

/** Reading progress as GET returns it: the module and the server's dates are not the learner's to set. */
export const PROGRESS_READ_ONLY: ReadOnlyFields<ModuleProgress> = {
  moduleId: 'Progress cannot move to another module',
  completedAt: setByServer('completedAt'),
  lastReadAt: setByServer('lastReadAt'),
  startedAt: setByServer('startedAt'),
};

/** GET /study-materials/bookmarks and /notes. */
export const StudyMaterialsQuerySchema = PageQuerySchema.extend({ moduleId: IdSchema.optional() });

/** GET /study-materials/search?q&tags&limit, tags comma-joined. */
export const StudySearchQuerySchema = z.object({
  q: z.string({ error: SEARCH_TOO_SHORT }).trim().min(SEARCH_MIN_CHARS, SEARCH_TOO_SHORT).max(200),
  tags: z
    .string()
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? '')
          .split(',')
          .map((tag) => tag.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(40)).max(20, 'At most 20 tags')),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_LIMIT),
});

/** A module as a list card shows it; `progress` is the learner's percent (null for visitors). */
export type StudyModuleSummary = {
  id: string;
  slug: string;
  title: string;
  description: string;
  summary: string;
  tags: string[];
  status: ModuleStatus;
  order: number;
  wordCount: number;
  estimatedReadTime: number;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  progress: number | null;
  /**
   * The language the texts came in: the request's, or English where the module has no
   * translation yet (the page then marks the English text with its own lang).
   */
  locale: Locale;
  /** The exams it prepares for (issue 28). */
  exams: ExamId[];
};

/** A module to read: its HTML rendered on write, and its table of contents. */
export type StudyModule = Omit<StudyModuleSummary, 'progress'> & {
  contentHtml: string;
  toc: TocEntry[];
  /** The source, for admins only (the editor loads it). */
  bodyMarkdown?: string;
};

export type ModuleProgress = {
  moduleId: string;
  progress: number;
  position: number;
  /** Whole minutes. */
  timeSpent: number;
  sectionsRead: string[];
  isCompleted: boolean;
  completedAt: string | null;
  lastReadAt: string | null;
  startedAt: string | null;
};

export type ModuleProgressListItem = ModuleProgress & { module: { slug: string; title: string } };

export type Bookmark = {
  id: string;
  moduleId: string;
  title: string;
  sectionId: string | null;
  position: number;
  note: string | null;
  createdAt: string;
};

export type Note = {
  id: string;
  moduleId: string;
  sectionId: string | null;
  selectedText: string | null;
  note: string;
  position: number;
  color: NoteColour;
  createdAt: string;
  updatedAt: string;
};

export type StudySearchResult = Pick<
  StudyModuleSummary,
  'id' | 'slug' | 'title' | 'description' | 'summary' | 'tags' | 'wordCount' | 'locale'
> & {
  /** Matching text, HTML-escaped, with the matched terms wrapped in <mark>. */
  snippet: string;
  /**
   * The module's sections (its headings below the title, in order, in the result's language):
   * a Find-it drill picks one of them (issue 29).
   */
  sections: Array<{ id: string; title: string }>;
};

/** GET /study-materials/stats: the learner's study figures. */
export type StudyStats = {
  totalModules: number;
  modulesStarted: number;
  modulesCompleted: number;
  /** Mean reading progress over started modules, whole percent. */
  averageProgress: number;
  /** Whole minutes. */
  totalStudyTime: number;
  totalBookmarks: number;
  totalNotes: number;
};
