import { useState } from 'react';
import {
  IMPORT_FORMAT_LABELS,
  IMPORT_MESSAGES,
  checkImportFile,
  detectImportFormat,
  isTextImportFormat,
  rowErrorFromKey,
  rowErrorLines,
  sortRowErrors,
  type ImportFormat,
  type ImportRowError,
} from '@drone-exam/shared/question-import';
import type { BulkImportResult, ImportJob } from '@drone-exam/shared/schemas/content';
import { api } from '../lib/api';
import { useRefreshContent } from './queries';
import type { QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';

export type ImportStage =
  | { kind: 'idle' }
  | { kind: 'rejected'; error: string; details: string[] }
  | { kind: 'sending'; fileName: string; format: string; count: number }
  | { kind: 'job'; job: ImportJob }
  | { kind: 'done'; result: BulkImportResult };

/** What the admin chose beside the file: a format (else the file name decides) and a category. */
export type ImportChoice = { format?: ImportFormat; category?: QuestionCategory };

/** The server's row or line errors (its `fields`) as the alert lists them. */
function serverRowErrors(fields: Record<string, string> | undefined): string[] {
  const errors = Object.entries(fields ?? {})
    .map(([key, message]) => rowErrorFromKey(key, message))
    .filter((error): error is ImportRowError => error !== null);
  return rowErrorLines(sortRowErrors(errors));
}

const failed = (reason: string | null | undefined) => ({
  kind: 'rejected' as const,
  error: `${IMPORT_MESSAGES.importFailed}${reason || IMPORT_MESSAGES.unknownError}`,
  details: [] as string[],
});

/**
 * One import (premium-quiz-admin-spec §4, §5, §8): read the file, check it here with the API's
 * own rules, send it, and follow the answer. CSV and JSON go as checked rows; GIFT and Aiken go
 * as the file's text, which the API parses again and answers about by line.
 */
export function useQuestionImport() {
  const [stage, setStage] = useState<ImportStage>({ kind: 'idle' });
  const refresh = useRefreshContent();

  async function importFile(file: File, choice: ImportChoice) {
    let text: string;
    try {
      text = (await file.text()).replace(/^\uFEFF/, '');
    } catch (error) {
      setStage(failed(error instanceof Error ? error.message : null));
      return;
    }
    const format = choice.format ?? detectImportFormat(file.name, text);
    const checked = checkImportFile(file.name, text, { format, category: choice.category });
    if (!checked.ok) {
      setStage({ kind: 'rejected', error: checked.error, details: checked.details });
      return;
    }
    setStage({
      kind: 'sending',
      fileName: file.name,
      format: IMPORT_FORMAT_LABELS[format],
      count: checked.questions.length,
    });
    const body = isTextImportFormat(format)
      ? { format, content: text, ...(choice.category ? { category: choice.category } : {}) }
      : { questions: checked.questions };
    const result = await api('/admin/questions/bulk-import', { method: 'POST', body });
    if (!result.success) {
      setStage({ ...failed(result.error), details: serverRowErrors(result.fields) });
      return;
    }
    if ('job' in result.data) {
      setStage({ kind: 'job', job: result.data.job });
      return;
    }
    setStage({ kind: 'done', result: result.data });
    void refresh();
  }

  return { stage, importFile };
}
