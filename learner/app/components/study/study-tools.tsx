import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bookmark, Note, Pagination } from '@drone-exam/shared';
import {
  NOTE_COLOURS,
  NOTE_DEFAULT_COLOUR,
  SELECTED_TEXT_PANEL_CHARS,
  SELECTED_TEXT_SHORT_CHARS,
  STUDY_TOOLS_PAGE_SIZE,
  TOC_SCROLL_OFFSET_PX,
  type NoteColour,
} from '@drone-exam/shared/constants';
import type { TocEntry } from '@drone-exam/shared/markdown';
import { currentSection } from '@drone-exam/shared/reading';
import { truncate } from '@drone-exam/shared/text';
import { useToast } from '@drone-exam/shared/ui/toast';
import { Alert, Button, Field, TextAreaField } from '@drone-exam/shared/ui/ui';
import { api } from '../../lib/api';
import { formObject, validateForm, type FieldErrors } from '../../lib/forms';
import { scrollToSection } from './scroll';
import { useMessage } from '../../i18n/hooks';

export type ToolList<T> = { items: T[]; pagination: Pagination };

/**
 * The forms validate with the API's own schemas, loaded when a form is first sent: the validation
 * library stays out of the page's start-up JavaScript.
 */
const studySchemas = () => import('@drone-exam/shared/schemas/study');

const COLOUR_CLASSES: Record<NoteColour, { swatch: string; card: string }> = {
  yellow: { swatch: 'bg-yellow-300', card: 'border-yellow-400 bg-yellow-50' },
  green: { swatch: 'bg-emerald-300', card: 'border-emerald-400 bg-emerald-50' },
  blue: { swatch: 'bg-sky-300', card: 'border-sky-400 bg-sky-50' },
  pink: { swatch: 'bg-pink-300', card: 'border-pink-400 bg-pink-50' },
  purple: { swatch: 'bg-violet-300', card: 'border-violet-400 bg-violet-50' },
};

type Place = { sectionId: string | null; position: number };
type Selection = Place & { text: string };

/** Where the reader is now: the section under the reading line, and the scroll position. */
function placeNow(toc: TocEntry[]): Place {
  const headings = toc.flatMap((entry) => {
    const element = document.getElementById(entry.id);
    return element ? [{ id: entry.id, top: element.getBoundingClientRect().top }] : [];
  });
  return {
    sectionId: currentSection(headings, TOC_SCROLL_OFFSET_PX),
    position: Math.round(window.scrollY),
  };
}

/** The text the learner last selected inside the article, kept while they reach for the panel. */
function useArticleSelection(article: RefObject<HTMLElement | null>, toc: TocEntry[]) {
  const [selection, setSelection] = useState<Selection | null>(null);
  useEffect(() => {
    const onChange = () => {
      const current = document.getSelection();
      const element = article.current;
      if (!current || !element || !current.anchorNode) return;
      if (!element.contains(current.anchorNode)) return;
      const text = current.toString().replace(/\s+/g, ' ').trim();
      if (current.isCollapsed || !text) {
        setSelection(null);
        return;
      }
      const range = current.getRangeAt(0);
      const top = range.getBoundingClientRect().top;
      const headings = toc.flatMap((entry) => {
        const heading = document.getElementById(entry.id);
        return heading ? [{ id: entry.id, top: heading.getBoundingClientRect().top }] : [];
      });
      setSelection({
        text,
        sectionId: currentSection(headings, top),
        position: Math.round(window.scrollY + top),
      });
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [article, toc]);
  return [selection, () => setSelection(null)] as const;
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

function NoteForm({
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
    const values = formObject(new FormData(event.currentTarget));
    const { NoteUpdateSchema } = await studySchemas();
    const checked = validateForm(NoteUpdateSchema, { note: values.note, color: colour });
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

function useMore<T>(path: string, moduleId: string, key: 'bookmarks' | 'notes') {
  const [loading, setLoading] = useState(false);
  const toast = useToast();
  const message = useMessage();
  return {
    loading,
    async load(page: number): Promise<ToolList<T> | null> {
      setLoading(true);
      const result = await api<Record<typeof key, T[]> & { pagination: Pagination }>(path, {
        query: { moduleId, page, limit: STUDY_TOOLS_PAGE_SIZE },
      });
      setLoading(false);
      if (!result.success) {
        toast.error(message(result.error));
        return null;
      }
      return { items: result.data[key], pagination: result.data.pagination };
    },
  };
}

/**
 * The collapsible Study Tools panel (learner-spec §2): this module's bookmarks and notes; add a
 * bookmark at the current section or a note on the selected text; edit, recolour and delete.
 */
export function StudyTools({
  moduleId,
  moduleTitle,
  toc,
  article,
  initialBookmarks,
  initialNotes,
}: {
  moduleId: string;
  moduleTitle: string;
  toc: TocEntry[];
  article: RefObject<HTMLElement | null>;
  initialBookmarks: ToolList<Bookmark>;
  initialNotes: ToolList<Note>;
}) {
  const [open, setOpen] = useState(false);
  const [bookmarks, setBookmarks] = useState(initialBookmarks);
  const [notes, setNotes] = useState(initialNotes);
  const [bookmarkDraft, setBookmarkDraft] = useState<(Place & { title: string }) | null>(null);
  const [bookmarkErrors, setBookmarkErrors] = useState<FieldErrors>({});
  const [savingBookmark, setSavingBookmark] = useState(false);
  const [noteDraft, setNoteDraft] = useState<(Place & { text: string | null }) | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [selection, clearSelection] = useArticleSelection(article, toc);
  const { t } = useTranslation('study');
  const message = useMessage();
  const toast = useToast();
  const moreBookmarks = useMore<Bookmark>('/study-materials/bookmarks', moduleId, 'bookmarks');
  const moreNotes = useMore<Note>('/study-materials/notes', moduleId, 'notes');
  const toggle = useRef<HTMLButtonElement>(null);
  const titleOf = (sectionId: string | null) =>
    toc.find((entry) => entry.id === sectionId)?.title ?? null;

  // Escape closes the open panel (on a phone it covers the text) and returns focus to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const startBookmark = () => {
    const place = placeNow(toc);
    setBookmarkErrors({});
    setBookmarkDraft({ ...place, title: titleOf(place.sectionId) ?? moduleTitle });
  };

  const saveBookmark = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!bookmarkDraft) return;
    const { title } = formObject(new FormData(event.currentTarget));
    const { BookmarkInputSchema } = await studySchemas();
    const checked = validateForm(BookmarkInputSchema, {
      moduleId,
      title,
      sectionId: bookmarkDraft.sectionId,
      position: bookmarkDraft.position,
    });
    if (!checked.ok) return setBookmarkErrors(checked.errors);
    setSavingBookmark(true);
    const result = await api<{ bookmark: Bookmark }>('/study-materials/bookmarks', {
      method: 'POST',
      body: checked.data,
    });
    setSavingBookmark(false);
    if (!result.success) return setBookmarkErrors(result.fields ?? { _: result.error });
    setBookmarks((list) => ({
      items: [result.data.bookmark, ...list.items],
      pagination: { ...list.pagination, totalItems: list.pagination.totalItems + 1 },
    }));
    setBookmarkDraft(null);
    toast.success(t('tools.bookmarkAdded'));
  };

  const deleteBookmark = async (bookmark: Bookmark) => {
    const result = await api(`/study-materials/bookmarks/${bookmark.id}`, { method: 'DELETE' });
    if (!result.success) return toast.error(message(result.error));
    setBookmarks((list) => ({
      items: list.items.filter((item) => item.id !== bookmark.id),
      pagination: { ...list.pagination, totalItems: list.pagination.totalItems - 1 },
    }));
    toast.success(t('tools.bookmarkDeleted'));
  };

  const startNote = () => {
    const place = selection ?? placeNow(toc);
    setNoteDraft({
      sectionId: place.sectionId,
      position: place.position,
      text: selection?.text ?? null,
    });
  };

  const addNote = async (values: { note: string; color: NoteColour }) => {
    if (!noteDraft) return null;
    const { NoteInputSchema } = await studySchemas();
    const checked = validateForm(NoteInputSchema, {
      moduleId,
      sectionId: noteDraft.sectionId,
      selectedText: noteDraft.text,
      position: noteDraft.position,
      ...values,
    });
    if (!checked.ok) return checked.errors;
    const result = await api<{ note: Note }>('/study-materials/notes', {
      method: 'POST',
      body: checked.data,
    });
    if (!result.success) return result.fields ?? { _: result.error };
    setNotes((list) => ({
      items: [result.data.note, ...list.items],
      pagination: { ...list.pagination, totalItems: list.pagination.totalItems + 1 },
    }));
    setNoteDraft(null);
    clearSelection();
    toast.success(t('tools.noteAdded'));
    return null;
  };

  const updateNote = async (note: Note, values: { note: string; color: NoteColour }) => {
    const result = await api<{ note: Note }>(`/study-materials/notes/${note.id}`, {
      method: 'PUT',
      body: values,
    });
    if (!result.success) return result.fields ?? { _: result.error };
    setNotes((list) => ({
      ...list,
      items: list.items.map((item) => (item.id === note.id ? result.data.note : item)),
    }));
    setEditing(null);
    toast.success(t('tools.noteUpdated'));
    return null;
  };

  const deleteNote = async (note: Note) => {
    const result = await api(`/study-materials/notes/${note.id}`, { method: 'DELETE' });
    if (!result.success) return toast.error(message(result.error));
    setNotes((list) => ({
      items: list.items.filter((item) => item.id !== note.id),
      pagination: { ...list.pagination, totalItems: list.pagination.totalItems - 1 },
    }));
    toast.success(t('tools.noteDeleted'));
  };

  const loadMore = async (kind: 'bookmarks' | 'notes') => {
    if (kind === 'bookmarks') {
      const next = await moreBookmarks.load(bookmarks.pagination.currentPage + 1);
      if (next)
        setBookmarks((list) => ({
          items: [...list.items, ...next.items],
          pagination: next.pagination,
        }));
    } else {
      const next = await moreNotes.load(notes.pagination.currentPage + 1);
      if (next)
        setNotes((list) => ({
          items: [...list.items, ...next.items],
          pagination: next.pagination,
        }));
    }
  };

  return (
    <section aria-labelledby="study-tools-toggle">
      <h2>
        <button
          id="study-tools-toggle"
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls="study-tools-panel"
          onClick={() => setOpen((value) => !value)}
          className="fixed right-4 bottom-4 z-30 flex items-center gap-2 rounded-full bg-sky-700 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 lg:static lg:w-full lg:justify-between lg:rounded-xl lg:px-5 lg:shadow-none"
        >
          <span>{t('tools.title')}</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="currentColor"
            className={`h-5 w-5 transition ${open ? 'rotate-180' : ''}`}
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </h2>
      <div
        id="study-tools-panel"
        hidden={!open}
        className="fixed inset-x-2 bottom-20 z-30 max-h-[65vh] space-y-6 overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 shadow-2xl lg:static lg:mt-3 lg:max-h-none lg:shadow-none"
      >
        <div>
          <h3 className="font-semibold text-slate-900">
            {t('tools.bookmarks')}{' '}
            <span className="font-normal text-slate-500">({bookmarks.pagination.totalItems})</span>
          </h3>
          {!bookmarkDraft && (
            <Button variant="secondary" className="mt-2 w-full !py-1.5" onClick={startBookmark}>
              {t('tools.bookmarkSection')}
            </Button>
          )}
          {bookmarkDraft && (
            <form
              noValidate
              onSubmit={saveBookmark}
              className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3"
            >
              <Field
                label={t('tools.bookmarkTitle')}
                name="title"
                defaultValue={bookmarkDraft.title}
                error={bookmarkErrors.title && message(bookmarkErrors.title)}
                autoFocus
                required
              />
              {bookmarkErrors._ && (
                <p className="text-sm text-red-700">{message(bookmarkErrors._)}</p>
              )}
              <div className="flex gap-2">
                <Button type="submit" loading={savingBookmark} loadingText={t('tools.saving')}>
                  {t('tools.saveBookmark')}
                </Button>
                <Button variant="ghost" onClick={() => setBookmarkDraft(null)}>
                  {t('tools.cancel')}
                </Button>
              </div>
            </form>
          )}
          {bookmarks.items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t('tools.noBookmarks')}</p>
          ) : (
            <ul className="mt-3 space-y-2" aria-label={t('tools.bookmarksHere')}>
              {bookmarks.items.map((bookmark) => (
                <li
                  key={bookmark.id}
                  className="flex items-start justify-between gap-2 rounded-lg border border-slate-200 p-2"
                >
                  <button
                    type="button"
                    onClick={() => scrollToSection(bookmark.sectionId, bookmark.position)}
                    className="text-left text-sm font-medium text-sky-800 hover:underline"
                  >
                    {bookmark.title}
                  </button>
                  <button
                    type="button"
                    onClick={() => void deleteBookmark(bookmark)}
                    aria-label={t('tools.deleteBookmark', { title: bookmark.title })}
                    className="rounded px-2 text-sm text-slate-500 hover:bg-red-50 hover:text-red-700"
                  >
                    {t('tools.delete')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {bookmarks.pagination.hasNextPage && (
            <Button
              variant="ghost"
              className="mt-2"
              loading={moreBookmarks.loading}
              onClick={() => void loadMore('bookmarks')}
            >
              {t('tools.moreBookmarks')}
            </Button>
          )}
        </div>

        <div>
          <h3 className="font-semibold text-slate-900">
            {t('tools.notes')}{' '}
            <span className="font-normal text-slate-500">({notes.pagination.totalItems})</span>
          </h3>
          {!noteDraft && (
            <Button variant="secondary" className="mt-2 w-full !py-1.5" onClick={startNote}>
              {selection ? t('tools.addNoteOnSelection') : t('tools.addNote')}
            </Button>
          )}
          {!noteDraft && (
            <p className="mt-1 text-xs text-slate-500">
              {selection
                ? t('tools.selected', {
                    text: truncate(selection.text, SELECTED_TEXT_SHORT_CHARS),
                  })
                : t('tools.selectHint')}
            </p>
          )}
          {noteDraft && (
            <div className="mt-3">
              <NoteForm
                selectedText={noteDraft.text}
                submitLabel={t('tools.saveNote')}
                onSubmit={addNote}
                onCancel={() => setNoteDraft(null)}
              />
            </div>
          )}
          {notes.items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t('tools.noNotes')}</p>
          ) : (
            <ul className="mt-3 space-y-2" aria-label={t('tools.notesHere')}>
              {notes.items.map((note) => (
                <li
                  key={note.id}
                  className={`rounded-lg border-l-4 p-3 ${COLOUR_CLASSES[note.color].card}`}
                >
                  {editing === note.id ? (
                    <NoteForm
                      initialText={note.note}
                      initialColour={note.color}
                      submitLabel={t('tools.saveChanges')}
                      onSubmit={(values) => updateNote(note, values)}
                      onCancel={() => setEditing(null)}
                    />
                  ) : (
                    <>
                      {note.selectedText && (
                        <button
                          type="button"
                          onClick={() => scrollToSection(note.sectionId, note.position)}
                          className="block text-left text-xs text-slate-600 italic hover:underline"
                        >
                          “{truncate(note.selectedText, SELECTED_TEXT_PANEL_CHARS)}”
                        </button>
                      )}
                      <p className="mt-1 text-sm whitespace-pre-line text-slate-900">{note.note}</p>
                      <div className="mt-2 flex gap-3 text-xs">
                        <button
                          type="button"
                          onClick={() => setEditing(note.id)}
                          aria-label={t('tools.editNote', {
                            text: truncate(note.note, SELECTED_TEXT_SHORT_CHARS),
                          })}
                          className="font-medium text-sky-800 hover:underline"
                        >
                          {t('tools.edit')}
                        </button>
                        <button
                          type="button"
                          onClick={() => void deleteNote(note)}
                          aria-label={t('tools.deleteNote', {
                            text: truncate(note.note, SELECTED_TEXT_SHORT_CHARS),
                          })}
                          className="font-medium text-red-700 hover:underline"
                        >
                          {t('tools.delete')}
                        </button>
                      </div>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          {notes.pagination.hasNextPage && (
            <Button
              variant="ghost"
              className="mt-2"
              loading={moreNotes.loading}
              onClick={() => void loadMore('notes')}
            >
              {t('tools.moreNotes')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** Shown in place of the tools when the learner's bookmarks or notes could not be loaded. */
export function StudyToolsUnavailable({ retryTo }: { retryTo: string }) {
  const { t } = useTranslation('study');
  return (
    <Alert tone="error" title={t('tools.unavailable')}>
      <a href={retryTo} className="font-semibold underline">
        {t('tryAgain')}
      </a>
    </Alert>
  );
}
