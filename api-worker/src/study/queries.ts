import { examsOfMask } from '@drone-exam/shared/schemas/exam-values';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import type {
  Bookmark,
  ModuleProgress,
  Note,
  StudyModule,
  StudyModuleSummary,
} from '@drone-exam/shared';
import { escapeHtml, type TocEntry } from '@drone-exam/shared/markdown';
import { wholeMinutes } from '@drone-exam/shared/reading';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/client.ts';
import { bookmarks, notes, studyModules, studyModuleTags, studyProgress } from '../db/schema.ts';
import { notFound } from '../lib/http.ts';
import type { Locale } from '@drone-exam/shared/i18n';
import { iso } from '../lib/time.ts';
import { MODULE_NOT_FOUND } from '@drone-exam/shared/schemas/study-values';

type ModuleRow = typeof studyModules.$inferSelect;
type ProgressRow = typeof studyProgress.$inferSelect;

const parseList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
};

/** The columns a list card needs: never the body, so a page of modules stays small. */
export const summaryColumns = {
  id: studyModules.id,
  slug: studyModules.slug,
  title: studyModules.title,
  description: studyModules.description,
  summary: studyModules.summary,
  tagsJson: studyModules.tagsJson,
  status: studyModules.status,
  sortOrder: studyModules.sortOrder,
  wordCount: studyModules.wordCount,
  estimatedReadTime: studyModules.estimatedReadTime,
  publishedAt: studyModules.publishedAt,
  createdAt: studyModules.createdAt,
  updatedAt: studyModules.updatedAt,
  titleFr: studyModules.titleFr,
  descriptionFr: studyModules.descriptionFr,
  summaryFr: studyModules.summaryFr,
  wordCountFr: studyModules.wordCountFr,
  examsMask: studyModules.examsMask,
};

export type ModuleSummaryRow = Pick<
  ModuleRow,
  | 'id'
  | 'slug'
  | 'title'
  | 'description'
  | 'summary'
  | 'tagsJson'
  | 'status'
  | 'sortOrder'
  | 'wordCount'
  | 'estimatedReadTime'
  | 'publishedAt'
  | 'createdAt'
  | 'updatedAt'
  | 'titleFr'
  | 'descriptionFr'
  | 'summaryFr'
  | 'wordCountFr'
  | 'examsMask'
>;

/**
 * Whether a module is read in French: it is asked for and the module has its French (a title
 * and a body; until then the whole module stays English rather than mixing the two).
 */
const readsInFrench = (row: Pick<ModuleRow, 'titleFr'>, locale: Locale) =>
  locale === 'fr' && row.titleFr !== null;

/**
 * A module's listed fields, the same for learners and the admin (the admin adds the markdown),
 * in the language asked for, English where the module has no French.
 */
export function toModuleFields(
  row: ModuleSummaryRow,
  locale: Locale = 'en',
): Omit<StudyModuleSummary, 'progress'> {
  const french = readsInFrench(row, locale);
  const words = french ? (row.wordCountFr ?? row.wordCount) : row.wordCount;
  return {
    id: row.id,
    slug: row.slug,
    title: french ? row.titleFr! : row.title,
    description: french ? (row.descriptionFr ?? row.description) : row.description,
    summary: french ? (row.summaryFr ?? row.summary) : row.summary,
    tags: parseList(row.tagsJson),
    status: row.status,
    order: row.sortOrder,
    wordCount: words,
    estimatedReadTime: row.estimatedReadTime,
    publishedAt: iso(row.publishedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    locale: french ? 'fr' : 'en',
    exams: examsOfMask(row.examsMask),
  };
}

export function toSummary(
  row: ModuleSummaryRow,
  progress: number | null,
  locale: Locale = 'en',
): StudyModuleSummary {
  return { ...toModuleFields(row, locale), progress };
}

export function toModule(row: ModuleRow, auth: AuthContext | null, locale: Locale): StudyModule {
  const french = readsInFrench(row, locale) && row.contentHtmlFr !== null;
  const module: StudyModule = {
    ...toModuleFields(row, french ? 'fr' : 'en'),
    contentHtml: french ? row.contentHtmlFr! : row.contentHtml,
    toc: JSON.parse(french ? (row.tocJsonFr ?? '[]') : row.tocJson) as TocEntry[],
  };
  if (auth?.role === 'admin') module.bodyMarkdown = french ? row.bodyMarkdownFr! : row.bodyMarkdown;
  return module;
}

/** A module's title in the language, English where it has no French (one column, no extra read). */
export const moduleTitle = (locale: Locale) =>
  locale === 'fr'
    ? sql<string>`coalesce(${studyModules.titleFr}, ${studyModules.title})`
    : studyModules.title;

/** Learners and visitors see published modules only; admins see every status. */
function canSee(auth: AuthContext | null, row: Pick<ModuleRow, 'status'>): boolean {
  return row.status === 'published' || auth?.role === 'admin';
}

/** The module a learner may study, or 404 (a draft reads as missing to anyone but an admin). */
export function visibleModule<T extends Pick<ModuleRow, 'status'>>(
  auth: AuthContext | null,
  row: T | undefined,
): T {
  if (!row || !canSee(auth, row)) throw notFound(MODULE_NOT_FOUND);
  return row;
}

export const moduleById = (db: Db, id: string) =>
  db
    .select({ id: studyModules.id, title: studyModules.title, status: studyModules.status })
    .from(studyModules)
    .where(eq(studyModules.id, id));

export const progressRow = (db: Db, userId: string, moduleId: string) =>
  db
    .select()
    .from(studyProgress)
    .where(and(eq(studyProgress.userId, userId), eq(studyProgress.moduleId, moduleId)));

export function toProgress(row: ProgressRow | undefined, moduleId: string): ModuleProgress {
  return {
    moduleId,
    progress: row?.progress ?? 0,
    position: row?.position ?? 0,
    timeSpent: wholeMinutes(row?.timeSpentSeconds ?? 0),
    sectionsRead: row ? parseList(row.sectionsReadJson) : [],
    isCompleted: row?.isCompleted ?? false,
    completedAt: iso(row?.completedAt),
    lastReadAt: iso(row?.lastReadAt),
    startedAt: iso(row?.createdAt),
  };
}

export function toBookmark(row: typeof bookmarks.$inferSelect): Bookmark {
  return {
    id: row.id,
    moduleId: row.moduleId,
    title: row.title,
    sectionId: row.sectionId,
    position: row.position,
    note: row.note,
    createdAt: iso(row.createdAt)!,
  };
}

export function toNote(row: typeof notes.$inferSelect): Note {
  return {
    id: row.id,
    moduleId: row.moduleId,
    sectionId: row.sectionId,
    selectedText: row.selectedText,
    note: row.note,
    position: row.position,
    color: row.color as Note['color'],
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** A learner's own rows of a table keyed by user (and optionally one module). */
export function ownedBy(
  table: typeof bookmarks | typeof notes,
  userId: string,
  moduleId: string | undefined,
): SQL | undefined {
  return moduleId
    ? and(eq(table.userId, userId), eq(table.moduleId, moduleId))
    : eq(table.userId, userId);
}

/** A learner's module search keeps up to 12 of its words (lib/search.ts builds the query). */
export const MODULE_SEARCH_MAX_TERMS = 12;

const MARK_START = '\u0002';
const MARK_END = '\u0003';

/**
 * The hand-written FTS5 index over study_modules (migrations/0001_search_indexes.sql), declared
 * here rather than in db/schema.ts so drizzle-kit never tries to create it as a table.
 */
const studyModulesFts = sqliteTable('study_modules_fts', { rowid: integer('rowid').notNull() });
/**
 * Its French twin (migrations/0014_french.sql): the French columns, accents folded
 * (unicode61 remove_diacritics 2), so "securite" finds "sécurité" and the reverse.
 */
const studyModulesFtsFr = sqliteTable('study_modules_fts_fr', {
  rowid: integer('rowid').notNull(),
});
const FTS = { en: studyModulesFts, fr: studyModulesFtsFr } as const;

type FtsFilter = { match: string; tags?: string[]; locale?: Locale };

/** FTS rows join their module by rowid (an external-content index). */
const ftsJoin = (locale: Locale) => sql`${studyModules}.rowid = ${FTS[locale].rowid}`;

/** Published modules matching an FTS5 query, optionally within some tags. */
function ftsWhere(db: Db, { match, tags = [], locale = 'en' }: FtsFilter) {
  return and(
    sql`${FTS[locale]} MATCH ${match}`,
    eq(studyModules.status, 'published'),
    tags.length
      ? inArray(
          studyModules.id,
          db
            .select({ id: studyModuleTags.moduleId })
            .from(studyModuleTags)
            .where(inArray(studyModuleTags.tag, tags)),
        )
      : undefined,
  );
}

/** Title counts most, then tags and description, then summary, then the body. */
const RANK = {
  en: sql`bm25(study_modules_fts, 10.0, 4.0, 2.0, 1.0, 5.0)`,
  fr: sql`bm25(study_modules_fts_fr, 10.0, 4.0, 2.0, 1.0, 5.0)`,
};
const SNIPPET = {
  en: sql<string>`snippet(study_modules_fts, 3, ${MARK_START}, ${MARK_END}, '…', 24)`,
  fr: sql<string>`snippet(study_modules_fts_fr, 3, ${MARK_START}, ${MARK_END}, '…', 24)`,
};

/** Published modules matching a search, in course order (the module list's search box). */
export const matchingModules = (
  db: Db,
  filter: FtsFilter,
  page: { limit: number; offset: number },
) =>
  db
    .select(summaryColumns)
    .from(FTS[filter.locale ?? 'en'])
    .innerJoin(studyModules, ftsJoin(filter.locale ?? 'en'))
    .where(ftsWhere(db, filter))
    .orderBy(asc(studyModules.sortOrder), asc(studyModules.id))
    .limit(page.limit)
    .offset(page.offset);

export const countMatchingModules = (db: Db, filter: FtsFilter) =>
  db
    .select({ total: count() })
    .from(FTS[filter.locale ?? 'en'])
    .innerJoin(studyModules, ftsJoin(filter.locale ?? 'en'))
    .where(ftsWhere(db, filter));

/** Published modules matching a search, best first, each with a snippet of the matching body. */
export const rankedModules = (db: Db, filter: FtsFilter, limit: number) =>
  db
    .select({
      ...summaryColumns,
      snippet: SNIPPET[filter.locale ?? 'en'],
      tocJson: studyModules.tocJson,
      tocJsonFr: studyModules.tocJsonFr,
    })
    .from(FTS[filter.locale ?? 'en'])
    .innerJoin(studyModules, ftsJoin(filter.locale ?? 'en'))
    .where(ftsWhere(db, filter))
    .orderBy(RANK[filter.locale ?? 'en'])
    .limit(limit);

/**
 * The snippet as safe HTML: markdown punctuation dropped (links keep their text), everything
 * escaped, and only the matched terms wrapped in <mark>.
 */
export function snippetHtml(raw: string): string {
  const text = raw
    .replace(/\]\([^)\s]*\)?/g, '')
    .replace(/^[ \t]*(?:[#>]+|[-*+] |\d+\. )/gm, ' ')
    .replace(/[*`|[\]]+|~~|__/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return escapeHtml(text)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>')
    .replace(/<mark>\s*<\/mark>/g, '');
}
