import { useRouteLoaderData } from 'react-router';
import type { PublicUser } from '@drone-exam/shared';
import type { RootData } from '../root';

/** The signed-in learner, as the root loader resolved them (null for visitors). */
export function useUser(): PublicUser | null {
  return useRouteLoaderData<RootData>('root')?.user ?? null;
}
