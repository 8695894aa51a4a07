import { useState } from 'react';
import { EXAM_IDS, type ExamId } from '@drone-exam/shared/schemas/exam-values';
import { EXAM_LABELS } from '../content/exam-checkboxes';
import { useExamFilter } from '../components/exam-filter';
import type { ItemAnalysisItem } from '@drone-exam/shared/schemas/quality';
import { prettifyCategory, truncate } from '@drone-exam/shared/text';
import { Badge, EmptyState } from '@drone-exam/shared/ui/ui';
import { ErrorPanel, LoadingRows, Pager, Panel, TableFrame, td, th } from '../components/admin-ui';
import { formatCount } from '../lib/format';
import { useItemAnalysis } from './queries';
import { ItemDetails } from './item-details';
import { formatDiscrimination, formatFacility, formatMedian } from './format';
import { ITEM_FLAG_LABELS } from './constants';
import { QUESTION_CATEGORIES, type QuestionCategory } from '@drone-exam/shared/schemas/quiz-values';
import {
  ITEM_FLAGS,
  ITEM_FLAG_MIN_ATTEMPTS,
  ITEM_LOW_DISCRIMINATION,
  ITEM_TOO_EASY_FACILITY,
  ITEM_TOO_HARD_FACILITY,
  PAGE_SIZE_ITEM_ANALYSIS,
  type ItemAnalysisSort,
  type ItemFlag,
} from '@drone-exam/shared/schemas/quality-values';

const FLAG_HINTS: Record<ItemFlag, string> = {
  'too-easy': `facility ${ITEM_TOO_EASY_FACILITY * 100}% or more`,
  'too-hard': `facility ${ITEM_TOO_HARD_FACILITY * 100}% or less`,
  'low-discrimination': `discrimination under ${ITEM_LOW_DISCRIMINATION} or negative`,
  'unused-distractor': 'a wrong option nobody chooses',
};

type Column = { key: 'attempts' | 'facility' | 'discrimination'; label: string };
const SORTABLE: Column[] = [
  { key: 'attempts', label: 'Answers' },
  { key: 'facility', label: 'Facility' },
  { key: 'discrimination', label: 'Discrimination' },
];

const filterClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm focus:outline-2 focus:outline-sky-600';

/** One of the table's filters: a labelled select of its choices. */
function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`mt-1 ${filterClass}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The Item analysis view of the Question Bank (Moodle's quiz statistics): each question's
 * answers, facility, discrimination and median time since its options or key last changed, in a
 * sortable, paged table with filters; a row opens its per-option chart and history.
 */
export function ItemAnalysisView() {
  const [sort, setSort] = useState<ItemAnalysisSort>('discrimination');
  const [filter, setFilter] = useState<ItemFlag | ''>('');
  const [category, setCategory] = useState<QuestionCategory | ''>('');
  const [exam, setExam] = useExamFilter();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const analysis = useItemAnalysis({ sort, filter, category, exam, page });
  const data = analysis.data;

  const sortBy = (key: Column['key']) => {
    setSort(sort === key ? (`-${key}` as ItemAnalysisSort) : (key as ItemAnalysisSort));
    setPage(1);
  };
  const direction = (key: Column['key']) =>
    sort === key ? 'ascending' : sort === `-${key}` ? 'descending' : undefined;

  return (
    <>
      <Panel title="Item analysis">
        <p className="mb-4 text-sm text-slate-600">
          Each question’s answers in completed attempts since its options or keyed answer last
          changed. Facility is the share answering right; discrimination compares being right on the
          question with the score on the rest of the attempt (−1 to 1). Questions are flagged from{' '}
          {ITEM_FLAG_MIN_ATTEMPTS} answers.
        </p>
        <div className="mb-4 grid gap-3 sm:grid-cols-3">
          <FilterSelect
            id="item-exam"
            label="Exam"
            value={exam}
            options={[
              { value: '', label: 'All exams' },
              ...EXAM_IDS.map((value) => ({ value, label: EXAM_LABELS[value] })),
            ]}
            onChange={(value) => {
              setExam(value as ExamId | '');
              setPage(1);
            }}
          />
          <FilterSelect
            id="item-category"
            label="Category"
            value={category}
            options={[
              { value: '', label: 'All categories' },
              ...QUESTION_CATEGORIES.map((value) => ({
                value,
                label: prettifyCategory(value, QUESTION_CATEGORIES),
              })),
            ]}
            onChange={(value) => {
              setCategory(value as QuestionCategory | '');
              setPage(1);
            }}
          />
          <FilterSelect
            id="item-flag"
            label="Show"
            value={filter}
            options={[
              { value: '', label: 'All answered questions' },
              ...ITEM_FLAGS.map((flag) => ({
                value: flag,
                label: `${ITEM_FLAG_LABELS[flag]} (${FLAG_HINTS[flag]})`,
              })),
            ]}
            onChange={(value) => {
              setFilter(value as ItemFlag | '');
              setPage(1);
            }}
          />
        </div>

        {analysis.isPending ? (
          <LoadingRows rows={5} label="Loading item analysis" />
        ) : analysis.isError ? (
          <ErrorPanel
            title={`Failed to load item analysis: ${analysis.error.message}`}
            onRetry={() => void analysis.refetch()}
            retryLabel="Try Again"
          />
        ) : data!.items.length === 0 ? (
          <EmptyState title={filter || category || exam ? 'No questions match' : 'No answers yet'}>
            {filter || category || exam
              ? 'Try another filter, category or exam.'
              : 'Figures appear once learners complete quizzes.'}
          </EmptyState>
        ) : (
          <div>
            <TableFrame caption="Item analysis, one row per question; column headers sort">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Question
                  </th>
                  <th scope="col" className={th}>
                    Category
                  </th>
                  {SORTABLE.map((column) => (
                    <th
                      key={column.key}
                      scope="col"
                      className={`${th} text-right`}
                      aria-sort={direction(column.key) ?? 'none'}
                    >
                      <button
                        type="button"
                        onClick={() => sortBy(column.key)}
                        className="inline-flex items-center gap-1 rounded font-semibold hover:text-sky-800 focus-visible:outline-2 focus-visible:outline-sky-600"
                      >
                        {column.label}
                        <span aria-hidden="true">
                          {direction(column.key) === 'ascending'
                            ? '▲'
                            : direction(column.key) === 'descending'
                              ? '▼'
                              : '↕'}
                        </span>
                      </button>
                    </th>
                  ))}
                  <th scope="col" className={`${th} text-right`}>
                    Median time
                  </th>
                  <th scope="col" className={th}>
                    Flags
                  </th>
                </tr>
              </thead>
              <tbody>
                {data!.items.map((item) => (
                  <ItemRow
                    key={item.questionId}
                    item={item}
                    selected={selected === item.questionId}
                    onSelect={() =>
                      setSelected(selected === item.questionId ? null : item.questionId)
                    }
                  />
                ))}
              </tbody>
            </TableFrame>
            <Pager
              label="Item analysis pages"
              page={data!.pagination.currentPage}
              totalPages={data!.pagination.totalPages}
              hasNextPage={data!.pagination.hasNextPage}
              onPage={setPage}
            />
            <p className="mt-2 text-xs text-slate-500">
              {formatCount(data!.pagination.totalItems)} questions, {PAGE_SIZE_ITEM_ANALYSIS} per
              page
            </p>
          </div>
        )}
      </Panel>
      {selected && (
        <ItemDetails key={selected} questionId={selected} onClose={() => setSelected(null)} />
      )}
    </>
  );
}

function ItemRow({
  item,
  selected,
  onSelect,
}: {
  item: ItemAnalysisItem;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <tr className={selected ? 'bg-sky-50' : undefined}>
      <td className={`${td} max-w-md`}>
        <button
          type="button"
          onClick={onSelect}
          aria-expanded={selected}
          aria-controls="item-details"
          title={item.question}
          className="text-left font-medium text-sky-800 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {truncate(item.question, 110)}
        </button>
        {(item.withdrawn || !item.isActive) && (
          <div className="mt-1 flex gap-1">
            {item.withdrawn && <Badge tone="red">Withdrawn</Badge>}
            {!item.isActive && <Badge tone="slate">Inactive</Badge>}
          </div>
        )}
      </td>
      <td className={td}>{prettifyCategory(item.category, QUESTION_CATEGORIES)}</td>
      <td className={`${td} text-right tabular-nums`}>{formatCount(item.attempts)}</td>
      <td className={`${td} text-right tabular-nums`}>{formatFacility(item.facility)}</td>
      <td className={`${td} text-right tabular-nums`}>
        {formatDiscrimination(item.discrimination)}
      </td>
      <td className={`${td} text-right tabular-nums`}>{formatMedian(item)}</td>
      <td className={td}>
        <div className="flex flex-wrap gap-1">
          {item.flags.map((flag) => (
            <Badge key={flag} tone="amber">
              {ITEM_FLAG_LABELS[flag]}
            </Badge>
          ))}
        </div>
      </td>
    </tr>
  );
}
