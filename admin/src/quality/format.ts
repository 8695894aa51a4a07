import type { ItemStatistics } from '@drone-exam/shared/schemas/quality';

/** Item figures as the console shows them; a dash where there is nothing to tell yet. */
export const formatFacility = (facility: number | null) =>
  facility === null ? '—' : `${(facility * 100).toFixed(1)}%`;

export const formatDiscrimination = (discrimination: number | null) =>
  discrimination === null ? '—' : discrimination.toFixed(2);

export function formatMedian(stats: Pick<ItemStatistics, 'medianSeconds' | 'medianAtLeast'>) {
  if (stats.medianSeconds === null) return '—';
  const seconds = stats.medianSeconds;
  const text = seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return stats.medianAtLeast ? `${text} or more` : text;
}
