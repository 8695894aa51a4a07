import { renderMarkdown } from '@drone-exam/shared/markdown';
import { readingMinutes } from '@drone-exam/shared/text';
import { testDb } from '../../test/helpers.ts';
import { studyModules, studyModuleTags } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { ModuleStatus } from '@drone-exam/shared/schemas/study-values';

export type ModuleFixture = {
  slug: string;
  title?: string;
  description?: string;
  summary?: string;
  body?: string;
  tags?: string[];
  status?: ModuleStatus;
  order?: number;
  /** The module's French (issue 19), rendered like the English. */
  french?: { title: string; description: string; body: string };
};

/** Stores a module the way the seed and the editor do: markdown rendered once, tags indexed. */
export async function createModule(fixture: ModuleFixture) {
  const db = testDb();
  const now = Date.now();
  const id = newId();
  const body = fixture.body ?? `# ${fixture.title ?? fixture.slug}\n\n## First part\n\nSome text.`;
  const rendered = renderMarkdown(body);
  const tags = fixture.tags ?? ['basic'];
  const status = fixture.status ?? 'published';
  const french = fixture.french ? renderMarkdown(fixture.french.body) : null;
  const row = {
    id,
    slug: fixture.slug,
    title: fixture.title ?? `Module ${fixture.slug}`,
    description: fixture.description ?? `About ${fixture.slug}`,
    summary: fixture.summary ?? '',
    bodyMarkdown: body,
    contentHtml: rendered.html,
    tocJson: JSON.stringify(rendered.toc),
    tagsJson: JSON.stringify(tags),
    status,
    sortOrder: fixture.order ?? 0,
    wordCount: rendered.wordCount,
    estimatedReadTime: readingMinutes(rendered.wordCount),
    publishedAt: status === 'published' ? now : null,
    ...(fixture.french && french
      ? {
          titleFr: fixture.french.title,
          descriptionFr: fixture.french.description,
          summaryFr: '',
          bodyMarkdownFr: fixture.french.body,
          contentHtmlFr: french.html,
          tocJsonFr: JSON.stringify(french.toc),
          wordCountFr: french.wordCount,
        }
      : {}),
    createdAt: now,
    updatedAt: now,
  };
  await db.batch([
    db.insert(studyModules).values(row),
    ...tags.map((tag) => db.insert(studyModuleTags).values({ moduleId: id, tag })),
  ]);
  return row;
}
