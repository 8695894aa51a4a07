import path from 'node:path';
import { cloudflare } from '@cloudflare/vite-plugin';
import { reactRouter } from '@react-router/dev/vite';
import { createApi, createContext, main as serwistMain } from '@serwist/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { bundleReport } from './bundle-report.ts';
import { precacheOfflineAssets } from './offline-precache.ts';

const CLIENT_DIR = path.resolve(import.meta.dirname, 'build/client');

/**
 * The service worker (sw/sw.ts), built by Serwist with the precache list of the client build:
 * what the offline pages need (offline-precache.ts).
 * React Router builds the client, then the server environment, and only then writes the client's
 * route manifest (assets/manifest-*.js, needed to hydrate): the worker is built last.
 */
function serviceWorker(): Plugin[] {
  const context = createContext(
    {
      swSrc: 'sw/sw.ts',
      swDest: path.join(CLIENT_DIR, 'sw.js'),
      globDirectory: CLIENT_DIR,
      // Hashed build assets, the manifest and its icons; never the admin console's chunks.
      globPatterns: ['assets/**/*.{js,css}', 'manifest.webmanifest', 'icons/*.png'],
      globIgnores: ['assets/admin-*', 'assets/mf.client-*', 'assets/dev.*'],
      // Of the scripts, only those the pages kept for offline reading need.
      manifestTransforms: [precacheOfflineAssets(CLIENT_DIR)],
      rollupFormat: 'iife',
    },
    undefined,
  );
  const api = createApi(context);
  return [
    serwistMain(context, api),
    {
      name: 'drone-exam:service-worker',
      apply: 'build',
      enforce: 'post',
      closeBundle: {
        sequential: true,
        async handler() {
          if (this.environment.name === 'ssr') await api.generateSW();
        },
      },
    },
  ];
}

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: 'ssr' },
      // `npm run dev -w learner` runs the API beside it; the built product runs each worker on its own.
      auxiliaryWorkers: process.env.WITH_API ? [{ configPath: '../wrangler.toml' }] : [],
      persistState: { path: '../.wrangler/state' },
    }),
    tailwindcss(),
    reactRouter(),
    serviceWorker(),
    bundleReport(),
  ],
  resolve: { tsconfigPaths: true },
  optimizeDeps: {
    include: ['@module-federation/runtime', 'react-dom/client', 'react/jsx-runtime'],
  },
  build: { sourcemap: false, modulePreload: false },
});
