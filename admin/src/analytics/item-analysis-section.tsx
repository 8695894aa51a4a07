import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ItemAnalysisQuestion } from '@drone-exam/shared';
import { prettifyCategory, truncate } from '@drone-exam/shared/text';
import { ShareBar } from '@drone-exam/shared/ui/charts';
import { api, unwrap } from '../lib/api';
import { formatCount, percentOrDash } from '../lib/format';
import { ErrorPanel, LoadingRows, Pager, Panel, TableFrame, td, th } from '../components/admin-ui';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/schemas/quiz-values';
import { PAGE_SIZE_ITEM_ANALYSIS } from '@drone-exam/shared/schemas/quality-values';

function QuestionCell({ question }: { question: ItemAnalysisQuestion }) {
  return (
    <>
      <p className="text-slate-900" title={question.question}>
        {truncate(question.question, 120)}
      </p>
      <p className="text-xs text-slate-500">
        {prettifyCategory(question.category, QUESTION_CATEGORIES)} · {question.id}
      </p>
    </>
  );
}

function ShortList({
  title,
  items,
  figure,
  empty,
}: {
  title: string;
  items: ItemAnalysisQuestion[];
  figure: (question: ItemAnalysisQuestion) => string;
  empty: string;
}) {
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {items.map((question) => (
            <li key={question.id} className="flex gap-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <QuestionCell question={question} />
              </div>
              <span className="shrink-0 font-semibold text-slate-800">{figure(question)}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The analytics tab's item analysis: the hardest questions, the most missed and most flagged. */
export function ItemAnalysisSection() {
  const [page, setPage] = useState(1);
  const items = useQuery({
    queryKey: ['admin', 'analytics', 'questions', page],
    queryFn: () =>
      unwrap(
        api('/admin/analytics/questions', {
          query: { page, limit: PAGE_SIZE_ITEM_ANALYSIS },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  if (items.isPending) {
    return (
      <Panel title="Item analysis">
        <LoadingRows rows={5} label="Loading item analysis" />
      </Panel>
    );
  }
  if (items.isError) {
    return (
      <Panel title="Item analysis">
        <ErrorPanel error={items.error} onRetry={() => items.refetch()} />
      </Panel>
    );
  }
  const data = items.data;
  return (
    <>
      <Panel title="Item analysis: hardest questions first">
        <p className="mb-3 text-sm text-slate-600">
          The share of answers that were correct, for questions answered at least {data.minAnswers}{' '}
          times. A very low share often means an unclear stem, a wrong key or a topic the modules do
          not cover well.
        </p>
        {data.questions.length === 0 ? (
          <p className="text-sm text-slate-600">
            No question has been answered {data.minAnswers} times yet.
          </p>
        ) : (
          <>
            <TableFrame caption="Questions by share of correct answers">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Question
                  </th>
                  <th scope="col" className={th}>
                    Answered
                  </th>
                  <th scope="col" className={th}>
                    Correct
                  </th>
                  <th scope="col" className={th}>
                    Flagged
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.questions.map((question) => (
                  <tr key={question.id}>
                    <td className={td}>
                      <QuestionCell question={question} />
                    </td>
                    <td className={td}>{formatCount(question.timesAnswered)}</td>
                    <td className={td}>
                      <div className="flex items-center gap-2">
                        <ShareBar percent={question.correctShare ?? 0} />
                        <span>{percentOrDash(question.correctShare)}</span>
                      </div>
                    </td>
                    <td className={td}>{formatCount(question.timesFlagged)}</td>
                  </tr>
                ))}
              </tbody>
            </TableFrame>
            <Pager
              label="Item analysis pages"
              page={page}
              totalPages={data.pagination.totalPages}
              hasNextPage={data.pagination.hasNextPage}
              onPage={setPage}
            />
          </>
        )}
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <ShortList
          title="Most often answered wrong"
          items={data.mostMissed}
          figure={(q) => `${formatCount(q.timesAnswered - q.timesCorrect)} wrong`}
          empty="No wrong answers yet."
        />
        <ShortList
          title="Most often flagged"
          items={data.mostFlagged}
          figure={(q) => `${formatCount(q.timesFlagged)} flagged`}
          empty="No question has been flagged yet."
        />
      </div>
    </>
  );
}
