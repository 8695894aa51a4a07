import { useId, useState } from 'react';
import { addTag } from '@drone-exam/shared/text';
import { Button } from '@drone-exam/shared/ui/ui';

/** Tags with the spec's add rules (trimmed, no empty, no duplicate); Enter adds too. */
export function TagInput({
  tags,
  onChange,
  error,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
}) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const add = () => {
    onChange(addTag(tags, draft));
    setDraft('');
  };
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Tags
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          placeholder="Type a tag and press Enter"
          className={`block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-sky-600 ${error ? 'border-red-500' : 'border-slate-300'}`}
        />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Tags added">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm text-slate-800"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(tags.filter((t) => t !== tag))}
                aria-label={`Remove tag ${tag}`}
                className="rounded-full px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
