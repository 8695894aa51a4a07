import { createContext } from 'react-router';
import type { PublicUser } from '@drone-exam/shared';

export const cloudflareContext = createContext<{
  env: Env;
  ctx: ExecutionContext;
  nonce: string;
}>();

/** The signed-in learner for this request, resolved once by the root middleware. */
export const userContext = createContext<PublicUser | null>(null);
