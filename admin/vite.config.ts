import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The admin console builds as a module-federation remote under /admin-remote/, the path the
 * learner forwards to this worker, so it loads same-origin on any host and port. `npm run dev`
 * also serves it standalone on :3001, proxying /api to the API worker on :8787.
 */
export default defineConfig({
  base: '/admin-remote/',
  plugins: [
    react(),
    tailwindcss(),
    federation({
      name: 'drone_exam_admin',
      filename: 'remoteEntry.js',
      exposes: { './App': './src/App.tsx' },
      shared: {
        react: { singleton: true },
        'react-dom': { singleton: true },
        'react-router': { singleton: true },
      },
      dts: false,
    }),
  ],
  build: { target: 'esnext', outDir: 'dist/admin-remote', emptyOutDir: true },
  server: {
    port: 3001,
    strictPort: true,
    proxy: { '/api': 'http://127.0.0.1:8787' },
  },
});
