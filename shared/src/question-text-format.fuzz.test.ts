/**
 * Seeded fuzzing of the GIFT and Aiken readers and writers: random question lists written and
 * read back must come back the same (and their file a fixed point), and random mutations of those
 * files must never throw: they read, or give errors that name a line of the file. A failure
 * prints the seed and the case number, so it replays exactly.
 */
import { describe, expect, it } from 'vitest';
import { parseAiken, questionsToAiken } from './question-aiken.ts';
import { parseGift, questionsToGift } from './question-gift.ts';
import { checkImportFile } from './question-import.ts';
import { byCategory, splitLines, type QuestionTextItem } from './question-text-format.ts';
import { QUESTION_CATEGORIES } from './schemas/quiz-values.ts';

const SEED = 0x2026_1126;
const ROUND_TRIPS = 300;
const MUTATIONS = 1500;

type Random = () => number;

/** mulberry32: a small seeded generator, so every run sees the same cases. */
function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[int(random, 0, items.length - 1)]!;

/** Every character either format treats specially, among ordinary ones. */
const SPECIALS = [':', '~', '=', '#', '{', '}', '\\', '[', ']', '%', '/', '-', '>', '$', '.', ')'];
const ORDINARY = ['a', 'b', 'Q', 'T', 'F', 'n', 'A', 'B', '4', '0', ' ', ' ', '\t', 'é', '漢', '"'];
const WORDS = [
  'ANSWER:',
  'A.',
  'B)',
  '$CATEGORY:',
  '//',
  '::',
  '####',
  '[html]',
  '[plain]',
  '%50%',
  '->',
  '\\n',
];

function text(random: Random, multiline: boolean): string {
  let out = '';
  const length = int(random, 1, 40);
  for (let i = 0; i < length; i++) {
    const roll = random();
    if (roll < 0.1) out += pick(random, WORDS);
    else if (roll < 0.35) out += pick(random, SPECIALS);
    else if (multiline && roll < 0.4) out += '\n';
    else out += pick(random, ORDINARY);
  }
  return out.trim() || 'x';
}

function questions(random: Random, multiline: boolean): QuestionTextItem[] {
  return Array.from({ length: int(random, 1, 8) }, () => {
    const options = Array.from({ length: int(random, 2, 4) }, () => text(random, multiline));
    let question = text(random, multiline);
    // An Aiken stem cannot begin like an answer line: the format has no way to write it.
    if (!multiline && /^ANSWER\s*:/.test(question)) question = `Q ${question}`;
    return {
      question,
      options,
      correctAnswer: int(random, 0, options.length - 1),
      explanation: random() < 0.3 ? '' : text(random, multiline),
      category: pick(random, QUESTION_CATEGORIES),
      // GIFT carries them as per-answer feedback; Aiken drops them (its expected rows leave them out).
      ...(random() < 0.4 ? { optionExplanations: options.map(() => text(random, multiline)) } : {}),
    };
  });
}

const MUTANTS = [
  '{T}',
  '{}',
  '{#1}',
  '$CATEGORY: nowhere',
  'ANSWER: Q',
  'ANSWER: A',
  '::',
  '####',
  'A) ',
  'E. e',
  '//',
  '[html]',
  '=',
  '~',
  '}',
  '{',
  '\\',
];

function mutate(random: Random, file: string): string {
  let out = file;
  for (let n = int(random, 1, 4); n > 0; n--) {
    const lines = out.split('\n');
    const at = int(random, 0, out.length);
    const line = int(random, 0, lines.length - 1);
    switch (int(random, 0, 6)) {
      case 0:
        out =
          out.slice(0, at) + pick(random, [...SPECIALS, '\n', '\n\n', '\r', ' ']) + out.slice(at);
        break;
      case 1:
        out = out.slice(0, at) + out.slice(at + int(random, 1, 6));
        break;
      case 2:
        lines.splice(line, 0, lines[line]!);
        out = lines.join('\n');
        break;
      case 3:
        lines.splice(line, 1);
        out = lines.join('\n');
        break;
      case 4:
        lines[line] = pick(random, MUTANTS);
        out = lines.join('\n');
        break;
      case 5:
        out = out.slice(0, at) + pick(random, MUTANTS) + out.slice(at);
        break;
      default:
        out = out.slice(0, at);
    }
  }
  return out;
}

const FORMATS = {
  gift: {
    parse: parseGift,
    write: questionsToGift,
    multiline: true,
    expected: (qs: QuestionTextItem[]) =>
      byCategory(qs).map(({ explanation, ...q }) => (explanation ? { ...q, explanation } : q)),
  },
  aiken: {
    parse: parseAiken,
    write: questionsToAiken,
    multiline: false,
    expected: (qs: QuestionTextItem[]) =>
      qs.map(({ question, options, correctAnswer }) => ({ question, options, correctAnswer })),
  },
} as const;

describe.each(['gift', 'aiken'] as const)('fuzzing %s', (format) => {
  const { parse, write, multiline, expected } = FORMATS[format];

  it(`${ROUND_TRIPS} random question lists read back as written`, () => {
    const random = seeded(SEED);
    for (let n = 0; n < ROUND_TRIPS; n++) {
      const list = questions(random, multiline);
      const file = write(list);
      const parsed = parse(file);
      const label = `seed ${SEED}, case ${n}:\n${file}`;
      expect(parsed.errors, label).toEqual([]);
      expect(parsed.rows, label).toEqual(expected(list));
      expect(write(parsed.rows as QuestionTextItem[]), label).toBe(file);
    }
  });

  it(`${MUTATIONS} random mutations read, or fail with lines of the file`, () => {
    const random = seeded(SEED + 1);
    for (let n = 0; n < MUTATIONS; n++) {
      const file = mutate(random, write(questions(random, multiline)));
      const label = `seed ${SEED + 1}, case ${n}:\n${file}`;
      const lineCount = splitLines(file).length;
      const parsed = parse(file, { category: 'operations' });
      expect(parsed.rows.length, label).toBe(parsed.lines.length);
      expect(parsed.questionCount, label).toBeGreaterThanOrEqual(parsed.rows.length);
      for (const { line, message } of parsed.errors) {
        expect(Number.isInteger(line) && line >= 1 && line <= lineCount, label).toBe(true);
        expect(message, label).not.toBe('');
      }
      for (const line of parsed.lines) expect(line >= 1 && line <= lineCount, label).toBe(true);

      const checked = checkImportFile(`mutant.${format}`, file, { format });
      if (!checked.ok) {
        for (const detail of checked.details) {
          expect(detail, label).toMatch(/^(Line \d+: .+|…and \d+ more)$/);
        }
      }
    }
  });
});

describe('large files read in time linear in their size', () => {
  // The API reads bodies of up to 8 MiB in the worker: a scan that restarted for each answer or
  // line would take minutes on files like these, where a linear one takes well under a second.
  const MAX_MS = 5000;

  it.each([
    ['one GIFT question of 500,000 answers', () => parseGift(`Q {=a ${'~b '.repeat(500_000)}}`)],
    ['one GIFT question never closed', () => parseGift(`Q {=a ${'~b\\} '.repeat(300_000)}`)],
    [
      '50,000 GIFT questions',
      () =>
        parseGift(Array.from({ length: 50_000 }, (_, i) => `Q${i}? {=a ~b ####c}`).join('\n\n')),
    ],
    [
      '50,000 Aiken questions',
      () =>
        parseAiken(
          Array.from({ length: 50_000 }, (_, i) => `Q${i}?\nA. a\nB. b\nANSWER: A`).join('\n'),
        ),
    ],
  ])('%s', (_, read) => {
    const started = performance.now();
    const parsed = read();
    expect(performance.now() - started).toBeLessThan(MAX_MS);
    expect(parsed.questionCount).toBeGreaterThan(0);
  });
});
