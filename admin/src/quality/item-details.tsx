import { useEffect, useRef } from 'react';
import { QuestionFigureView } from '@drone-exam/shared/ui/figure';
import { FIGURE_LABELS } from '../content/figure-field';
import { Link } from 'react-router';
import type { ItemStatistics } from '@drone-exam/shared/schemas/quality';
import { optionLetter } from '@drone-exam/shared/text';
import { BarChart } from '@drone-exam/shared/ui/charts';
import { Badge, Button } from '@drone-exam/shared/ui/ui';
import { ErrorPanel, LoadingRows, Panel } from '../components/admin-ui';
import { formatCount, formatDateTime } from '../lib/format';
import { useContentBase } from '../content/hooks';
import { useQuestionAnalysis } from './queries';
import { formatDiscrimination, formatFacility, formatMedian } from './format';
import { ITEM_FLAG_LABELS } from './constants';

/** How often each option was chosen, the keyed answer in green, with the options as a list. */
function OptionChart({ stats, options }: { stats: ItemStatistics; options: string[] }) {
  if (stats.attempts === 0) {
    return (
      <p className="text-sm text-slate-600">No answers since version {stats.sinceVersion} yet.</p>
    );
  }
  const share = (count: number) => `${((count / stats.attempts) * 100).toFixed(1)}%`;
  const points = stats.optionCounts.map((count, i) => ({
    key: String(i),
    label: optionLetter(i),
    value: count,
  }));
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_1fr]">
      <BarChart
        title="Answers per option"
        points={points}
        labels="all"
        barClassOf={(point) =>
          Number(point.key) === stats.correctAnswer ? 'fill-emerald-600' : undefined
        }
      />
      <ol className="space-y-1 text-sm">
        {stats.optionCounts.map((count, i) => (
          <li key={i} className="flex gap-2">
            <span className="font-bold text-slate-700">{optionLetter(i)}.</span>
            <span className="flex-1 text-slate-900">
              {options[i] ?? ''}
              {i === stats.correctAnswer && (
                <span className="font-semibold text-emerald-800"> (keyed answer)</span>
              )}
            </span>
            <span className="text-slate-700 tabular-nums">
              {formatCount(count)} · {share(count)}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Figures({ stats }: { stats: ItemStatistics }) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      {[
        ['Answers', formatCount(stats.attempts)],
        ['Facility', formatFacility(stats.facility)],
        ['Discrimination', formatDiscrimination(stats.discrimination)],
        ['Median time', formatMedian(stats)],
      ].map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One question's analysis: its figures now, the per-option chart, and earlier epochs. Keyed by
 * the question, so choosing another row brings the new one into view.
 */
export function ItemDetails({ questionId, onClose }: { questionId: string; onClose: () => void }) {
  const base = useContentBase();
  const analysis = useQuestionAnalysis(questionId);
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const data = analysis.data;
  return (
    <div ref={heading} id="item-details" className="mt-4">
      <Panel
        title="Question statistics"
        actions={
          <div className="flex flex-wrap gap-2">
            <Link
              to={`${base}/questions/${questionId}`}
              className="inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold text-sky-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
            >
              Open in editor
            </Link>
            <Button variant="ghost" className="px-3 py-1.5" onClick={onClose}>
              Close
            </Button>
          </div>
        }
      >
        {analysis.isPending ? (
          <LoadingRows rows={4} label="Loading the question's statistics" />
        ) : analysis.isError ? (
          <ErrorPanel error={analysis.error} onRetry={() => void analysis.refetch()} />
        ) : (
          <div className="space-y-5">
            <div>
              <p className="font-semibold text-slate-900">{data!.question.question}</p>
              {data!.question.figure && (
                <QuestionFigureView
                  figure={data!.question.figure}
                  labels={FIGURE_LABELS}
                  className="mt-2 max-w-xl"
                />
              )}
              <p className="mt-1 text-xs text-slate-500">
                Since version {data!.current.sinceVersion} (now version {data!.question.version})
                {data!.current.updatedAt &&
                  ` · last answer ${formatDateTime(data!.current.updatedAt)}`}
              </p>
              {data!.current.flags.length > 0 && (
                <div className="mt-2 flex flex-wrap gap-1">
                  {data!.current.flags.map((flag) => (
                    <Badge key={flag} tone="amber">
                      {ITEM_FLAG_LABELS[flag]}
                    </Badge>
                  ))}
                </div>
              )}
            </div>
            <Figures stats={data!.current} />
            <OptionChart stats={data!.current} options={data!.question.options} />
            {data!.history.length > 0 && (
              <section aria-labelledby="item-history">
                <h4 id="item-history" className="font-semibold text-slate-900">
                  Before its options or key changed
                </h4>
                <ol className="mt-2 space-y-4">
                  {data!.history.map((epoch) => (
                    <li key={epoch.sinceVersion} className="rounded-lg bg-slate-50 p-3">
                      <p className="mb-2 text-xs font-semibold text-slate-600 uppercase">
                        From version {epoch.sinceVersion}
                      </p>
                      <Figures stats={epoch} />
                      <div className="mt-3">
                        <OptionChart stats={epoch} options={epoch.options} />
                      </div>
                    </li>
                  ))}
                </ol>
              </section>
            )}
          </div>
        )}
      </Panel>
    </div>
  );
}
