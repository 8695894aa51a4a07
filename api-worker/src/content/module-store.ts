import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { renderMarkdown } from '@drone-exam/shared/markdown';
import { readingMinutes } from '@drone-exam/shared/text';
import { translationStatus } from '@drone-exam/shared/i18n';
import {
  MODULE_BODY_REQUIRED,
  type AdminModule,
  type AdminModuleSummary,
  type ExportedModule,
  type ModuleFrench,
  type ModuleInputSchema,
} from '@drone-exam/shared/schemas/content';
import { examMaskOf } from '@drone-exam/shared/schemas/exam-values';
import type { Db } from '../db/client.ts';
import { studyModuleTags, studyModules } from '../db/schema.ts';
import { bumpCounter, recordActivity } from '../lib/events.ts';
import { ApiError } from '../lib/http.ts';
import { summaryColumns, toModuleFields, type ModuleSummaryRow } from '../study/queries.ts';
import type { Statement } from './batch.ts';
import type { ModuleStatus } from '@drone-exam/shared/schemas/study-values';
import { MODULE_DEFAULT_READ_TIME } from '@drone-exam/shared/schemas/content-values';

/** A module write as the schema reads it: its text may be left out. */
export type ModuleWrite = z.output<typeof ModuleInputSchema>;
/** A module write with its text settled. */
export type ModuleFields = ModuleWrite & { bodyMarkdown: string };

/**
 * The text a write stores: the one it sends, else the stored one (an edit that leaves the text
 * out keeps it; a new module starts empty).
 */
export function withBody(input: ModuleWrite, storedBody: string | null): ModuleFields {
  return { ...input, bodyMarkdown: input.bodyMarkdown ?? storedBody ?? '' };
}

/** A published module must have text, whichever way it came (a write, an import, publishing). */
export const publishedWithoutText = (module: { status: ModuleStatus; bodyMarkdown: string }) =>
  module.status === 'published' && module.bodyMarkdown.trim() === '';

export const moduleBodyRequired = () =>
  new ApiError(400, MODULE_BODY_REQUIRED, 'VALIDATION_ERROR', {
    bodyMarkdown: MODULE_BODY_REQUIRED,
  });

/** What the admin's list shows: a learner's card, and where the French stands. */
export const adminSummaryColumns = {
  ...summaryColumns,
  textChangedAt: studyModules.textChangedAt,
  frChangedAt: studyModules.frChangedAt,
};
type AdminSummaryRow = ModuleSummaryRow & {
  textChangedAt: number | null;
  frChangedAt: number | null;
};

export const moduleColumns = {
  ...adminSummaryColumns,
  bodyMarkdown: studyModules.bodyMarkdown,
  bodyMarkdownFr: studyModules.bodyMarkdownFr,
};

/** The admin reads the English; the French stands beside it, marked missing or outdated. */
export function toAdminSummary(row: AdminSummaryRow): AdminModuleSummary {
  return {
    ...toModuleFields(row),
    frenchStatus: translationStatus(row.titleFr !== null, row.textChangedAt, row.frChangedAt),
  };
}

export function toModule(
  row: AdminSummaryRow & { bodyMarkdown: string; bodyMarkdownFr: string | null },
): AdminModule {
  return {
    ...toAdminSummary(row),
    bodyMarkdown: row.bodyMarkdown,
    french:
      row.titleFr === null
        ? null
        : {
            title: row.titleFr,
            description: row.descriptionFr ?? '',
            summary: row.summaryFr ?? '',
            bodyMarkdown: row.bodyMarkdownFr ?? '',
          },
  };
}

/** The stored French columns of a module, rendered once on write like the English. */
export function frenchColumnsFor(input: ModuleFrench, now: number) {
  const rendered = renderMarkdown(input.bodyMarkdown);
  return {
    titleFr: input.title,
    descriptionFr: input.description,
    summaryFr: input.summary,
    bodyMarkdownFr: input.bodyMarkdown,
    contentHtmlFr: rendered.html,
    tocJsonFr: JSON.stringify(rendered.toc),
    wordCountFr: rendered.wordCount,
    editedAt: now,
    updatedAt: now,
  };
}

export function toExportedModule(module: AdminModule): ExportedModule {
  return {
    slug: module.slug,
    title: module.title,
    description: module.description,
    summary: module.summary,
    bodyMarkdown: module.bodyMarkdown,
    tags: module.tags,
    status: module.status,
    order: module.order,
    estimatedReadTime: module.estimatedReadTime,
    exams: module.exams,
  };
}

/**
 * The stored columns of a module, derived once on write: learners receive content_html and the
 * table of contents, never markdown. Without an estimate from the admin, the reading time is
 * computed from the words (the default when there is no text yet).
 */
export function moduleColumnsFor(input: ModuleFields, now: number) {
  const rendered = renderMarkdown(input.bodyMarkdown);
  const hasText = input.bodyMarkdown.trim() !== '';
  return {
    slug: input.slug,
    title: input.title,
    description: input.description,
    summary: input.summary,
    bodyMarkdown: input.bodyMarkdown,
    contentHtml: rendered.html,
    tocJson: JSON.stringify(rendered.toc),
    tagsJson: JSON.stringify(input.tags),
    status: input.status,
    sortOrder: input.order,
    wordCount: rendered.wordCount,
    estimatedReadTime:
      input.estimatedReadTime ??
      (hasText ? readingMinutes(rendered.wordCount) : MODULE_DEFAULT_READ_TIME),
    ...(input.exams ? { examsMask: examMaskOf(input.exams) } : {}),
    editedAt: now,
    updatedAt: now,
  };
}

/** Replaces a module's rows in study_module_tags, which the learner's tag filters read. */
export function syncTags(db: Db, moduleId: string, tags: readonly string[]): Statement[] {
  const statements: Statement[] = [
    db.delete(studyModuleTags).where(eq(studyModuleTags.moduleId, moduleId)),
  ];
  if (tags.length > 0) {
    statements.push(db.insert(studyModuleTags).values(tags.map((tag) => ({ moduleId, tag }))));
  }
  return statements;
}

/** Moves one module between the status counters (modules.draft/review/published). */
export function statusCounterMoves(
  db: Db,
  from: ModuleStatus | null,
  to: ModuleStatus | null,
): Statement[] {
  if (from === to) return [];
  const statements: Statement[] = [];
  if (from) statements.push(bumpCounter(db, `modules.${from}`, -1));
  if (to) statements.push(bumpCounter(db, `modules.${to}`, 1));
  if (!from) statements.push(bumpCounter(db, 'modules.total', 1));
  if (!to) statements.push(bumpCounter(db, 'modules.total', -1));
  return statements;
}

export function moduleActivity(
  db: Db,
  adminId: string,
  title: string,
  moduleId: string,
  now: number,
) {
  return recordActivity(
    db,
    { userId: adminId, type: 'admin_action', title, metadata: { moduleId } },
    now,
  );
}

export const STATUS_VERB: Record<ModuleStatus, string> = {
  published: 'Published',
  draft: 'Moved to draft',
  review: 'Sent to review',
};

export const slugTaken = (slug: string) => {
  const message = `A module with the slug "${slug}" already exists. Choose another slug.`;
  return new ApiError(409, message, 'SLUG_TAKEN', { slug: message });
};
