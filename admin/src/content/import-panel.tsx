import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_DIFFICULTY,
  DEFAULT_IMPORT_CATEGORY,
  IMPORT_ERRORS_IN_SUMMARY,
  IMPORT_JOB_POLL_MS,
  IMPORT_MAX_QUESTIONS,
  IMPORT_SYNC_MAX_QUESTIONS,
} from '@drone-exam/shared/constants';
import {
  IMPORT_MESSAGES,
  IMPORT_REQUIRED_HEADERS,
  checkImportFile,
  rowErrorLines,
} from '@drone-exam/shared/question-import';
import type { BulkImportResult, ImportJob } from '@drone-exam/shared/schemas/content';
import { Alert, Button, Card, Spinner } from '@drone-exam/shared/ui/ui';
import { ErrorPanel } from '../components/admin-ui';
import { api, unwrap } from '../lib/api';
import { useRefreshContent } from './queries';

type Stage =
  | { kind: 'idle' }
  | { kind: 'rejected'; error: string; details: string[] }
  | { kind: 'sending'; fileName: string; count: number }
  | { kind: 'job'; jobId: string }
  | { kind: 'done'; result: BulkImportResult };

/** The server's row errors (fields keyed by row number) as the alert lists them. */
function serverRowErrors(fields: Record<string, string> | undefined): string[] {
  return rowErrorLines(
    Object.entries(fields ?? {}).map(([row, message]) => ({ row: Number(row), message })),
  );
}

function ErrorList({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <ul className="mt-2 list-disc space-y-0.5 pl-5" data-testid="import-errors">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** premium-quiz-admin-spec §8: Successful and Failed counts and up to 5 errors. */
function ImportSummary({ result }: { result: BulkImportResult }) {
  const tone = result.failed > 0 ? 'error' : 'success';
  return (
    <Alert tone={tone} title="Import summary">
      <dl className="flex gap-6">
        <div>
          <dt className="inline">Successful: </dt>
          <dd className="inline font-semibold">{result.successful}</dd>
        </div>
        <div>
          <dt className="inline">Failed: </dt>
          <dd className="inline font-semibold">{result.failed}</dd>
        </div>
      </dl>
      <ErrorList lines={result.errors.slice(0, IMPORT_ERRORS_IN_SUMMARY)} />
    </Alert>
  );
}

/** A large import on the Queue: its progress while it runs, then its summary. */
function ImportJobProgress({ jobId }: { jobId: string }) {
  const refresh = useRefreshContent();
  const job = useQuery({
    queryKey: ['content', 'import-job', jobId],
    queryFn: () => unwrap(api<{ job: ImportJob }>(`/admin/questions/import-jobs/${jobId}`)),
    select: (data) => data.job,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.job.status;
      return status === 'completed' || status === 'failed' ? false : IMPORT_JOB_POLL_MS;
    },
  });
  const status = job.data?.status;
  useEffect(() => {
    if (status === 'completed') void refresh();
  }, [status, refresh]);

  if (job.isError) {
    return (
      <ErrorPanel
        title="The import's progress could not be loaded"
        error={job.error}
        onRetry={() => void job.refetch()}
        retryLabel="Try Again"
      />
    );
  }
  if (!job.data) return <Spinner label="Starting the import…" />;
  const { total, processed } = job.data;
  if (status === 'completed' || status === 'failed') {
    return (
      <div className="space-y-3">
        {status === 'failed' && (
          <Alert tone="error" title={`${IMPORT_MESSAGES.importFailed}nothing was imported`} />
        )}
        <ImportSummary result={job.data} />
      </div>
    );
  }
  return (
    <div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {status === 'queued'
          ? `Queued: ${total} questions`
          : processed < total
            ? `Checking rows against the bank: ${processed} of ${total}`
            : `Writing ${total} questions…`}
      </p>
      <progress
        aria-label="Import progress"
        value={processed}
        max={total || 1}
        className="mt-2 h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-sky-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-sky-600"
      />
    </div>
  );
}

/**
 * Bulk import (premium-quiz-admin-spec §4, §5, §8): choose a file, read and check it here, send
 * it, show the summary. Any error aborts the whole import, so nothing is half-imported.
 */
export function ImportPanel({ onClose }: { onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const refresh = useRefreshContent();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function importFile(file: File) {
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : null;
      setStage({
        kind: 'rejected',
        error: `${IMPORT_MESSAGES.importFailed}${reason ?? IMPORT_MESSAGES.unknownError}`,
        details: [],
      });
      return;
    }
    const checked = checkImportFile(file.name, text);
    if (!checked.ok) {
      setStage({ kind: 'rejected', error: checked.error, details: checked.details });
      return;
    }
    setStage({ kind: 'sending', fileName: file.name, count: checked.questions.length });
    const result = await api<BulkImportResult | { job: ImportJob }>(
      '/admin/questions/bulk-import',
      { body: { questions: checked.questions } },
    );
    if (!result.success) {
      setStage({
        kind: 'rejected',
        error: `${IMPORT_MESSAGES.importFailed}${result.error || IMPORT_MESSAGES.unknownError}`,
        details: serverRowErrors(result.fields),
      });
      return;
    }
    if ('job' in result.data) {
      setStage({ kind: 'job', jobId: result.data.job.id });
      return;
    }
    setStage({ kind: 'done', result: result.data });
    void refresh();
  }

  const busy = stage.kind === 'sending';
  return (
    <Card className="space-y-4">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h4 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900">
            Import questions
          </h4>
          <p className="mt-1 text-sm text-slate-600">
            A JSON array of questions, or a CSV with the headers{' '}
            {IMPORT_REQUIRED_HEADERS.join(', ')}. Every row is checked first; if any row has an
            error, nothing is imported.
          </p>
        </div>
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Close
        </Button>
      </div>
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-sky-800">File format</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            Required: <code>question</code>, <code>options</code> (2 to 4) and{' '}
            <code>correctAnswer</code> (the index of the right option, 0 for the first).
          </li>
          <li>
            Optional: <code>explanation</code>, <code>category</code> (default{' '}
            {DEFAULT_IMPORT_CATEGORY}), <code>difficulty</code> (easy, medium or hard; default{' '}
            {DEFAULT_DIFFICULTY}), <code>tags</code>, <code>regulationReference</code>,{' '}
            <code>imageUrl</code>, <code>isActive</code> (true or false).
          </li>
          <li>
            In CSV, separate options and tags with semicolons; write <code>\;</code> for a semicolon
            inside an option.
          </li>
          <li>
            Up to {IMPORT_MAX_QUESTIONS} questions per file; files of more than{' '}
            {IMPORT_SYNC_MAX_QUESTIONS} are imported in the background.
          </li>
        </ul>
      </details>
      <div>
        <label htmlFor="question-import-file" className="block text-sm font-medium text-slate-800">
          Question file (.csv or .json)
        </label>
        <input
          id="question-import-file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          disabled={busy || stage.kind === 'job'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-sky-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-sky-800"
        />
      </div>
      <div aria-live="polite">
        {stage.kind === 'sending' && (
          <Spinner label={`Importing ${stage.count} questions from ${stage.fileName}…`} />
        )}
        {stage.kind === 'rejected' && (
          <Alert tone="error" title={stage.error}>
            <ErrorList lines={stage.details} />
          </Alert>
        )}
        {stage.kind === 'job' && <ImportJobProgress jobId={stage.jobId} />}
        {stage.kind === 'done' && <ImportSummary result={stage.result} />}
      </div>
    </Card>
  );
}
