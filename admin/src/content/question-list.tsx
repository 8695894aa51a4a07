import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { AdminQuestion } from '@drone-exam/shared/schemas/content';
import { prettifyCategory, truncate } from '@drone-exam/shared/text';
import { useToast } from '@drone-exam/shared/ui/toast';
import { Badge, Button, EmptyState, LinkButton } from '@drone-exam/shared/ui/ui';
import {
  ConfirmDialog,
  ErrorPanel,
  LoadingRows,
  Pager,
  Panel,
  TableFrame,
  td,
  th,
} from '../components/admin-ui';
import { api, unwrap } from '../lib/api';
import { formatDate } from '../lib/format';
import { useDebounced } from '../lib/use-debounced';
import { useContentBase } from './hooks';
import { ExamFilter, useExamFilter } from '../components/exam-filter';
import { ExportMenu } from './export-menu';
import { ImportPanel } from './import-panel';
import { useQuestions, useRefreshContent } from './queries';
import { FrenchMark } from './french';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../lib/constants';
import {
  DIFFICULTIES,
  QUESTION_CATEGORIES,
  type QuestionCategory,
} from '@drone-exam/shared/schemas/quiz-values';
import { PAGE_SIZE_QUESTIONS } from '@drone-exam/shared/schemas/content-values';

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
  const [exam, setExam] = useExamFilter();
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const search = useDebounced(searchText.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const questions = useQuestions({ page, search, category, difficulty, exam });
  const filtered = Boolean(search || category || difficulty || exam);

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
    <>
      <Panel
        title="Question Bank"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setImporting(true)} disabled={importing}>
              Import
            </Button>
            <ExportMenu category={category as QuestionCategory | ''} />
            <LinkButton to={`${base}/questions/new`}>New Question</LinkButton>
          </div>
        }
      >
        <div className="space-y-4">
          {importing && <ImportPanel onClose={() => setImporting(false)} />}

          <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto]">
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
            <ExamFilter
              id="question-exam"
              hiddenLabel
              value={exam}
              onChange={(value) => {
                setExam(value);
                setPage(1);
              }}
              className={filterClass}
            />
          </div>

          {questions.isPending ? (
            <LoadingRows rows={5} label="Loading questions" />
          ) : questions.isError ? (
            <ErrorPanel
              title={`Failed to load questions: ${questions.error.message}`}
              onRetry={() => void questions.refetch()}
              retryLabel="Try Again"
            />
          ) : data!.questions.length === 0 ? (
            <EmptyState title={filtered ? 'No questions match' : 'The question bank is empty'}>
              {filtered
                ? 'Try other words, or clear the filters.'
                : 'Add a question, or import a CSV, JSON, GIFT or Aiken file.'}
            </EmptyState>
          ) : (
            <div>
              <TableFrame
                caption={`Questions, ${data!.pagination.totalItems} in all, latest update first`}
              >
                <thead>
                  <tr>
                    {['Question', 'Category', 'Difficulty', 'Status', 'Updated'].map((heading) => (
                      <th key={heading} scope="col" className={th}>
                        {heading}
                      </th>
                    ))}
                    <th scope="col" className={th}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data!.questions.map((question) => (
                    <tr key={question.id}>
                      <td className={`${td} max-w-md`}>
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
                      <td className={td}>
                        {prettifyCategory(question.category, QUESTION_CATEGORIES)}
                      </td>
                      <td className={td}>{capitalise(question.difficulty)}</td>
                      <td className={td}>
                        <div className="flex flex-wrap gap-1">
                          {question.isActive ? (
                            <Badge tone="green">Active</Badge>
                          ) : (
                            <Badge tone="slate">Inactive</Badge>
                          )}
                          {question.withdrawn && <Badge tone="red">Withdrawn</Badge>}
                          <FrenchMark status={question.frenchStatus} />
                        </div>
                      </td>
                      <td className={td}>{formatDate(question.updatedAt)}</td>
                      <td className={`${td} text-right`}>
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
              </TableFrame>
              <Pager
                label="Question pages"
                page={data!.pagination.currentPage}
                totalPages={data!.pagination.totalPages}
                hasNextPage={data!.pagination.hasNextPage}
                onPage={setPage}
              />
              <p className="mt-2 text-xs text-slate-500">
                {data!.pagination.totalItems} questions, {PAGE_SIZE_QUESTIONS} per page
              </p>
            </div>
          )}
        </div>
      </Panel>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this question?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        “{deleting ? truncate(deleting.question, 140) : ''}” will be removed from the bank. Past
        quiz results keep their own copy. This action cannot be undone.
      </ConfirmDialog>
    </>
  );
}
