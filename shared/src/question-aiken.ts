/**
 * The Aiken format (Moodle's simplest multiple-choice import): the reader behind an Aiken import
 * (in the console and in the API) and the writer behind the Aiken export. No maintained npm
 * parser exists, so it is written here.
 *
 * The grammar read (each line trimmed of spaces and tabs at both ends; blank = empty after that):
 *
 *   file     = { blank } { question { blank } }
 *   question = stem option option { option } answer
 *   stem     = any line but an answer line: the whole question text, on one line
 *   option   = letter ( "." | ")" ) [ spaces text ]     letters A, B, C… in order
 *   answer   = "ANSWER:" [spaces] letter                 the letter of one of the options
 *   letter   = "A" … "Z" (capitals)
 *
 * - A question ends at its answer line; the next question may follow at once or after blank lines.
 * - Anything else is refused with its line: a second line of question text, options out of order,
 *   a blank line or other text before the answer line, an answer naming no option, an answer line
 *   with no question. Option count (2 to 4), empty options and stems are left to
 *   QuestionInputSchema, so their messages are those of a CSV or JSON row.
 * - The file names no category: its questions take the import's chosen one (else the default).
 *
 * Aiken holds a stem, its options and the key, each on one line, and nothing else: the writer
 * puts a line break inside a text as a space, and an export carries no explanation, no option
 * explanations (the rationales of issue 29), no learnMore and no category (export one category at
 * a time and choose it again on import to keep it; use JSON, CSV or GIFT to keep the rationales).
 */
import {
  splitLines,
  type ParsedQuestionText,
  type QuestionTextItem,
  type QuestionTextOptions,
} from './question-text-format.ts';
import { optionLetter } from './text.ts';

const OPTION = /^([A-Z])[.)](?:[ \t]+(.*))?$/;
const ANSWER = /^ANSWER:[ \t]*([A-Z])$/;
const ANSWER_LIKE = /^ANSWER\s*:/;

const optionExample = (index: number) => `${optionLetter(index)}. … or ${optionLetter(index)}) …`;

export const AIKEN_MESSAGES = {
  answerWithoutQuestion: 'An ANSWER line with no question before it',
  answerFormat:
    'Write the answer as ANSWER: and the capital letter of the right option, as in ANSWER: B',
  noAnswer:
    'This question has no ANSWER line: end it with ANSWER: and the letter of the right option',
} as const;

export function expectedOption(index: number, questionLine: number): string {
  return index === 0
    ? `Expected option A (${optionExample(0)}) after the question on line ${questionLine}: the question text must be one line`
    : `Expected option ${optionLetter(index)} (${optionExample(index)}) or the ANSWER: line`;
}

export function optionOutOfOrder(expected: number, found: string): string {
  return `Expected option ${optionLetter(expected)}, found option ${found}: letter the options A, B, C… in order`;
}

export function answerNamesNoOption(answer: string, count: number): string {
  return count === 0
    ? `ANSWER: ${answer} names no option: this question has none`
    : `ANSWER: ${answer} names no option: this question has A to ${optionLetter(count - 1)}`;
}

type Open = { line: number; stem: string; options: string[] };

/** Reads an Aiken file: every question it holds, and every problem by its line. */
export function parseAiken(text: string, options: QuestionTextOptions = {}): ParsedQuestionText {
  const parsed: ParsedQuestionText = { rows: [], lines: [], errors: [], questionCount: 0 };
  // After an error the rest of that question is passed over, up to a blank or answer line.
  let state = 'stem' as 'stem' | 'options' | 'skip';
  let open: Open = { line: 0, stem: '', options: [] };
  const fail = (line: number, message: string) => {
    parsed.errors.push({ line, message });
    state = 'skip';
  };

  splitLines(text).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (state === 'skip') {
      if (content === '' || ANSWER.test(content)) state = 'stem';
      return;
    }
    if (state === 'stem') {
      if (content === '') return;
      if (ANSWER_LIKE.test(content)) return fail(line, AIKEN_MESSAGES.answerWithoutQuestion);
      open = { line, stem: content, options: [] };
      parsed.questionCount++;
      state = 'options';
      return;
    }
    if (content === '') {
      fail(open.line, AIKEN_MESSAGES.noAnswer);
      state = 'stem';
      return;
    }
    const option = OPTION.exec(content);
    if (option) {
      const found = option[1]!;
      if (found !== optionLetter(open.options.length)) {
        return fail(line, optionOutOfOrder(open.options.length, found));
      }
      open.options.push(option[2] ?? '');
      return;
    }
    const answer = ANSWER.exec(content);
    if (answer) {
      const key = answer[1]!.charCodeAt(0) - 65;
      if (key >= open.options.length) {
        return fail(line, answerNamesNoOption(answer[1]!, open.options.length));
      }
      parsed.rows.push({
        question: open.stem,
        options: open.options,
        correctAnswer: key,
        ...(options.category ? { category: options.category } : {}),
      });
      parsed.lines.push(open.line);
      state = 'stem';
      return;
    }
    if (ANSWER_LIKE.test(content)) return fail(line, AIKEN_MESSAGES.answerFormat);
    fail(line, expectedOption(open.options.length, open.line));
  });
  if (state === 'options')
    parsed.errors.push({ line: open.line, message: AIKEN_MESSAGES.noAnswer });
  return parsed;
}

const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** The Aiken file of a list of questions, in the order given (see the module comment). */
export function questionsToAiken(questions: readonly QuestionTextItem[]): string {
  const blocks = questions.map((q) =>
    [
      oneLine(q.question),
      ...q.options.map((option, i) => `${optionLetter(i)}. ${oneLine(option)}`),
      `ANSWER: ${optionLetter(q.correctAnswer)}`,
    ].join('\n'),
  );
  return blocks.length ? `${blocks.join('\n\n')}\n` : '';
}
