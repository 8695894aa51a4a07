import { inArray } from 'drizzle-orm';
import type { TocEntry } from '@drone-exam/shared/markdown';
import type { Question } from '@drone-exam/shared/schemas/content';
import type { LearnMoreRef } from '@drone-exam/shared/schemas/exam';
import type { Db } from '../db/client.ts';
import { studyModules } from '../db/schema.ts';
import { D1_MAX_PARAMS, chunk } from './batch.ts';

/**
 * A question's learnMore and alsoTaughtIn (issue 29) must each name a heading of a module: the
 * learner follows them to the section. Headings carry the same ids in both languages, so the
 * English table of contents decides.
 */
export type ModuleSections = Map<string, Set<string>>;

const refsOf = (question: Pick<Question, 'learnMore' | 'alsoTaughtIn'>): LearnMoreRef[] =>
  question.learnMore ? [question.learnMore, ...(question.alsoTaughtIn ?? [])] : [];

/** The modules the questions point at, read by their unique slug, within D1's parameter cap. */
export function moduleSectionQueries(db: Db, list: readonly Question[]) {
  const slugs = [...new Set(list.flatMap(refsOf).map((ref) => ref.moduleSlug))];
  return chunk(slugs, D1_MAX_PARAMS).map((part) =>
    db
      .select({ slug: studyModules.slug, tocJson: studyModules.tocJson })
      .from(studyModules)
      .where(inArray(studyModules.slug, part)),
  );
}

export function moduleSections(
  found: ReadonlyArray<ReadonlyArray<{ slug: string; tocJson: string }>>,
): ModuleSections {
  return new Map(
    found
      .flat()
      .map((row) => [
        row.slug,
        new Set((JSON.parse(row.tocJson) as TocEntry[]).map((entry) => entry.id)),
      ]),
  );
}

/**
 * Why the question's learnMore or alsoTaughtIn leads nowhere, and which of the two; null when
 * every one resolves.
 */
export function unresolvedLearnMore(
  question: Pick<Question, 'learnMore' | 'alsoTaughtIn'>,
  sections: ModuleSections,
): { field: 'learnMore' | 'alsoTaughtIn'; message: string } | null {
  for (const [index, ref] of refsOf(question).entries()) {
    const field = index === 0 ? 'learnMore' : 'alsoTaughtIn';
    const headings = sections.get(ref.moduleSlug);
    if (!headings) return { field, message: `No module has the slug "${ref.moduleSlug}"` };
    if (!headings.has(ref.sectionId)) {
      return {
        field,
        message: `The module "${ref.moduleSlug}" has no heading with the id "${ref.sectionId}"`,
      };
    }
  }
  return null;
}

/**
 * The one question's modules, as a query to batch with the editor's other reads. Without refs it
 * asks for the empty slug, which no module has: an empty list would read `WHERE false`, which
 * SQLite plans as a scan of the table.
 */
export function questionSectionsQuery(db: Db, question: Question) {
  const slugs = [...new Set(refsOf(question).map((ref) => ref.moduleSlug))];
  return db
    .select({ slug: studyModules.slug, tocJson: studyModules.tocJson })
    .from(studyModules)
    .where(inArray(studyModules.slug, slugs.length ? slugs : ['']));
}

/** Reads the sections the questions name: one query for nearly any import, none without refs. */
export async function readModuleSections(db: Db, list: readonly Question[]) {
  const [first, ...more] = moduleSectionQueries(db, list);
  return moduleSections(first ? await db.batch([first, ...more]) : []);
}
