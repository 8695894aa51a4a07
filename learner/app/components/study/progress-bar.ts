/** The reading-progress bar's look, shared by the study list's cards and the module page. */
export const PROGRESS_BAR =
  'block h-2 w-full overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-emerald-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-600';
