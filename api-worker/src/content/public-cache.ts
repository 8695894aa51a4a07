import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { AppEnv, Bindings } from '../env.ts';
import {
  PUBLIC_CACHE_MEMORY_ENTRIES,
  PUBLIC_CACHE_TTL_SECONDS,
  PUBLIC_CACHE_VERSION_MEMO_MS,
} from './constants.ts';

/**
 * Public reads that are the same for every visitor (the module list, a module by slug, the
 * published question counts) are answered from a cache, in two layers: the isolate's memory,
 * then a KV copy shared by every isolate at the edge. Every entry carries the content version,
 * a KV key every content write replaces itself once it succeeded (contentChanged: the module,
 * question and import writes, the import job, the seed), so a publish makes every older copy
 * unreachable. An isolate rereads the version at most every PUBLIC_CACHE_VERSION_MEMO_MS, so
 * another isolate may serve the old copy for that long (plus KV's own propagation, up to a
 * minute between locations); the isolate that made the change sees it at once.
 */
const VERSION_KEY = 'public:version';

let version: { value: string; readAt: number } | null = null;
const memory = new Map<string, string>();

async function contentVersion(env: Bindings, now: number): Promise<string> {
  if (version && now - version.readAt < PUBLIC_CACHE_VERSION_MEMO_MS) return version.value;
  const value = (await env.PUBLIC_CACHE.get(VERSION_KEY)) ?? 'initial';
  if (version?.value !== value) memory.clear();
  version = { value, readAt: now };
  return value;
}

/** Makes every cached public answer stale, here at once and elsewhere within the memo time. */
export async function contentChanged(env: Bindings, now = Date.now()) {
  const value = `${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  await env.PUBLIC_CACHE.put(VERSION_KEY, value);
  memory.clear();
  version = { value, readAt: now };
}

/**
 * The JSON text of a public answer's data: from memory, from KV, or built from D1 and kept in
 * both (the KV write after the answer is sent).
 */
export async function cachedJson<T>(
  c: Context<AppEnv>,
  key: string,
  build: () => Promise<T>,
): Promise<JsonText<T>> {
  const current = await contentVersion(c.env, Date.now());
  const cacheKey = `public:${current}:${key}`;
  const remembered = memory.get(cacheKey);
  if (remembered !== undefined) return remembered;
  let json = await c.env.PUBLIC_CACHE.get(cacheKey);
  if (json === null) {
    json = JSON.stringify(await build());
    const kept = c.env.PUBLIC_CACHE.put(cacheKey, json, {
      expirationTtl: PUBLIC_CACHE_TTL_SECONDS,
    }).catch((error: unknown) => console.error('Public cache not written', error));
    try {
      c.executionCtx.waitUntil(kept);
    } catch {
      await kept;
    }
  }
  if (memory.size >= PUBLIC_CACHE_MEMORY_ENTRIES) memory.clear();
  memory.set(cacheKey, json);
  return json as JsonText<T>;
}

declare const jsonOf: unique symbol;
/** JSON text that remembers the type it was made from, so the answer built from it is typed. */
export type JsonText<T> = string & { readonly [jsonOf]?: T };

/**
 * Answers `{success: true, data}` with cached data text, without parsing it again; typed as the
 * JSON answer `ok` would give, so the API contract (scripts/contract.ts) reads the same type.
 */
export function okJson<T>(c: Context<AppEnv>, dataJson: JsonText<T>, cacheControl?: string) {
  if (cacheControl) c.header('Cache-Control', cacheControl);
  const answer: Response = c.body(`{"success":true,"data":${dataJson}}`, 200, {
    'Content-Type': 'application/json; charset=UTF-8',
  });
  return answer as Response & TypedResponse<JSONParsed<{ success: true; data: T }>, 200, 'json'>;
}
