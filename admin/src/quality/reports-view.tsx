import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminQuestionReport } from '@drone-exam/shared/schemas/quality';
import { optionLetter, prettifyCategory } from '@drone-exam/shared/text';
import { useToast } from '@drone-exam/shared/ui/toast';
import { Badge, Button, EmptyState } from '@drone-exam/shared/ui/ui';
import { ErrorPanel, LoadingRows, Pager, Panel } from '../components/admin-ui';
import { formatDateTime, plural } from '../lib/format';
import { useContentBase } from '../content/hooks';
import { ReportActionDialog, type ReportAction } from './report-dialog';
import { useCloseReports, useQuestionReports } from './queries';
import { QUESTION_CATEGORIES } from '@drone-exam/shared/schemas/quiz-values';
import {
  QUESTION_REPORT_REASON_LABELS,
  QUESTION_REPORT_STATUSES,
  type QuestionReportStatus,
} from '@drone-exam/shared/schemas/quality-values';

const STATUS_LABELS: Record<QuestionReportStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
  rejected: 'Rejected',
};

type Group = { questionId: string; first: AdminQuestionReport; reports: AdminQuestionReport[] };

/** The page's reports by question, in the order of each question's newest report. */
function byQuestion(reports: AdminQuestionReport[]): Group[] {
  const groups = new Map<string, Group>();
  for (const report of reports) {
    const group = groups.get(report.questionId);
    if (group) group.reports.push(report);
    else
      groups.set(report.questionId, {
        questionId: report.questionId,
        first: report,
        reports: [report],
      });
  }
  return [...groups.values()];
}

/**
 * The Reports view of the Question Bank: learners' reports grouped by question, newest first,
 * with the question, its keyed answer, each reason and comment; open ones can be resolved (with
 * an email to the reporters) or rejected, with a note, and the question opened in the editor.
 */
export function ReportsView() {
  const toast = useToast();
  const [status, setStatus] = useState<QuestionReportStatus>('open');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<(ReportAction & { reportId: string }) | null>(null);
  const reports = useQuestionReports(status, page);
  const close = useCloseReports();

  function submit({ note, notify }: { note: string; notify: boolean }) {
    if (!acting) return;
    close.mutate(
      {
        reportId: acting.reportId,
        update: { status: acting.status, note, notify, scope: 'question' },
      },
      {
        onSuccess: (result) => {
          const closed = plural(result.reports.length, 'report');
          toast.success(
            `${acting.status === 'resolved' ? 'Resolved' : 'Rejected'} ${closed}${result.emailed ? `; ${plural(result.emailed, 'reporter')} emailed` : ''}`,
          );
          setActing(null);
        },
      },
    );
  }

  const data = reports.data;
  return (
    <Panel
      title="Reports"
      actions={
        <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <legend className="sr-only">Show reports</legend>
          {QUESTION_REPORT_STATUSES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setPage(1);
              }}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${status === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {STATUS_LABELS[value]}
            </button>
          ))}
        </fieldset>
      }
    >
      {reports.isPending ? (
        <LoadingRows rows={4} label="Loading reports" />
      ) : reports.isError ? (
        <ErrorPanel
          title={`Failed to load reports: ${reports.error.message}`}
          onRetry={() => void reports.refetch()}
          retryLabel="Try Again"
        />
      ) : data!.reports.length === 0 ? (
        <EmptyState title={status === 'open' ? 'No open reports' : `No ${status} reports`}>
          {status === 'open'
            ? 'When a learner reports a problem with a question, it shows here.'
            : 'Reports closed this way show here.'}
        </EmptyState>
      ) : (
        <div>
          <p className="mb-3 text-sm text-slate-600">
            {plural(data!.pagination.totalItems, `${status} report`)}, newest first, by question.
          </p>
          <ol className="space-y-4">
            {byQuestion(data!.reports).map((group) => (
              <ReportGroup
                key={group.questionId}
                group={group}
                onAct={(action) =>
                  setActing({
                    ...action,
                    reportId: group.first.id,
                    count: group.reports.length,
                    question: group.first.question,
                  })
                }
              />
            ))}
          </ol>
          <Pager
            label="Report pages"
            page={data!.pagination.currentPage}
            totalPages={data!.pagination.totalPages}
            hasNextPage={data!.pagination.hasNextPage}
            onPage={setPage}
          />
        </div>
      )}
      <ReportActionDialog
        action={acting}
        busy={close.isPending}
        error={close.error?.message ?? null}
        onSubmit={submit}
        onCancel={() => {
          close.reset();
          setActing(null);
        }}
      />
    </Panel>
  );
}

function ReportGroup({
  group,
  onAct,
}: {
  group: Group;
  onAct: (action: Pick<ReportAction, 'status'>) => void;
}) {
  const base = useContentBase();
  const { first, reports } = group;
  const open = first.status === 'open';
  return (
    <li
      className="rounded-lg border border-slate-200 p-4"
      aria-label={`Reports on: ${first.question}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <span>{prettifyCategory(first.category, QUESTION_CATEGORIES)}</span>
        <span>·</span>
        <span className="normal-case">version {first.currentVersion}</span>
        {first.withdrawn && <Badge tone="red">Withdrawn from new quizzes</Badge>}
      </div>
      <p className="mt-1 font-semibold text-slate-900">{first.question}</p>
      <ol className="mt-2 space-y-1 text-sm">
        {first.options.map((option, i) => (
          <li
            key={i}
            className={
              i === first.correctAnswer ? 'font-semibold text-emerald-800' : 'text-slate-700'
            }
          >
            {optionLetter(i)}. {option}
            {i === first.correctAnswer && <span> — keyed answer</span>}
          </li>
        ))}
      </ol>
      <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-100 text-sm">
        {reports.map((report) => (
          <li key={report.id} className="py-2">
            <p className="font-medium text-slate-900">
              {QUESTION_REPORT_REASON_LABELS[report.reason]}
            </p>
            {report.comment && (
              <p className="mt-0.5 whitespace-pre-line text-slate-700">“{report.comment}”</p>
            )}
            <p className="mt-0.5 text-xs text-slate-500">
              {formatDateTime(report.createdAt)}
              {report.reportedVersion !== report.currentVersion &&
                ` · reported on version ${report.reportedVersion}`}
            </p>
            {report.note && (
              <p className="mt-1 text-slate-700">
                <span className="font-medium">Note: </span>
                {report.note}
                {report.resolvedAt && (
                  <span className="text-xs text-slate-500">
                    {' '}
                    ({formatDateTime(report.resolvedAt)})
                  </span>
                )}
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={`${base}/questions/${first.questionId}`}
          className="inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold text-sky-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          Open in editor
        </Link>
        {open && (
          <>
            <Button className="px-3 py-1.5" onClick={() => onAct({ status: 'resolved' })}>
              Resolve
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              onClick={() => onAct({ status: 'rejected' })}
            >
              Reject
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
