import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import {
  ADMIN_SEARCH_DEBOUNCE_MS,
  DIFFICULTIES,
  PAGE_SIZE_QUESTIONS,
  QUESTION_CATEGORIES,
} from '@drone-exam/shared/constants';
import type { AdminQuestion } from '@drone-exam/shared/schemas/content';
import { prettifyCategory, truncate } from '@drone-exam/shared/text';
import { useToast } from '@drone-exam/shared/ui/toast';
import { Button, EmptyState, LinkButton, Skeleton } from '@drone-exam/shared/ui/ui';
import { api, downloadFile, unwrap } from '../lib/api';
import { useDebounced } from '../lib/use-debounced';
import { useContentBase } from './hooks';
import { ImportPanel } from './import-panel';
import { useQuestions, useRefreshContent } from './queries';
import { ConfirmDialog, LoadError, Pager, StatusBadge, formatDate } from './ui';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const filterClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm focus:outline-2 focus:outline-sky-600';

/** /admin/content/questions: the bank with search, filters, import and export. */
export function QuestionList() {
  const base = useContentBase();
  const toast = useToast();
  const refresh = useRefreshContent();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [category, setCategory] = useState('');
  const [difficulty, setDifficulty] = useState('');
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const search = useDebounced(searchText.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const questions = useQuestions({ page, search, category, difficulty });
  const filtered = Boolean(search || category || difficulty);

  const exportBank = useMutation({
    mutationFn: (format: 'csv' | 'json') =>
      downloadFile('/admin/questions/export', {
        query: { format },
        type: format === 'csv' ? 'text/csv' : 'application/json',
      }),
    onError: (error) => toast.error(`Export failed: ${error.message}`),
  });

  const remove = useMutation({
    mutationFn: (question: AdminQuestion) =>
      unwrap(api(`/admin/questions/${question.id}`, { method: 'DELETE' })),
    onSuccess: () => {
      toast.success('The question was deleted');
      setDeleting(null);
      void refresh();
    },
    onError: (error) => {
      toast.error(error.message);
      setDeleting(null);
    },
  });

  const data = questions.data;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">Question Bank</h3>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setImporting(true)} disabled={importing}>
            Import
          </Button>
          <Button
            variant="secondary"
            loading={exportBank.isPending && exportBank.variables === 'csv'}
            loadingText="Exporting..."
            onClick={() => exportBank.mutate('csv')}
          >
            Export CSV
          </Button>
          <Button
            variant="secondary"
            loading={exportBank.isPending && exportBank.variables === 'json'}
            loadingText="Exporting..."
            onClick={() => exportBank.mutate('json')}
          >
            Export JSON
          </Button>
          <LinkButton to={`${base}/questions/new`}>New Question</LinkButton>
        </div>
      </div>

      {importing && <ImportPanel onClose={() => setImporting(false)} />}

      <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <div>
          <label htmlFor="question-search" className="sr-only">
            Search questions
          </label>
          <input
            id="question-search"
            type="search"
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              setPage(1);
            }}
            placeholder="Search questions"
            className={filterClass}
          />
        </div>
        <div>
          <label htmlFor="question-category" className="sr-only">
            Category
          </label>
          <select
            id="question-category"
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              setPage(1);
            }}
            className={filterClass}
          >
            <option value="">All categories</option>
            {QUESTION_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {prettifyCategory(value, QUESTION_CATEGORIES)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="question-difficulty" className="sr-only">
            Difficulty
          </label>
          <select
            id="question-difficulty"
            value={difficulty}
            onChange={(event) => {
              setDifficulty(event.target.value);
              setPage(1);
            }}
            className={filterClass}
          >
            <option value="">All difficulties</option>
            {DIFFICULTIES.map((value) => (
              <option key={value} value={value}>
                {capitalise(value)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-4">
        {questions.isPending ? (
          <div aria-busy="true" aria-label="Loading questions" className="space-y-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : questions.isError ? (
          <LoadError
            message={`Failed to load questions: ${questions.error.message}`}
            onRetry={() => void questions.refetch()}
          />
        ) : data!.questions.length === 0 ? (
          <EmptyState title={filtered ? 'No questions match' : 'The question bank is empty'}>
            {filtered
              ? 'Try other words, or clear the filters.'
              : 'Add a question, or import a CSV or JSON file.'}
          </EmptyState>
        ) : (
          <>
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <table className="w-full min-w-[48rem] text-left text-sm">
                <caption className="sr-only">
                  Questions, {data!.pagination.totalItems} in all, latest update first
                </caption>
                <thead className="bg-slate-50 text-slate-600">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Question
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Category
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Difficulty
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Updated
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data!.questions.map((question) => (
                    <tr key={question.id}>
                      <td className="max-w-md px-4 py-3">
                        <Link
                          to={`${base}/questions/${question.id}`}
                          className="font-medium text-sky-800 hover:underline"
                          title={question.question}
                        >
                          {truncate(question.question, 120)}
                        </Link>
                        {question.regulationReference && (
                          <p className="text-xs text-slate-500">{question.regulationReference}</p>
                        )}
                      </td>
                      <td className="px-4 py-3 text-slate-700">
                        {prettifyCategory(question.category, QUESTION_CATEGORIES)}
                      </td>
                      <td className="px-4 py-3 text-slate-700">{capitalise(question.difficulty)}</td>
                      <td className="px-4 py-3">
                        <StatusBadge status={question.isActive ? 'active' : 'inactive'} />
                      </td>
                      <td className="px-4 py-3 text-slate-700">{formatDate(question.updatedAt)}</td>
                      <td className="px-4 py-3 text-right">
                        <Button
                          variant="ghost"
                          className="px-3 py-1.5 text-red-700"
                          onClick={() => setDeleting(question)}
                          aria-label={`Delete question: ${truncate(question.question, 60)}`}
                        >
                          Delete
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager pagination={data!.pagination} onPage={setPage} label="Question pages" />
            <p className="mt-2 text-xs text-slate-500">
              {data!.pagination.totalItems} questions, {PAGE_SIZE_QUESTIONS} per page
            </p>
          </>
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this question?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        “{deleting ? truncate(deleting.question, 140) : ''}” will be removed from the bank. Past
        quiz results keep their own copy. This action cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
