import { Hono } from 'hono';
import { StudySearchQuerySchema, type StudySearchResult } from '@drone-exam/shared';
import type { AppEnv } from '../env.ts';
import { ok, validate } from '../lib/http.ts';
import { trackEvent } from '../lib/events.ts';
import { ftsQuery } from '../lib/search.ts';
import type { TocEntry } from '@drone-exam/shared/markdown';
import { MODULE_SEARCH_MAX_TERMS, rankedModules, snippetHtml, toSummary } from './queries.ts';

/** The module's sections (its headings below the title), for a Find-it pick (issue 29). */
const sectionsOf = (tocJson: string) =>
  (JSON.parse(tocJson) as TocEntry[])
    .filter((entry) => entry.level > 1)
    .map(({ id, title }) => ({ id, title }));

/**
 * Full-text search over published modules (titles, descriptions, summaries, bodies and tags) with
 * SQLite FTS5, ranked by bm25, optionally within some topic tags. Open to visitors.
 */
export const searchRoutes = new Hono<AppEnv>().get(
  '/',
  validate('query', StudySearchQuerySchema),
  async (c) => {
    const { q, tags, limit } = c.req.valid('query');
    const db = c.var.db;
    const searched = trackEvent(db, 'search', c.var.auth?.userId ?? null, { q, tags });
    const locale = c.var.locale;
    const match = ftsQuery(q, MODULE_SEARCH_MAX_TERMS);
    if (!match) {
      await db.batch(searched);
      return ok(c, { results: [] as StudySearchResult[], query: q, tags });
    }
    const [rows] = await db.batch([rankedModules(db, { match, tags, locale }, limit), ...searched]);
    const results: StudySearchResult[] = rows.map((row) => {
      const {
        id,
        slug,
        title,
        description,
        summary,
        tags: moduleTags,
        wordCount,
        locale: textLocale,
      } = toSummary(row, null, locale);
      return {
        id,
        slug,
        title,
        description,
        summary,
        tags: moduleTags,
        wordCount,
        locale: textLocale,
        snippet: snippetHtml(row.snippet),
        sections: sectionsOf(textLocale === 'fr' && row.tocJsonFr ? row.tocJsonFr : row.tocJson),
      };
    });
    return ok(c, { results, query: q, tags });
  },
);
