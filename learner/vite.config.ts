import { cloudflare } from '@cloudflare/vite-plugin';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

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
  ],
  resolve: { tsconfigPaths: true },
  optimizeDeps: {
    include: ['@module-federation/runtime', 'react-dom/client', 'react/jsx-runtime'],
  },
  build: { sourcemap: false },
});
