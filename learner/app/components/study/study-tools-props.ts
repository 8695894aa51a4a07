/**
 * What the Study Tools toggle and its lazily loaded panel both take: a module of its own, so the
 * panel need not import the toggle that loads it.
 */
import type { RefObject } from 'react';
import type { Bookmark, Note } from '@drone-exam/shared';
import type { TocEntry } from '@drone-exam/shared/markdown';
import type { Pending, ToolList } from '../../offline/types';
import type { StudyMaterials } from './use-study-materials';

export type Shown<T> = Pending<T> & { localId?: string };

export type StudyToolsProps = {
  moduleId: string;
  moduleTitle: string;
  toc: TocEntry[];
  article: RefObject<HTMLElement | null>;
  bookmarks: ToolList<Shown<Bookmark>>;
  notes: ToolList<Shown<Note>>;
  materials: StudyMaterials;
};
