import { useTranslation } from '../../i18n/react';
import { truncate } from '@drone-exam/shared/text';
import { Button, Field } from '@drone-exam/shared/ui/ui';
import { useMessage } from '../../i18n/hooks';
import { scrollToSection } from './scroll';
import { COLOUR_CLASSES, NoteForm, PendingBadge } from './study-tools-parts';
import { useArticleSelection } from './use-article-selection';
import { useStudyToolActions } from './use-study-tool-actions';
import type { Shown, StudyToolsProps } from './study-tools-props';
import { SELECTED_TEXT_PANEL_CHARS, SELECTED_TEXT_SHORT_CHARS } from './constants';

/** An item keeps the key it was first shown under, so a form open on it survives its sync. */
const keyOf = (item: Shown<{ id: string }>) => item.localId ?? item.id;

/**
 * What the Study Tools panel holds (learner-spec §2): this module's bookmarks and notes; add a
 * bookmark at the current section or a note on the selected text; edit, recolour and delete.
 * Offline, every change is kept on this device and synced later (use-study-materials.ts).
 * Loaded when the panel is first opened (study-tools.tsx).
 */
export function StudyToolsPanel({
  moduleId,
  moduleTitle,
  toc,
  bookmarks,
  notes,
  materials,
  article,
}: StudyToolsProps) {
  const [selection, clearSelection] = useArticleSelection(article, toc);
  const { t } = useTranslation(['study', 'common']);
  const {
    bookmarkDraft,
    setBookmarkDraft,
    bookmarkErrors,
    savingBookmark,
    noteDraft,
    setNoteDraft,
    editing,
    setEditing,
    loadingMore,
    startBookmark,
    saveBookmark,
    deleteBookmark,
    startNote,
    addNote,
    updateNote,
    deleteNote,
    loadMore,
  } = useStudyToolActions({ moduleId, moduleTitle, toc, materials, selection, clearSelection });
  const message = useMessage();
  return (
    <>
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
    </>
  );
}
