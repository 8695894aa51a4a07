/** Icons of the activity feed (premium-quiz-admin-spec §3): four types have their own, the rest a dot. */
const ICONS: Record<string, { path: string; className: string; label: string }> = {
  user_registered: {
    label: 'New user',
    className: 'bg-emerald-100 text-emerald-700',
    path: 'M15 19a6 6 0 0 0-12 0M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm10-3v6m3-3h-6',
  },
  quiz_completed: {
    label: 'Quiz completed',
    className: 'bg-sky-100 text-sky-700',
    path: 'M9 12l2 2 4-4M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  },
  study_module_viewed: {
    label: 'Module read',
    className: 'bg-violet-100 text-violet-700',
    path: 'M12 6.5C10.5 5 8 4.5 4 4.5v13c4 0 6.5.5 8 2 1.5-1.5 4-2 8-2v-13c-4 0-6.5.5-8 2Zm0 0v13',
  },
  admin_action: {
    label: 'Admin action',
    className: 'bg-amber-100 text-amber-700',
    path: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3Z',
  },
};

const DEFAULT_ICON = {
  label: 'Activity',
  className: 'bg-slate-100 text-slate-600',
  path: 'M12 12m-3 0a3 3 0 1 0 6 0 3 3 0 1 0-6 0',
};

export function ActivityIcon({ type }: { type: string }) {
  const icon = ICONS[type] ?? DEFAULT_ICON;
  return (
    <span
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${icon.className}`}
      title={icon.label}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={icon.path} />
      </svg>
      <span className="sr-only">{icon.label}</span>
    </span>
  );
}
