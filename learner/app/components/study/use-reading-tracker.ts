import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ModuleProgress, ProgressUpdate } from '@drone-exam/shared';
import { countedGapMs, scrollPercent } from '@drone-exam/shared/reading';
import { sectionLabel } from '@drone-exam/shared/text';
import type { StudyMaterials, WriteOutcome } from './use-study-materials';
import { PROGRESS_SAVE_DELAY_MS } from './constants';

type Tracked = {
  /** The furthest point reached in this visit (the API keeps the maximum over all visits). */
  percent: number;
  sections: Set<string>;
  position: number | null;
  /** Reading time counted since the last save that reached the API. */
  pendingMs: number;
  lastEventAt: number;
  visible: boolean;
  /** Something besides time changed since the last save. */
  dirty: boolean;
  queue: Promise<unknown>;
};

type SaveOptions = { keepalive?: boolean; isCompleted?: boolean };

const ACTIVITY_EVENTS = ['mousemove', 'click', 'keydown'] as const;

/** Why the last save did not reach the API (its text is the study catalog's progress.<reason>). */
export type SaveFailure = 'notSaved' | 'signedOut';

/**
 * Tracks reading per learner-spec §4: time between scroll, mouse, click and key events counts when
 * the gap is under 5 minutes and the page is visible; progress comes from the scroll position.
 * Saves 2 s after scrolling stops; at once on reaching the end, when the page is hidden or closed
 * and when the module changes (keepalive, so the request outlives the page). Offline, each save
 * waits in the outbox and the page shows the progress made meanwhile (use-study-materials.ts).
 */
export function useReadingTracker({
  initial,
  save: saveProgress,
  article,
  enabled,
}: {
  initial: ModuleProgress | null;
  save: StudyMaterials['actions']['saveProgress'];
  article: RefObject<HTMLElement | null>;
  enabled: boolean;
}) {
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const tracked = useRef<Tracked>({
    percent: 0,
    sections: new Set(initial?.sectionsRead),
    position: null,
    pendingMs: 0,
    lastEventAt: 0,
    visible: true,
    dirty: false,
    queue: Promise.resolve(),
  });

  const firstOpen = !initial?.startedAt;

  const tick = useCallback(() => {
    const state = tracked.current;
    if (!state.visible) return;
    const now = Date.now();
    state.pendingMs += countedGapMs(state.lastEventAt, now);
    state.lastEventAt = now;
  }, []);

  const send = useCallback(
    async ({
      keepalive = false,
      isCompleted,
    }: SaveOptions): Promise<WriteOutcome<{ progress: ModuleProgress }> | null> => {
      const state = tracked.current;
      tick();
      if (!state.dirty && state.pendingMs === 0 && isCompleted === undefined) return null;
      const body: ProgressUpdate = {
        progress: state.percent,
        timeSpent: state.pendingMs / 60_000,
        sectionsRead: [...state.sections],
      };
      if (state.position !== null) body.position = state.position;
      if (isCompleted !== undefined) body.isCompleted = isCompleted;
      const sentMs = state.pendingMs;
      const wasDirty = state.dirty;
      state.pendingMs = 0;
      state.dirty = false;
      const outcome = await saveProgress(body, { keepalive });
      if (outcome.state === 'refused') {
        // Kept for the next save, so a refused request loses nothing.
        state.pendingMs += sentMs;
        state.dirty ||= wasDirty;
        setFailure(outcome.failure.status === 401 ? 'signedOut' : 'notSaved');
      } else {
        setFailure(null);
      }
      return outcome;
    },
    [saveProgress, tick],
  );

  /** Saves one at a time, in order; a page that is going away sends at once. */
  const save = useCallback(
    (options: SaveOptions = {}) => {
      if (options.keepalive) return send(options);
      const next = tracked.current.queue.then(() => send(options));
      tracked.current.queue = next.catch(() => null);
      return next;
    },
    [send],
  );

  useEffect(() => {
    if (!enabled) return;
    const state = tracked.current;
    state.lastEventAt = Date.now();
    state.visible = document.visibilityState === 'visible';
    let timer: ReturnType<typeof setTimeout> | undefined;

    const onScroll = () => {
      tick();
      let reachedEnd = false;
      const element = article.current;
      if (element) {
        const rect = element.getBoundingClientRect();
        const percent = scrollPercent({
          scrollY: window.scrollY,
          viewportHeight: window.innerHeight,
          articleTop: rect.top + window.scrollY,
          articleHeight: rect.height,
        });
        reachedEnd = percent === 100 && state.percent < 100;
        if (percent > state.percent) state.percent = percent;
        state.sections.add(sectionLabel(percent));
      }
      state.position = Math.round(window.scrollY);
      state.dirty = true;
      clearTimeout(timer);
      // Reaching the end completes the module: saved at once, and sent so that it outlives the
      // page, since a learner who has finished often leaves straight away and the save on the way
      // out is the browser's best effort only.
      if (reachedEnd) void save({ keepalive: true });
      else timer = setTimeout(() => void save(), PROGRESS_SAVE_DELAY_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        tick();
        state.visible = false;
        void save({ keepalive: true });
      } else {
        state.visible = true;
        state.lastEventAt = Date.now();
      }
    };
    const onPageHide = () => void save({ keepalive: true });

    window.addEventListener('scroll', onScroll, { passive: true });
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, tick, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    // The first open of a module is recorded at once (the dashboard's "started" and recent activity).
    if (firstOpen) {
      state.dirty = true;
      void save();
    }
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, tick);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the module inside the app (another module, another page): keep what was read.
      void save({ keepalive: true });
    };
  }, [enabled, firstOpen, article, save, tick]);

  const setCompleted = useCallback((value: boolean) => save({ isCompleted: value }), [save]);

  return { failure, setCompleted };
}
