import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { IMPORT_MESSAGES } from '@drone-exam/shared/question-import';
import type { BulkImportResult, ImportJob } from '@drone-exam/shared/schemas/content';
import { Alert } from '@drone-exam/shared/ui/ui';
import { ErrorPanel } from '../components/admin-ui';
import { api, unwrap } from '../lib/api';
import { useRefreshContent } from './queries';
import { IMPORT_ERRORS_IN_SUMMARY, IMPORT_JOB_POLL_MS } from './constants';
import {
  DEFAULT_DIFFICULTY,
  DEFAULT_IMPORT_CATEGORY,
  IMPORT_MAX_QUESTIONS,
  IMPORT_SYNC_MAX_QUESTIONS,
} from '@drone-exam/shared/schemas/content-values';

/** The parts of the import panel: error lists, the summary, a queued job's progress, the formats. */
export function ErrorList({ lines }: { lines: string[] }) {
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
export function ImportSummary({ result }: { result: BulkImportResult }) {
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

/**
 * A large import on the Queue: its progress while it runs, then its summary. The job as the import
 * answered shows at once (queued, with its count), however soon the Queue finishes it.
 */
export function ImportJobProgress({ queued }: { queued: ImportJob }) {
  const refresh = useRefreshContent();
  const job = useQuery({
    queryKey: ['content', 'import-job', queued.id],
    queryFn: () => unwrap(api(`/admin/questions/import-jobs/${queued.id}`)),
    initialData: { job: queued },
    select: (data) => data.job,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.job.status;
      return status === 'completed' || status === 'failed' ? false : IMPORT_JOB_POLL_MS;
    },
  });
  const status = job.data.status;
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

const code = (text: string) => <code className="rounded bg-slate-100 px-1">{text}</code>;

/** What each format holds, for the panel's "File formats" disclosure. */
export function FileFormatHelp() {
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-sky-800">File formats</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          CSV and JSON. Required: {code('question')}, {code('options')} (2 to 4) and{' '}
          {code('correctAnswer')} (the index of the right option, 0 for the first). Optional:{' '}
          {code('explanation')}, {code('category')} (default {DEFAULT_IMPORT_CATEGORY}),{' '}
          {code('difficulty')} (easy, medium or hard; default {DEFAULT_DIFFICULTY}), {code('tags')},{' '}
          {code('regulationReference')}, {code('imageUrl')}, {code('figure')} (an object with{' '}
          {code('kind')} svg or text, {code('content')}, {code('alt')} and, for text,{' '}
          {code('format')}), {code('optionExplanations')} (why each option is right or wrong, one
          per option in the same order), {code('learnMore')} and {code('alsoTaughtIn')} (a module
          section: {code('moduleSlug')} and {code('sectionId')}), {code('isActive')} (true or
          false). In CSV, separate options, their explanations and tags with semicolons; write{' '}
          {code('\\;')} for a semicolon inside one; a section is {code('module-slug#section-id')}; a
          figure is its JSON in one cell. GIFT and Aiken carry no figures: export those questions as
          JSON or CSV.
        </li>
        <li>
          GIFT (Moodle, .gift or .txt): multiple-choice questions such as{' '}
          {code('::Title:: Question? {=right ~wrong ~wrong ####Explanation}')}, a blank line between
          questions; {code('=right#why ~wrong#why')} gives each option its explanation (on every
          answer of a question or none). {code('$CATEGORY:')} lines name a category by its name or
          label; the category chosen above places the others. Escape {code(': ~ = # { }')} with a
          backslash. True/false, short-answer, matching, numerical and essay questions are refused.
        </li>
        <li>
          Aiken (.txt): the question on one line, options {code('A.')} or {code('A)')} on the next
          lines, then {code('ANSWER: A')}. Aiken has no explanations (of the question or of its
          options) or categories: its questions take the category chosen above.
        </li>
        <li>
          Up to {IMPORT_MAX_QUESTIONS} questions per file; files of more than{' '}
          {IMPORT_SYNC_MAX_QUESTIONS} are imported in the background.
        </li>
      </ul>
    </details>
  );
}
