import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where `npm run budgets` reads what each client chunk is made of (outside the served files). */
export const BUNDLE_REPORT = path.resolve(import.meta.dirname, 'build/bundle-report.json');

/** Which chunks each client chunk imports, at once or later (learner/offline-precache.ts reads it). */
export const CHUNK_GRAPH = path.resolve(import.meta.dirname, 'build/chunk-graph.json');

/** A chunk's rendered bytes by what they come from: a package, a shared module, an app folder. */
export type BundleReport = Record<string, Record<string, number>>;
/** A chunk's file name (assets/x.js) → the chunks and stylesheets it imports, statically or not. */
export type ChunkGraph = Record<string, string[]>;

const REPO = path.resolve(import.meta.dirname, '..');

const bare = (name: string | undefined) => name?.replace(/\.tsx?$/, '');

/**
 * The part of the product or the package a module belongs to: "react-dom", "@module-federation/
 * runtime", "shared/schemas", "learner/components/study". Bundler helpers are "bundler runtime".
 */
export function moduleGroup(id: string): string {
  const clean = id.replace(/^\0+/, '').split('?')[0]!;
  const packagePath = clean.split('/node_modules/').at(-1)!;
  if (packagePath !== clean) {
    const [scope, name] = packagePath.split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  if (!path.isAbsolute(clean)) return 'bundler runtime';
  const [workspace, src, first, second] = path.relative(REPO, clean).split(path.sep);
  if (workspace === 'shared') return `shared/${bare(first ?? src)}`;
  if (workspace === 'learner' && src === 'app')
    return ['learner', bare(first), bare(second)].filter(Boolean).join('/');
  return `${workspace}/${src ?? ''}`;
}

/**
 * Records, for every JavaScript chunk of the learner's client build, how many of its bytes each
 * group of modules takes, so the budgets can say what a page's gzipped scripts are made of; and
 * what each chunk imports, so the service worker precaches what the offline pages need.
 */
export function bundleReport(): Plugin {
  return {
    name: 'drone-exam:bundle-report',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const report: BundleReport = {};
      const graph: ChunkGraph = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        graph[output.fileName] = [
          ...output.imports,
          ...output.dynamicImports,
          ...(output.viteMetadata?.importedCss ?? []),
        ];
        const groups: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          const group = moduleGroup(id);
          groups[group] = (groups[group] ?? 0) + info.renderedLength;
        }
        report[output.fileName] = groups;
      }
      mkdirSync(path.dirname(BUNDLE_REPORT), { recursive: true });
      writeFileSync(BUNDLE_REPORT, JSON.stringify(report, null, 1));
      writeFileSync(CHUNK_GRAPH, JSON.stringify(graph));
    },
  };
}
