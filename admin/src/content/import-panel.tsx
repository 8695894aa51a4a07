import { useEffect, useRef, useState } from 'react';
import {
  IMPORT_FORMATS,
  IMPORT_FORMAT_LABELS,
  type ImportFormat,
} from '@drone-exam/shared/question-import';
import { Alert, Button, Card, SelectField, Spinner } from '@drone-exam/shared/ui/ui';
import { ErrorList, FileFormatHelp, ImportJobProgress, ImportSummary } from './import-parts';
import { useQuestionImport } from './use-question-import';
import {
  QUESTION_CATEGORIES,
  QUESTION_CATEGORY_LABELS,
  type QuestionCategory,
} from '@drone-exam/shared/schemas/quiz-values';
import { DEFAULT_IMPORT_CATEGORY } from '@drone-exam/shared/schemas/content-values';

/**
 * Bulk import (premium-quiz-admin-spec §4, §5, §8): choose a file, read and check it here, send
 * it, show the summary. Any error aborts the whole import, so nothing is half-imported. CSV,
 * JSON, GIFT and Aiken files; the format comes from the file name unless chosen.
 */
export function ImportPanel({ onClose }: { onClose: () => void }) {
  const { stage, importFile } = useQuestionImport();
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [category, setCategory] = useState<QuestionCategory | ''>('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const busy = stage.kind === 'sending';
  const locked = busy || stage.kind === 'job';
  return (
    <Card className="space-y-4">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h4 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
            Import questions
          </h4>
          <p className="mt-1 text-sm text-slate-600">
            A CSV or JSON file of questions, or multiple-choice questions in Moodle&apos;s GIFT or
            the Aiken format. Every question is checked first; if any has an error, nothing is
            imported.
          </p>
        </div>
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Close
        </Button>
      </div>
      <FileFormatHelp />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Format"
          value={format}
          disabled={locked}
          onChange={(event) => setFormat(event.target.value as ImportFormat | '')}
        >
          <option value="">From the file name</option>
          {IMPORT_FORMATS.map((value) => (
            <option key={value} value={value}>
              {IMPORT_FORMAT_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <div>
          <SelectField
            label="Category for GIFT and Aiken questions"
            aria-describedby="import-category-help"
            value={category}
            disabled={locked}
            onChange={(event) => setCategory(event.target.value as QuestionCategory | '')}
          >
            <option value="">
              As the file says (else {QUESTION_CATEGORY_LABELS[DEFAULT_IMPORT_CATEGORY]})
            </option>
            {QUESTION_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {QUESTION_CATEGORY_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <p id="import-category-help" className="mt-1 text-xs text-slate-600">
            For the questions the file does not place: all of an Aiken file, and GIFT questions
            without a known $CATEGORY.
          </p>
        </div>
      </div>
      <div>
        <label htmlFor="question-import-file" className="block text-sm font-medium text-slate-800">
          Question file (.csv, .json, .gift or .txt)
        </label>
        <input
          id="question-import-file"
          type="file"
          accept=".csv,.json,.gift,.txt,.aiken,text/csv,application/json,text/plain"
          disabled={locked}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) {
              void importFile(file, {
                format: format || undefined,
                category: category || undefined,
              });
            }
          }}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-sky-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-sky-800"
        />
      </div>
      <div aria-live="polite">
        {stage.kind === 'sending' && (
          <Spinner
            label={`Importing ${stage.count} questions from ${stage.fileName} as ${stage.format}…`}
          />
        )}
        {stage.kind === 'rejected' && (
          <Alert tone="error" title={stage.error}>
            <ErrorList lines={stage.details} />
          </Alert>
        )}
        {stage.kind === 'job' && <ImportJobProgress queued={stage.job} />}
        {stage.kind === 'done' && <ImportSummary result={stage.result} />}
      </div>
    </Card>
  );
}
