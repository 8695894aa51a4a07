import type { ItemFlag } from '@drone-exam/shared/schemas/quality-values';

export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  'too-easy': 'Too easy',
  'too-hard': 'Too hard',
  'low-discrimination': 'Low discrimination',
  'unused-distractor': 'Unused distractor',
};
