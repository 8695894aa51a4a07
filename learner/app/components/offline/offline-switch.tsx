/** The switch of "Save for offline": on, off, busy while it saves, disabled offline. */
export function OfflineSwitch({
  checked,
  busy,
  disabled,
  label,
  onChange,
}: {
  checked: boolean;
  busy: boolean;
  disabled: boolean;
  label: string;
  onChange: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      disabled={busy || disabled}
      onClick={onChange}
      className="flex items-center gap-2 text-sm font-medium text-slate-800 disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-11 items-center rounded-full transition ${checked ? 'bg-emerald-600' : 'bg-slate-300'}`}
      >
        <span
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </span>
      {label}
    </button>
  );
}
