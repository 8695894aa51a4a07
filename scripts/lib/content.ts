/**
 * Reads the study modules and the question bank in content/, for the seed and the content tests.
 * Runs on Node 24 directly (type stripping), so imports carry their .ts extensions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { renderMarkdown, type TocEntry } from '../../shared/src/markdown.ts';
import { readingMinutes } from '../../shared/src/text.ts';
import {
  ContentQuestionFrenchSchema,
  ContentQuestionSchema,
  ModuleFrontMatterSchema,
  type ContentQuestion,
  type ContentQuestionFrench,
  type ModuleFrontMatter,
} from '../../shared/src/schemas/content.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const MODULES_DIR = path.join(ROOT, 'content/modules');
export const QUESTIONS_DIR = path.join(ROOT, 'content/questions');
/** The French beside the English (issue 19): the same file names, the same ids. */
export const FRENCH_MODULES_DIR = path.join(ROOT, 'content/fr/modules');
export const FRENCH_QUESTIONS_DIR = path.join(ROOT, 'content/fr/questions');
/** The Advanced exam's own modules and questions (issue 28), each with `exams: ["advanced"]`. */
export const ADVANCED_MODULES_DIR = path.join(ROOT, 'content/advanced/modules');
export const ADVANCED_QUESTIONS_DIR = path.join(ROOT, 'content/advanced/questions');
export const FRENCH_ADVANCED_MODULES_DIR = path.join(ROOT, 'content/fr/advanced/modules');
export const FRENCH_ADVANCED_QUESTIONS_DIR = path.join(ROOT, 'content/fr/advanced/questions');

/** Where advanced modules sort: after the Basic ones, in their own order. */
export const ADVANCED_ORDER_OFFSET = 100;

export type ContentModule = ModuleFrontMatter & {
  file: string;
  bodyMarkdown: string;
  contentHtml: string;
  toc: TocEntry[];
  wordCount: number;
  estimatedReadTime: number;
};

export function splitFrontMatter(source: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error('missing front matter');
  return { data: parseYaml(match[1] ?? ''), body: match[2] ?? '' };
}

type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };

export function loadModules(dir = MODULES_DIR): ContentModule[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => {
      const { data, body } = splitFrontMatter(readFileSync(path.join(dir, file), 'utf8'));
      const parsed = ModuleFrontMatterSchema.safeParse(data);
      if (!parsed.success)
        throw new Error(
          `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
      const rendered = renderMarkdown(body);
      return {
        ...parsed.data,
        file,
        bodyMarkdown: body.trim(),
        contentHtml: rendered.html,
        toc: rendered.toc,
        wordCount: rendered.wordCount,
        estimatedReadTime: readingMinutes(rendered.wordCount),
      };
    });
}

export function loadQuestionFiles(dir = QUESTIONS_DIR): Array<{ file: string; raw: unknown }> {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      raw: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown,
    }));
}

export function loadQuestions(dir = QUESTIONS_DIR): ContentQuestion[] {
  return parseQuestionFiles(dir, ContentQuestionSchema);
}

/** The French of the questions, by id (content/fr/questions). */
export function loadFrenchQuestions(
  dir = FRENCH_QUESTIONS_DIR,
): Map<string, ContentQuestionFrench> {
  return new Map(parseQuestionFiles(dir, ContentQuestionFrenchSchema).map((q) => [q.id, q]));
}

/** The French of the modules, by slug (content/fr/modules, same front matter but the texts). */
export function loadFrenchModules(dir = FRENCH_MODULES_DIR): Map<string, ContentModule> {
  return new Map(loadModules(dir).map((module) => [module.slug, module]));
}

function parseQuestionFiles<T>(
  dir: string,
  schema: { safeParse: (item: unknown) => ParseResult<T> },
): T[] {
  return loadQuestionFiles(dir).flatMap(({ file, raw }) => {
    if (!Array.isArray(raw)) throw new Error(`${file}: not a JSON array`);
    return raw.map((item, i) => {
      const parsed = schema.safeParse(item);
      if (!parsed.success) {
        throw new Error(
          `${file}[${i}]: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
        );
      }
      return parsed.data;
    });
  });
}
