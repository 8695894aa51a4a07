/** What the Study Tools forms check with, loaded when a form is first sent (study-tools-parts). */
export { validateForm } from '../../lib/forms';
export {
  BookmarkInputSchema,
  NoteInputSchema,
  NoteUpdateSchema,
} from '@drone-exam/shared/schemas/study';
