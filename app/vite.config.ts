// Vite for the Sheaf app: dev server on 127.0.0.1:5173 (config.toml's site_url), preview on 4173
// (an allowed redirect URL, used by the E2E tests). The app is written against React's API and
// type-checked with React's types; the build renders it with Preact's React compatibility layer
// (3 KB instead of React DOM's 60), so the JavaScript a first page needs stays small. The page
// being opened starts loading its chunks from index.html, with the entry (build/route-preload.ts).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreload } from './build/route-preload.ts';

const preact = {
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
  react: fileURLToPath(new URL('./react-compat.js', import.meta.url)),
};

export default defineConfig({
  plugins: [react(), routePreload()],
  resolve: {
    alias: Object.entries(preact).map(([find, replacement]) => ({
      find: new RegExp(`^${find}$`),
      replacement,
    })),
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { sourcemap: true },
});
