import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bookmark, Note } from '@drone-exam/shared';
import {
  SELECTED_TEXT_PANEL_CHARS,
  SELECTED_TEXT_SHORT_CHARS,
  type NoteColour,
} from '@drone-exam/shared/constants';
import type { TocEntry } from '@drone-exam/shared/markdown';
import { truncate } from '@drone-exam/shared/text';
import { useToast } from '@drone-exam/shared/ui/toast';
import { Button, Field } from '@drone-exam/shared/ui/ui';
import type { FieldErrors } from '../../lib/form-data';
import type { Pending, ToolList } from '../../offline/types';
import { useMessage } from '../../i18n/hooks';
import { scrollToSection } from './scroll';
import {
  COLOUR_CLASSES,
  NoteForm,
  PendingBadge,
  placeNow,
  studyForms,
  useArticleSelection,
  type Place,
} from './study-tools-parts';
import type { StudyMaterials, WriteOutcome } from './use-study-materials';

export { StudyToolsUnavailable } from './study-tools-parts';

type Shown<T> = Pending<T> & { localId?: string };
/** An item keeps the key it was first shown under, so a form open on it survives its sync. */
const keyOf = (item: Shown<{ id: string }>) => item.localId ?? item.id;

/**
 * The collapsible Study Tools panel (learner-spec §2): this module's bookmarks and notes; add a
 * bookmark at the current section or a note on the selected text; edit, recolour and delete.
 * Offline, every change is kept on this device and synced later (use-study-materials.ts).
 */
export function StudyTools({
  moduleId,
  moduleTitle,
  toc,
  article,
  bookmarks,
  notes,
  materials,
}: {
  moduleId: string;
  moduleTitle: string;
  toc: TocEntry[];
  article: RefObject<HTMLElement | null>;
  bookmarks: ToolList<Shown<Bookmark>>;
  notes: ToolList<Shown<Note>>;
  materials: StudyMaterials;
}) {
  const { actions } = materials;
  const [open, setOpen] = useState(false);
  const [bookmarkDraft, setBookmarkDraft] = useState<(Place & { title: string }) | null>(null);
  const [bookmarkErrors, setBookmarkErrors] = useState<FieldErrors>({});
  const [savingBookmark, setSavingBookmark] = useState(false);
  const [noteDraft, setNoteDraft] = useState<(Place & { text: string | null }) | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState<'bookmarks' | 'notes' | null>(null);
  const [selection, clearSelection] = useArticleSelection(article, toc);
  const { t } = useTranslation(['study', 'common']);
  const message = useMessage();
  const toast = useToast();
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

  /** Says what became of a change; the field errors of a refused one, for its form. */
  const told = (outcome: WriteOutcome<unknown>, done: string): FieldErrors | null => {
    if (outcome.state === 'saved') toast.success(done);
    else if (outcome.state === 'queued') toast.success(t('common:offline.saved'));
    else return outcome.failure.fields ?? { _: outcome.failure.error };
    return null;
  };

  const startBookmark = () => {
    const place = placeNow(toc);
    setBookmarkErrors({});
    setBookmarkDraft({ ...place, title: titleOf(place.sectionId) ?? moduleTitle });
  };

  const saveBookmark = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!bookmarkDraft) return;
    const title = new FormData(event.currentTarget).get('title');
    const { BookmarkInputSchema, validateForm } = await studyForms();
    const checked = validateForm(BookmarkInputSchema, {
      moduleId,
      title,
      sectionId: bookmarkDraft.sectionId,
      position: bookmarkDraft.position,
    });
    if (!checked.ok) return setBookmarkErrors(checked.errors);
    setSavingBookmark(true);
    const { moduleId: _, ...body } = checked.data;
    const failed = told(await actions.addBookmark(body), t('tools.bookmarkAdded'));
    setSavingBookmark(false);
    if (failed) return setBookmarkErrors(failed);
    setBookmarkDraft(null);
  };

  const deleteBookmark = async (bookmark: Bookmark) => {
    const outcome = await actions.deleteBookmark(bookmark.id);
    if (outcome.state === 'refused') toast.error(message(outcome.failure.error));
    else told(outcome, t('tools.bookmarkDeleted'));
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
    const { NoteInputSchema, validateForm } = await studyForms();
    const checked = validateForm(NoteInputSchema, {
      moduleId,
      sectionId: noteDraft.sectionId,
      selectedText: noteDraft.text,
      position: noteDraft.position,
      ...values,
    });
    if (!checked.ok) return checked.errors;
    const { moduleId: _, ...body } = checked.data;
    const failed = told(await actions.addNote(body), t('tools.noteAdded'));
    if (failed) return failed;
    setNoteDraft(null);
    clearSelection();
    return null;
  };

  const updateNote = async (note: Note, values: { note: string; color: NoteColour }) => {
    const failed = told(await actions.updateNote(note.id, values), t('tools.noteUpdated'));
    if (failed) return failed;
    setEditing(null);
    return null;
  };

  const deleteNote = async (note: Note) => {
    const outcome = await actions.deleteNote(note.id);
    if (outcome.state === 'refused') toast.error(message(outcome.failure.error));
    else told(outcome, t('tools.noteDeleted'));
  };

  const loadMore = async (kind: 'bookmarks' | 'notes') => {
    setLoadingMore(kind);
    const failure = await materials.loadMore(kind);
    setLoadingMore(null);
    if (failure) toast.error(message(failure.error));
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
                  key={keyOf(bookmark)}
                  className="flex items-start justify-between gap-2 rounded-lg border border-slate-200 p-2"
                >
                  <div className="space-y-1">
                    <button
                      type="button"
                      onClick={() => scrollToSection(bookmark.sectionId, bookmark.position)}
                      className="text-left text-sm font-medium text-sky-800 hover:underline"
                    >
                      {bookmark.title}
                    </button>
                    {bookmark.pending && <PendingBadge />}
                  </div>
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
              loading={loadingMore === 'bookmarks'}
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
                  key={keyOf(note)}
                  className={`rounded-lg border-l-4 p-3 ${COLOUR_CLASSES[note.color].card}`}
                >
                  {editing === keyOf(note) ? (
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
                      {note.pending && (
                        <p className="mt-1">
                          <PendingBadge />
                        </p>
                      )}
                      <div className="mt-2 flex gap-3 text-xs">
                        <button
                          type="button"
                          onClick={() => setEditing(keyOf(note))}
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
              loading={loadingMore === 'notes'}
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
