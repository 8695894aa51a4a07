/**
 * The interface's catalogs (issue 19): the French has exactly the English keys, each plural in the
 * forms French needs (one, many, other: Intl's plural rules), and the same {{placeholders}}; the
 * English keys themselves are typed, so a key the code asks for and the English lacks fails
 * `npm run typecheck`. The messages raised in English (validation, API errors, spec texts) that a
 * learner can meet all have their French.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROOT } from '../../scripts/lib/content.ts';
import { hasTranslation } from '../../shared/src/message-catalog.ts';
import { MESSAGE_CATALOGS } from '../../shared/src/messages.ts';

type Catalog = Record<string, unknown>;
const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(name, value);
    else if (Array.isArray(value)) keys.set(name, JSON.stringify(value.map((v) => Object.keys(v))));
    else flatten(value as Catalog, name).forEach((text, child) => keys.set(child, text));
  }
  return keys;
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalog;
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort();

/** A key without its plural suffix. */
const base = (key: string) => key.replace(PLURAL, '');

/** Every difference between an English catalog and its French; empty when they agree. */
function compare(english: Catalog, french: Catalog): string[] {
  const en = flatten(english);
  const fr = flatten(french);
  const problems: string[] = [];
  const enBases = new Set([...en.keys()].map(base));
  const frBases = new Set([...fr.keys()].map(base));
  for (const key of enBases) if (!frBases.has(key)) problems.push(`missing in French: ${key}`);
  for (const key of frBases) if (!enBases.has(key)) problems.push(`only in French: ${key}`);
  for (const key of enBases) {
    const plural = [...en.keys()].some((k) => k !== key && base(k) === key);
    if (plural) {
      for (const form of ['one', 'many', 'other'])
        if (frBases.has(key) && !fr.has(`${key}_${form}`))
          problems.push(`French plural ${key}_${form} missing`);
    }
    const enText = en.get(key) ?? en.get(`${key}_other`) ?? '';
    const frText = fr.get(key) ?? fr.get(`${key}_other`);
    if (frText === undefined) continue;
    if (frText.trim() === '' && enText.trim() !== '') problems.push(`empty French: ${key}`);
    const enVars = placeholders(enText).filter((v) => v !== 'count');
    const frVars = placeholders(frText).filter((v) => v !== 'count');
    if (JSON.stringify(enVars) !== JSON.stringify(frVars))
      problems.push(`placeholders differ in ${key}: ${enVars} / ${frVars}`);
  }
  return problems;
}

const CATALOG_DIRS = ['learner/app/locales', 'api-worker/src/i18n/locales'];

describe('interface catalogs', () => {
  for (const dir of CATALOG_DIRS) {
    const files = readdirSync(path.join(ROOT, dir, 'en')).filter((f) => f.endsWith('.json'));
    it.each(files)(
      `${dir}: the French of %s has the English keys, plurals and placeholders`,
      (file) => {
        const english = read(path.join(ROOT, dir, 'en', file));
        const french = read(path.join(ROOT, dir, 'fr', file));
        expect(compare(english, french)).toEqual([]);
      },
    );
  }

  it('the comparison fails on a missing key, a missing French plural and a lost placeholder', () => {
    expect(compare({ a: 'A', b: { c: 'C {{x}}' } }, { a: 'A' })).toEqual([
      'missing in French: b.c',
    ]);
    expect(
      compare(
        { n_one: '1 day', n_other: '{{count}} days' },
        { n_one: '1 j', n_other: '{{count}} j' },
      ),
    ).toEqual(['French plural n_many missing']);
    expect(compare({ a: 'Hello {{name}}' }, { a: 'Bonjour' })).toEqual([
      'placeholders differ in a: name / ',
    ]);
  });
});

/** Every message a zod schema can produce: its own and its checks' (read from the schema). */
function schemaMessages(schema: unknown, found = new Set<string>(), seen = new Set<unknown>()) {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return found;
  seen.add(schema);
  const def = schema.def as unknown as Record<string, unknown> & { checks?: z.ZodType[] };
  const say = (error: unknown) => {
    if (typeof error !== 'function') return;
    try {
      const text = (error as (issue: object) => unknown)({ code: 'custom', input: undefined });
      if (typeof text === 'string') found.add(text);
    } catch {
      // An error map that needs a real issue is not a fixed message.
    }
  };
  say(def.error);
  for (const check of def.checks ?? [])
    // oxlint-disable-next-line no-underscore-dangle -- zod 4 keeps a check's definition there
    say((check as unknown as { _zod: { def: { error?: unknown } } })._zod.def.error);
  for (const value of Object.values(def)) {
    if (value instanceof z.ZodType) schemaMessages(value, found, seen);
    else if (Array.isArray(value)) value.forEach((v) => schemaMessages(v, found, seen));
    else if (value && typeof value === 'object')
      Object.values(value).forEach((v) => schemaMessages(v, found, seen));
  }
  return found;
}

/** The payloads learners send (the admin's are English, like its console). */
const LEARNER_SCHEMAS = [
  'auth',
  'common',
  'contact',
  'learning',
  'payments',
  'quality',
  'quiz',
  'study',
];

/** Exported sentences a learner can be shown: the spec's texts and the API's refusals. */
const LEARNER_API_FILES = [
  'api-worker/src/auth/routes.ts',
  'api-worker/src/middleware/auth.ts',
  'api-worker/src/lib/turnstile.ts',
  'api-worker/src/middleware/rate-limit.ts',
  'api-worker/src/payments/routes.ts',
  'api-worker/src/quiz/queries.ts',
  'api-worker/src/learning/pools.ts',
  'api-worker/src/learning/plan.ts',
  'api-worker/src/learning/review-routes.ts',
  'api-worker/src/quality/reports.ts',
  'learner/app/components/quiz/report-problem.tsx',
  'api-worker/src/study/progress.ts',
  'api-worker/src/study/bookmarks.ts',
  'api-worker/src/study/notes.ts',
  'api-worker/src/app.ts',
  'api-worker/src/middleware/csrf.ts',
];
const SENTENCE = /'([A-Z][^']*\s[^']*[.!?a-z])'|`([A-Z][^`]*\s[^`]*[.!?a-z])`/g;
/** A template literal's values stand for whatever it is built with: the catalog matches them whole. */
const withSampleValues = (text: string) => text.replace(/\$\{[^}]*\}/g, '1');
/**
 * Sentences in those files that learners never read: the admins' activity feed and the workers'
 * logs (with a template's values as the sample the test puts in).
 */
const NOT_FOR_LEARNERS = new Set(['Account created', 'Stripe checkout 1 carries no user id']);

describe('messages raised in English', () => {
  const french = MESSAGE_CATALOGS.fr!;

  it.each(LEARNER_SCHEMAS)('the %s schemas: every message has its French', async (name) => {
    const module = (await import(`../../shared/src/schemas/${name}.ts`)) as Record<string, unknown>;
    const messages = new Set<string>();
    for (const value of Object.values(module)) {
      if (value instanceof z.ZodType) schemaMessages(value, messages);
      else if (typeof value === 'string' && /^[A-Z].* /.test(value)) messages.add(value);
    }
    expect([...messages].filter((m) => !hasTranslation(m, french))).toEqual([]);
  });

  it.each(['admin', 'auth', 'content', 'learning', 'quality', 'study'])(
    'the %s schemas: every update’s read-only field refuses a change in French too',
    async (name) => {
      const module = (await import(`../../shared/src/schemas/${name}.ts`)) as Record<
        string,
        unknown
      >;
      const messages = Object.entries(module)
        .filter(([exported]) => exported.endsWith('_READ_ONLY'))
        .flatMap(([, fields]) => Object.values(fields as Record<string, string>));
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.filter((m) => !hasTranslation(m, french))).toEqual([]);
    },
  );

  it.each(LEARNER_API_FILES)('%s: every sentence it answers with has its French', (file) => {
    const source = readFileSync(path.join(ROOT, file), 'utf8');
    const sentences = [...source.matchAll(SENTENCE)]
      .map((m) => withSampleValues(m[1] ?? m[2]!))
      .filter((text) => !NOT_FOR_LEARNERS.has(text));
    expect(sentences.filter((m) => !hasTranslation(m, french))).toEqual([]);
  });

  it('translates a message with a value by its template, and leaves an unknown one English', () => {
    expect(
      hasTranslation(
        'Only 3 questions are available in the chosen categories. Choose fewer questions or more categories.',
        french,
      ),
    ).toBe(true);
    expect(hasTranslation('A sentence nobody translated.', french)).toBe(false);
  });
});
