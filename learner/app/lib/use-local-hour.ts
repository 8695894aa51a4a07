import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const localHour = () => new Date().getHours();
const unknownOnServer = () => null;

/**
 * The hour on the learner's own clock: null while server-rendering (the server cannot know the
 * visitor's time zone), the local hour once hydrated, without a hydration mismatch.
 */
export function useLocalHour(): number | null {
  return useSyncExternalStore(noSubscription, localHour, unknownOnServer);
}
