import { scoreColour, type ScoreColour } from '@drone-exam/shared/text';
import { useFormat } from '../i18n/hooks';

/** The spec's colour rule (80 and above green, 70 and above yellow, else red), as text colours. */
export const SCORE_TEXT: Record<ScoreColour, string> = {
  green: 'text-emerald-700',
  yellow: 'text-amber-700',
  red: 'text-red-700',
};

const BADGE: Record<ScoreColour, string> = {
  green: 'bg-emerald-100 text-emerald-800',
  yellow: 'bg-amber-100 text-amber-800',
  red: 'bg-red-100 text-red-800',
};

/** A rounded score percent in its colour. */
export function ScoreBadge({ score }: { score: number }) {
  const format = useFormat();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[scoreColour(score)]}`}
    >
      {format.percent(Math.round(score))}
    </span>
  );
}
