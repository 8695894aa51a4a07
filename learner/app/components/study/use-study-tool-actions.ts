import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Bookmark, Note } from '@drone-exam/shared';
import type { TocEntry } from '@drone-exam/shared/markdown';
import { useToast } from '@drone-exam/shared/ui/toast';
import type { FieldErrors } from '../../lib/form-data';
import { useMessage } from '../../i18n/hooks';
import { placeNow, studyForms, type Place, type Selection } from './study-tools-parts';
import type { StudyMaterials, WriteOutcome } from './use-study-materials';
import type { NoteColour } from '@drone-exam/shared/schemas/study-values';

/**
 * The Study Tools panel's state and changes: the drafts, what is being saved or edited, and each
 * change told to the learner (saved, kept offline, or refused with its reasons).
 */
export function useStudyToolActions({
  moduleId,
  moduleTitle,
  toc,
  materials,
  selection,
  clearSelection,
}: {
  moduleId: string;
  moduleTitle: string;
  toc: TocEntry[];
  materials: StudyMaterials;
  selection: Selection | null;
  clearSelection: () => void;
}) {
  const { actions } = materials;
  const [bookmarkDraft, setBookmarkDraft] = useState<(Place & { title: string }) | null>(null);
  const [bookmarkErrors, setBookmarkErrors] = useState<FieldErrors>({});
  const [savingBookmark, setSavingBookmark] = useState(false);
  const [noteDraft, setNoteDraft] = useState<(Place & { text: string | null }) | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState<'bookmarks' | 'notes' | null>(null);
  const { t } = useTranslation(['study', 'common']);
  const message = useMessage();
  const toast = useToast();
  const titleOf = (sectionId: string | null) =>
    toc.find((entry) => entry.id === sectionId)?.title ?? null;

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

  return {
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
  };
}
