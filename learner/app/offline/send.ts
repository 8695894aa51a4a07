import type { ApiClient, ApiData, ApiResult } from '@drone-exam/shared';
import type { QueuedWrite } from './types';
import { IDEMPOTENCY_KEY_HEADER } from '@drone-exam/shared/schemas/common-values';

/**
 * One write as the API takes it, apart from the replay (replay.ts, loaded only when writes wait):
 * a page sends its own writes at once, even as it is being left (keepalive), with nothing to load.
 */

/** What the API answers each kind of write, from the API contract. */
export type WriteAnswer = {
  'note.create': ApiData<'/study-materials/notes', 'POST'>;
  'note.update': ApiData<`/study-materials/notes/${string}`, 'PUT'>;
  'note.delete': ApiData<`/study-materials/notes/${string}`, 'DELETE'>;
  'bookmark.create': ApiData<'/study-materials/bookmarks', 'POST'>;
  'bookmark.delete': ApiData<`/study-materials/bookmarks/${string}`, 'DELETE'>;
  progress: ApiData<`/study-materials/progress/${string}`, 'PUT'>;
};

const key = (k: string) => ({ [IDEMPOTENCY_KEY_HEADER]: k });

/** Sends one write as the API takes it (a create with its Idempotency-Key). */
export function sendWrite(
  api: ApiClient,
  write: QueuedWrite,
  { keepalive = false } = {},
): Promise<ApiResult<unknown>> {
  switch (write.kind) {
    case 'note.create':
      return api('/study-materials/notes', {
        method: 'POST',
        body: write.body,
        headers: key(write.key),
      });
    case 'note.update':
      return api(`/study-materials/notes/${write.noteId}`, { method: 'PUT', body: write.body });
    case 'note.delete':
      return api(`/study-materials/notes/${write.noteId}`, { method: 'DELETE' });
    case 'bookmark.create':
      return api('/study-materials/bookmarks', {
        method: 'POST',
        body: write.body,
        headers: key(write.key),
      });
    case 'bookmark.delete':
      return api(`/study-materials/bookmarks/${write.bookmarkId}`, { method: 'DELETE' });
    case 'progress':
      return api(`/study-materials/progress/${write.moduleId}`, {
        method: 'PUT',
        body: write.body,
        keepalive,
      });
  }
}
