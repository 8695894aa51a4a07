import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { TocEntry } from '@drone-exam/shared/markdown';
import { currentSection } from '@drone-exam/shared/reading';
import { truncate } from '@drone-exam/shared/text';
import { Button, TextAreaField } from '@drone-exam/shared/ui/ui';
import type { FieldErrors } from '../../lib/form-data';
import { useMessage } from '../../i18n/hooks';
import { SELECTED_TEXT_SHORT_CHARS, TOC_SCROLL_OFFSET_PX } from './constants';
import {
  NOTE_COLOURS,
  NOTE_DEFAULT_COLOUR,
  type NoteColour,
} from '@drone-exam/shared/schemas/study-values';

/**
 * The forms validate with the API's own schemas, loaded when a form is first sent: the validation
 * library stays out of the page's start-up JavaScript.
 */
export const studyForms = () => import('./study-forms');

export const COLOUR_CLASSES: Record<NoteColour, { swatch: string; card: string }> = {
  yellow: { swatch: 'bg-yellow-300', card: 'border-yellow-400 bg-yellow-50' },
  green: { swatch: 'bg-emerald-300', card: 'border-emerald-400 bg-emerald-50' },
  blue: { swatch: 'bg-sky-300', card: 'border-sky-400 bg-sky-50' },
  pink: { swatch: 'bg-pink-300', card: 'border-pink-400 bg-pink-50' },
  purple: { swatch: 'bg-violet-300', card: 'border-violet-400 bg-violet-50' },
};

export type Place = { sectionId: string | null; position: number };
export type Selection = Place & { text: string };

/** Where the reader is now: the section under the reading line, and the scroll position. */
export function placeNow(toc: TocEntry[]): Place {
  const headings = toc.flatMap((entry) => {
    const element = document.getElementById(entry.id);
    return element ? [{ id: entry.id, top: element.getBoundingClientRect().top }] : [];
  });
  return {
    sectionId: currentSection(headings, TOC_SCROLL_OFFSET_PX),
    position: Math.round(window.scrollY),
  };
}

function ColourPicker({
  value,
  onChange,
}: {
  value: NoteColour;
  onChange: (c: NoteColour) => void;
}) {
  const { t } = useTranslation('study');
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{t('tools.colour')}</legend>
      <div className="mt-1 flex gap-2">
        {NOTE_COLOURS.map((colour) => (
          <label key={colour} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={colour}
              checked={value === colour}
              onChange={() => onChange(colour)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={`block h-7 w-7 rounded-full ring-offset-2 peer-checked:ring-2 peer-checked:ring-slate-700 peer-focus-visible:outline-2 peer-focus-visible:outline-sky-600 ${COLOUR_CLASSES[colour].swatch}`}
            />
            <span className="sr-only">{t(`tools.colours.${colour}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function NoteForm({
  initialText = '',
  initialColour = NOTE_DEFAULT_COLOUR,
  selectedText,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initialText?: string;
  initialColour?: NoteColour;
  selectedText?: string | null;
  submitLabel: string;
  onSubmit: (values: { note: string; color: NoteColour }) => Promise<FieldErrors | null>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('study');
  const message = useMessage();
  const [colour, setColour] = useState<NoteColour>(initialColour);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = new FormData(event.currentTarget).get('note');
    const { NoteUpdateSchema, validateForm } = await studyForms();
    const checked = validateForm(NoteUpdateSchema, { note, color: colour });
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    const failed = await onSubmit({ note: checked.data.note, color: colour });
    setBusy(false);
    setErrors(failed ?? {});
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3 rounded-lg bg-slate-50 p-3">
      {selectedText && (
        <blockquote className="border-l-4 border-slate-300 pl-3 text-sm text-slate-600 italic">
          “{truncate(selectedText, SELECTED_TEXT_SHORT_CHARS)}”
        </blockquote>
      )}
      <TextAreaField
        label={t('tools.note')}
        name="note"
        rows={3}
        defaultValue={initialText}
        error={errors.note && message(errors.note)}
        autoFocus
        required
      />
      <ColourPicker value={colour} onChange={setColour} />
      {errors._ && <p className="text-sm text-red-700">{message(errors._)}</p>}
      <div className="flex gap-2">
        <Button type="submit" loading={busy} loadingText={t('tools.saving')}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('tools.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Marks an item the API does not have yet. */
export function PendingBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      {t('offline.saved')}
    </span>
  );
}
