import type { ReactNode } from 'react';
import { numberFormat } from '../i18n.ts';

const formatCount = (value: number) => numberFormat('en-CA').format(Math.round(value));

export type Point = { key: string; label: string; value: number };

/**
 * A bar per point, drawn as plain SVG (no chart library). Each bar has a tooltip; screen readers
 * get the same figures as a table. A series over time labels its two ends; a few categories (a
 * question's options) label every bar, and `barClassOf` can set one apart (the keyed answer).
 */
export function BarChart({
  title,
  points,
  format = formatCount,
  barClass = 'fill-sky-600',
  barClassOf,
  labels = 'ends',
}: {
  title: string;
  points: Point[];
  format?: (value: number) => string;
  barClass?: string;
  barClassOf?: (point: Point) => string | undefined;
  labels?: 'ends' | 'all';
}) {
  const max = Math.max(0, ...points.map((point) => point.value));
  const slot = 10;
  const height = 100;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${points.length * slot} ${height}`}
        preserveAspectRatio="none"
        className="h-28 w-full overflow-visible"
        aria-hidden="true"
      >
        <line
          x1="0"
          x2={points.length * slot}
          y1={height}
          y2={height}
          className="stroke-slate-300"
          vectorEffect="non-scaling-stroke"
        />
        {points.map((point, i) => {
          const barHeight = max > 0 ? (point.value / max) * (height - 4) : 0;
          return (
            <rect
              key={point.key}
              x={i * slot + 1}
              y={height - barHeight}
              width={slot - 2}
              height={Math.max(barHeight, 0)}
              className={barClassOf?.(point) ?? barClass}
            >
              <title>{`${point.label}: ${format(point.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      {points.length > 0 && labels === 'ends' && (
        <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{points[0]!.label}</span>
          <span>{points[points.length - 1]!.label}</span>
        </div>
      )}
      {labels === 'all' && (
        <div className="mt-1 flex text-xs text-slate-600" aria-hidden="true">
          {points.map((point) => (
            <span key={point.key} className="flex-1 truncate text-center">
              {point.label}
            </span>
          ))}
        </div>
      )}
      {max === 0 && (
        <figcaption className="mt-1 text-sm text-slate-500">None in this period.</figcaption>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {points.map((point) => (
            <tr key={point.key}>
              <th scope="row">{point.label}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Horizontal bars for steps that each keep part of the one before (a conversion funnel). */
export function FunnelChart({ steps }: { steps: Array<{ label: string; value: number }> }) {
  const top = Math.max(0, ...steps.map((step) => step.value));
  return (
    <ol className="space-y-3">
      {steps.map((step, i) => {
        const previous = i > 0 ? steps[i - 1]!.value : null;
        const share = previous ? (step.value / previous) * 100 : null;
        return (
          <li key={step.label}>
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-slate-800">{step.label}</span>
              <span className="text-slate-700">
                <strong className="text-slate-900">{formatCount(step.value)}</strong>
                {share !== null && (
                  <span className="ml-2 text-slate-500">{share.toFixed(1)}% of previous step</span>
                )}
              </span>
            </div>
            <div className="mt-1 h-3 rounded-full bg-slate-100" aria-hidden="true">
              <div
                className="h-3 rounded-full bg-sky-600"
                style={{ width: `${top > 0 ? Math.max(1, (step.value / top) * 100) : 0}%` }}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** A thin proportion bar beside its figure (the figure is what screen readers get). */
export function ShareBar({ percent }: { percent: number }) {
  const tone = percent >= 80 ? 'bg-emerald-500' : percent >= 50 ? 'bg-amber-500' : 'bg-red-500';
  return (
    <div aria-hidden="true" className="h-2 w-24 rounded-full bg-slate-100">
      <div className={`h-2 rounded-full ${tone}`} style={{ width: `${Math.min(100, percent)}%` }} />
    </div>
  );
}

/**
 * One horizontal bar per item, 0–100 % (an area's estimated mastery). Items without a value say
 * so in words. Each bar's figure is text beside it, so screen readers read a plain list.
 */
export function MeterList({
  items,
  label,
  notAnswered = 'Not answered yet',
  formatPercent = (value: number) => `${Math.round(value)}%`,
}: {
  items: Array<{ key: string; label: string; percent: number | null; detail?: ReactNode }>;
  label: string;
  /** The words for an item without a value, and the figure's form, in the page's language. */
  notAnswered?: string;
  formatPercent?: (value: number) => string;
}) {
  return (
    <ul aria-label={label} className="space-y-3">
      {items.map((item) => {
        const tone =
          item.percent === null
            ? 'bg-slate-300'
            : item.percent >= 80
              ? 'bg-emerald-600'
              : item.percent >= 65
                ? 'bg-amber-500'
                : 'bg-red-600';
        return (
          <li key={item.key}>
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-slate-800">{item.label}</span>
              <span className="text-slate-700">
                {item.percent === null ? notAnswered : formatPercent(item.percent)}
                {item.detail && <span className="ml-2 text-slate-500">{item.detail}</span>}
              </span>
            </div>
            <div className="mt-1 h-2.5 rounded-full bg-slate-100" aria-hidden="true">
              <div
                className={`h-2.5 rounded-full ${tone}`}
                style={{ width: `${item.percent === null ? 0 : Math.max(2, item.percent)}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Points over time on a 0–100 scale (quiz scores), with a dashed line at a mark (the pass mark);
 * screen readers get the same points as a table.
 */
export function TrendChart({
  title,
  points,
  mark,
  markLabel,
  formatValue = (value: number) => `${Math.round(value)}%`,
}: {
  title: string;
  points: Array<{ key: string; label: string; value: number }>;
  mark?: number;
  markLabel?: string;
  /** A point's figure in the page's language. */
  formatValue?: (value: number) => string;
}) {
  const width = 100;
  const height = 50;
  const x = (i: number) => (points.length < 2 ? width / 2 : (i / (points.length - 1)) * width);
  const y = (value: number) => height - (Math.max(0, Math.min(100, value)) / 100) * height;
  const line = points.map((point, i) => `${x(i)},${y(point.value)}`).join(' ');
  return (
    <figure>
      <svg
        viewBox={`-2 -2 ${width + 4} ${height + 4}`}
        preserveAspectRatio="none"
        className="h-36 w-full overflow-visible"
        aria-hidden="true"
      >
        <line
          x1="0"
          x2={width}
          y1={height}
          y2={height}
          className="stroke-slate-300"
          vectorEffect="non-scaling-stroke"
        />
        {mark !== undefined && (
          <line
            x1="0"
            x2={width}
            y1={y(mark)}
            y2={y(mark)}
            strokeDasharray="2 2"
            className="stroke-amber-500"
            vectorEffect="non-scaling-stroke"
          />
        )}
        <polyline
          points={line}
          fill="none"
          className="stroke-sky-700"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
        {points.map((point, i) => (
          <circle key={point.key} cx={x(i)} cy={y(point.value)} r="1.6" className="fill-sky-700">
            <title>{`${point.label}: ${formatValue(point.value)}`}</title>
          </circle>
        ))}
      </svg>
      {points.length > 0 && (
        <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{points[0]!.label}</span>
          {mark !== undefined && markLabel && <span className="text-amber-700">{markLabel}</span>}
          <span>{points[points.length - 1]!.label}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {points.map((point) => (
            <tr key={point.key}>
              <th scope="row">{point.label}</th>
              <td>{formatValue(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
