/**
 * Moodle's GIFT format, the multiple-choice part of it: the reader behind a GIFT import (in the
 * console and in the API) and the writer behind the GIFT export. Written here rather than taken
 * from gift-pegjs (docs/decisions/2026-11-25-gift-and-aiken.md): that parser reports no position
 * for a parsed question, so a question with five options or an empty one could not be refused by
 * its line, and it reads every question type we must refuse as if it were supported.
 *
 * The grammar read (a file is lines; a blank line is one holding only spaces or tabs):
 *
 *   file      = { blank | comment | category | question }
 *   comment   = [spaces] "//" rest-of-line               ignored wherever it stands
 *   category  = [spaces] "$CATEGORY:" name end-of-line    at the start of a question's lines;
 *               places the questions after it, up to the next category line
 *   question  = the lines up to a blank line or the end of the file (comments skipped):
 *               [ "::" title "::" ] [marker] stem "{" answers "}" [spaces]
 *   answers   = { answer } [ "####" [marker] explanation ]
 *   answer    = ( "=" | "~" ) [marker] text             exactly one "=" (the right answer), the
 *               [ "#" [marker] feedback ]               others "~" (wrong ones); the feedback is
 *                                                       why that option is right or wrong
 *   marker    = "[plain]" | "[moodle]"                  plain text, dropped
 *
 * - text (title, stem, answers, explanation) is any characters but the unescaped special ones of
 *   its place; a line break inside it, with the spaces around it, reads as one space, and the
 *   text is trimmed. Escapes: \: \~ \= \# \{ \} \\ for the character, \n for a line break; any
 *   other backslash is kept as written (Moodle does the same).
 * - The title (Moodle's question name) is read past: the bank has no names.
 * - A category name matches a bank category by id or label (matchCategory); an unknown one takes
 *   the import's chosen category, and without one is refused on its line.
 * - Refused, each with its line: true/false ({T}, {FALSE}), short answer (only "="), matching
 *   ("=a -> b"), numerical ({#…}), essay ({}), a description (no braces), text after the
 *   closing brace (missing-word questions), answer weights (~%50%), feedback on some answers of a
 *   question but not all, and [html] or [markdown] text. Option count, empty options and empty
 *   stems are left to QuestionInputSchema, so their messages are those of a CSV or JSON row.
 * - Per-answer feedback (=right#why ~wrong#why) is the question's optionExplanations (issue 29),
 *   in the answers' order; an empty one (=right#) counts as none. Questions with and without
 *   feedback mix freely in a file.
 *
 * The writer puts each category's questions under one "$CATEGORY: <id>" line and each question
 * as "stem {", one answer a line (a tab, "=" or "~", the text, and "#" with its explanation when
 * the question has them), "####explanation" when there is one, and "}", with a blank line between
 * questions. It escapes every special character, writes
 * a line break in a text as \n, and starts a text with "[plain]" where it would otherwise read as
 * something else (a leading "[", "%", or "//" for a stem), so what it writes reads back the same.
 */
import {
  byCategory,
  matchCategory,
  splitLines,
  unknownCategoryMessage,
  type ParsedQuestionText,
  type QuestionTextItem,
  type QuestionTextOptions,
} from './question-text-format.ts';
import type { QuestionCategory } from './schemas/quiz-values.ts';

export const GIFT_MESSAGES = {
  unclosedTitle: 'The title is not closed: write ::title:: before the question',
  noAnswers:
    'This question has no answers: end it with its answers in braces, as in {=right ~wrong} (descriptions are not supported)',
  strayClose: 'A } with no { before it: write \\} for a brace in the text',
  unclosedAnswers: 'The answers opened here are not closed with } (a blank line ends a question)',
  braceInAnswers: 'A { inside the answers: write \\{ for a brace in the text',
  textAfterAnswers:
    'Text after the answers: end each question with its answers and leave a blank line before the next one (missing-word questions are not supported)',
  essay: 'Essay questions ({}) are not supported: only multiple choice, as in {=right ~wrong}',
  trueFalse: 'True/false questions are not supported: only multiple choice, as in {=right ~wrong}',
  numerical:
    'Numerical questions ({#…}) are not supported: only multiple choice, as in {=right ~wrong}',
  matching:
    'Matching questions (=a -> b) are not supported: only multiple choice, as in {=right ~wrong}',
  shortAnswer:
    'Short-answer questions (only = answers) are not supported: mark the wrong options with ~',
  answerStart: 'Each answer starts with = (the right one) or ~ (a wrong one)',
  noRightAnswer: 'A multiple-choice question needs its right answer marked with =',
  weight:
    'Answer weights (%50%) are not supported: mark one answer right with = and the others wrong with ~',
  partialFeedback:
    'Give feedback (#…) on every answer of a question or on none: this answer has none (write \\# for a # in the text)',
  richText:
    'HTML and Markdown text ([html], [markdown]) is not supported: write the question as plain text',
} as const;

export function manyRightAnswers(count: number): string {
  return `A multiple-choice question has exactly one right answer (=); this one has ${count} (write \\= for an equals sign in an answer)`;
}

class GiftSyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

const ESCAPED: Record<string, string> = {
  ':': ':',
  '~': '~',
  '=': '=',
  '#': '#',
  '{': '{',
  '}': '}',
  '\\': '\\',
  n: '\n',
};

const MARKER = /^\[(plain|moodle|html|markdown)\]/;
const WEIGHT = /^%-?\d+(?:[.,]\d+)?%/;
const TRUE_FALSE = /^(?:t|true|f|false)\s*(?:#|$)/i;

/** Where the next unescaped character matching `isStop` is in [from, to); -1 if none. */
function findUnescaped(
  text: string,
  from: number,
  to: number,
  isStop: (at: number) => boolean,
): number {
  for (let i = from; i < to; i++) {
    if (text[i] === '\\') i++;
    else if (isStop(i)) return i;
  }
  return -1;
}

/** A raw text of the file as the question holds it: line breaks joined, escapes read, trimmed. */
function readText(source: string, start: number, end: number): string {
  const raw = source.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  let text = raw.trimStart();
  const marker = MARKER.exec(text);
  if (marker) {
    if (marker[1] === 'html' || marker[1] === 'markdown') {
      throw new GiftSyntaxError(start + lead, GIFT_MESSAGES.richText);
    }
    text = text.slice(marker[0].length);
  }
  text = text.replace(/[ \t]*\n[ \t]*/g, ' ');
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (ch === '\\' && next !== undefined && next in ESCAPED) {
      out += ESCAPED[next];
      i++;
    } else {
      out += ch;
    }
  }
  return out.trim();
}

type Answer = { right: boolean; text: string; feedback: string; offset: number };

function readAnswers(source: string, open: number, close: number) {
  const inner = source.slice(open + 1, close);
  const body = inner.trim();
  if (body === '') throw new GiftSyntaxError(open, GIFT_MESSAGES.essay);
  if (TRUE_FALSE.test(body)) throw new GiftSyntaxError(open, GIFT_MESSAGES.trueFalse);
  if (body.startsWith('#') && !body.startsWith('####')) {
    throw new GiftSyntaxError(open, GIFT_MESSAGES.numerical);
  }
  const feedbackAt = findUnescaped(source, open + 1, close, (i) => source.startsWith('####', i));
  const answersEnd = feedbackAt >= 0 ? feedbackAt : close;
  const explanation = answersEnd < close ? readText(source, answersEnd + 4, close) : undefined;

  const answers: Answer[] = [];
  let at = open + 1;
  while (at < answersEnd) {
    while (at < answersEnd && /\s/.test(source[at]!)) at++;
    if (at >= answersEnd) break;
    const mark = source[at];
    if (mark !== '=' && mark !== '~') throw new GiftSyntaxError(at, GIFT_MESSAGES.answerStart);
    let end = findUnescaped(source, at + 1, answersEnd, (i) => '=~'.includes(source[i]!));
    if (end < 0) end = answersEnd;
    const textStart = at + 1;
    const raw = source.slice(textStart, end);
    const lead = raw.length - raw.trimStart().length;
    if (WEIGHT.test(raw.trimStart()))
      throw new GiftSyntaxError(textStart + lead, GIFT_MESSAGES.weight);
    const hash = findUnescaped(source, textStart, end, (i) => source[i] === '#');
    answers.push({
      right: mark === '=',
      text: readText(source, textStart, hash >= 0 ? hash : end),
      feedback: hash >= 0 ? readText(source, hash + 1, end) : '',
      offset: at,
    });
    at = end;
  }

  if (answers.length === 0) throw new GiftSyntaxError(open, GIFT_MESSAGES.essay);
  const rights = answers.filter((answer) => answer.right);
  if (rights.length === answers.length) {
    const arrow = (a: Answer) => a.text.includes('->');
    throw new GiftSyntaxError(
      open,
      answers.every(arrow) ? GIFT_MESSAGES.matching : GIFT_MESSAGES.shortAnswer,
    );
  }
  if (rights.length === 0) throw new GiftSyntaxError(open, GIFT_MESSAGES.noRightAnswer);
  if (rights.length > 1)
    throw new GiftSyntaxError(rights[1]!.offset, manyRightAnswers(rights.length));
  const withoutFeedback = answers.filter((answer) => answer.feedback === '');
  if (withoutFeedback.length > 0 && withoutFeedback.length < answers.length) {
    throw new GiftSyntaxError(withoutFeedback[0]!.offset, GIFT_MESSAGES.partialFeedback);
  }
  return {
    options: answers.map((answer) => answer.text),
    correctAnswer: answers.findIndex((answer) => answer.right),
    explanation,
    optionExplanations: withoutFeedback.length ? undefined : answers.map((a) => a.feedback),
  };
}

/** One question's lines (comments already left out) as a question row. */
function readQuestion(source: string) {
  let at = source.length - source.trimStart().length;
  if (source.startsWith('::', at)) {
    const end = findUnescaped(source, at + 2, source.length, (i) => source.startsWith('::', i));
    if (end < 0) throw new GiftSyntaxError(at, GIFT_MESSAGES.unclosedTitle);
    at = end + 2;
  }
  const isBrace = (i: number) => source[i] === '{' || source[i] === '}';
  const open = findUnescaped(source, at, source.length, isBrace);
  if (open < 0) throw new GiftSyntaxError(at, GIFT_MESSAGES.noAnswers);
  if (source[open] === '}') throw new GiftSyntaxError(open, GIFT_MESSAGES.strayClose);
  const close = findUnescaped(source, open + 1, source.length, isBrace);
  if (close < 0) throw new GiftSyntaxError(open, GIFT_MESSAGES.unclosedAnswers);
  if (source[close] === '{') throw new GiftSyntaxError(close, GIFT_MESSAGES.braceInAnswers);
  const rest = source.slice(close + 1);
  if (rest.trim() !== '') {
    throw new GiftSyntaxError(
      close + 1 + rest.length - rest.trimStart().length,
      GIFT_MESSAGES.textAfterAnswers,
    );
  }
  const question = readText(source, at, open);
  const { options, correctAnswer, explanation, optionExplanations } = readAnswers(
    source,
    open,
    close,
  );
  return {
    question,
    options,
    correctAnswer,
    ...(explanation === undefined ? {} : { explanation }),
    ...(optionExplanations ? { optionExplanations } : {}),
  };
}

type SourceLine = { text: string; line: number };

/** Reads a GIFT file: every question it holds, and every problem by its line. */
export function parseGift(text: string, options: QuestionTextOptions = {}): ParsedQuestionText {
  const parsed: ParsedQuestionText = { rows: [], lines: [], errors: [], questionCount: 0 };
  // undefined: nothing placed yet; null: an unknown category with no chosen one to stand in.
  let category: QuestionCategory | null | undefined = options.category;
  let block: SourceLine[] = [];

  const endQuestion = () => {
    if (block.length === 0) return;
    const lines = block;
    block = [];
    parsed.questionCount++;
    const source = lines.map((l) => l.text).join('\n');
    try {
      const row = readQuestion(source);
      parsed.rows.push(category ? { ...row, category } : row);
      parsed.lines.push(lines[0]!.line);
    } catch (error) {
      if (!(error instanceof GiftSyntaxError)) throw error;
      // The line holding the offset: count the joins before it.
      const line = lines[source.slice(0, error.offset).split('\n').length - 1] ?? lines[0]!;
      parsed.errors.push({ line: line.line, message: error.message });
    }
  };

  splitLines(text).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return endQuestion();
    if (/^\s*\/\//.test(raw)) return;
    const directive = /^\s*\$CATEGORY:(.*)$/.exec(raw);
    if (directive && block.length === 0) {
      const name = directive[1]!;
      const found = matchCategory(name);
      if (found) category = found;
      else if (options.category) category = options.category;
      else {
        category = null;
        parsed.errors.push({ line, message: unknownCategoryMessage(name) });
      }
      return;
    }
    block.push({ text: raw, line });
  });
  endQuestion();
  return parsed;
}

/** A text as GIFT writes it: specials escaped, line breaks as \n, "[plain]" where it must be. */
function giftText(text: string, isStem = false): string {
  const escaped = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\\:~=#{}]/g, (ch) => `\\${ch}`)
    .replace(/\n/g, '\\n');
  return /^[[%]/.test(escaped) || (isStem && escaped.startsWith('//'))
    ? `[plain]${escaped}`
    : escaped;
}

/** The GIFT file of a list of questions, grouped by category (see the module comment). */
export function questionsToGift(questions: readonly QuestionTextItem[]): string {
  const blocks: string[] = [];
  let category: QuestionCategory | null = null;
  for (const q of byCategory(questions)) {
    if (q.category !== category) {
      category = q.category;
      blocks.push(`$CATEGORY: ${category}`);
    }
    const lines = [`${giftText(q.question, true)} {`];
    q.options.forEach((option, i) => {
      const why = q.optionExplanations?.[i];
      const feedback = why ? `#${giftText(why)}` : '';
      lines.push(`\t${i === q.correctAnswer ? '=' : '~'}${giftText(option)}${feedback}`);
    });
    if (q.explanation) lines.push(`\t####${giftText(q.explanation)}`);
    lines.push('}');
    blocks.push(lines.join('\n'));
  }
  return blocks.length ? `${blocks.join('\n\n')}\n` : '';
}
