import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pageKind } from './app/offline/policy.ts';
import { CHUNK_GRAPH, type ChunkGraph } from './bundle-report.ts';

type RouteEntry = { id: string; path?: string; [field: string]: unknown };
type RouteManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteEntry>;
};

const ROUTE_MANIFEST = /^manifest-[\w-]+\.js$/;

/** A route's path as a page's (`fr?/study/:slug` → `/study/x`): the kind is the same in both languages. */
const samplePath = (routePath: string) =>
  `/${routePath.replace(/^fr\?\/?/, '').replace(/:\w+/g, 'x')}`;

/** The files a route's entry names: its module, its split client modules, their imports and styles. */
function namedFiles(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('/assets/') ? [value.slice(1)] : [];
  if (Array.isArray(value)) return value.flatMap(namedFiles);
  return [];
}

function readRouteManifest(assetsDir: string): { file: string; manifest: RouteManifest } {
  const file = readdirSync(assetsDir).find((name) => ROUTE_MANIFEST.test(name));
  if (!file)
    throw new Error(`No route manifest in ${assetsDir}: the worker would precache nothing.`);
  const text = readFileSync(path.join(assetsDir, file), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
  return { file: `assets/${file}`, manifest };
}

/**
 * The scripts and stylesheets a page kept for offline reading can need (learner/app/offline/
 * policy.ts, `kept`: the study pages, the dashboard, past results, the public pages): the entry,
 * the root and each kept route with everything they import at once or later (a tool opened
 * offline for the first time still loads), and the route manifest. Quizzes, forms and account
 * pages need the server, so offline they are the offline page, which runs no script: their code is
 * not downloaded ahead on a learner's phone; what they load online is kept as it is used (sw.ts).
 */
export function offlineAssets(clientDir: string): Set<string> {
  const { file, manifest } = readRouteManifest(path.join(clientDir, 'assets'));
  const graph = JSON.parse(readFileSync(CHUNK_GRAPH, 'utf8')) as ChunkGraph;
  const pending = [
    file,
    ...namedFiles(manifest.entry.module),
    ...namedFiles(manifest.entry.imports),
  ];
  for (const route of Object.values(manifest.routes)) {
    if (route.id !== 'root' && pageKind(samplePath(route.path ?? '')) !== 'kept') continue;
    pending.push(...Object.values(route).flatMap(namedFiles));
  }
  const needed = new Set<string>();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (needed.has(next)) continue;
    needed.add(next);
    pending.push(...(graph[next] ?? []));
  }
  return needed;
}

/**
 * Serwist's manifest transform: of the build's scripts, only what `offlineAssets` names is
 * precached; the manifest, icons and every stylesheet stay.
 */
export function precacheOfflineAssets(clientDir: string) {
  return <Entry extends { url: string }>(entries: Entry[]) => {
    // `vite dev` serves a worker with nothing to precache: there is no build to read.
    if (entries.length === 0) return { manifest: entries };
    const needed = offlineAssets(clientDir);
    return { manifest: entries.filter((e) => !e.url.endsWith('.js') || needed.has(e.url)) };
  };
}
