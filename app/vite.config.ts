// Vite for the Sheaf app: dev server on 127.0.0.1:5173 (config.toml's site_url), preview on 4173
// (an allowed redirect URL, used by the E2E tests). The app is written against React's API and
// type-checked with React's types; the build renders it with Preact's React compatibility layer
// (3 KB instead of React DOM's 60), so the JavaScript a first page needs stays small. The build's
// plugins (build/): the signed-in app's first modules in two chunks (chunk-groups.ts); the page
// being opened starts loading its chunks from index.html, with the entry (route-preload.ts), and
// a notebook's first REST requests too (early-requests.ts); `vite preview` caches the hashed
// assets as a production host does (asset-caching.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { assetCaching } from './build/asset-caching.ts';
import { chunkGroups } from './build/chunk-groups.ts';
import { earlyRequests } from './build/early-requests.ts';
import { routePreload } from './build/route-preload.ts';

const preact = {
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
  react: fileURLToPath(new URL('./react-compat.js', import.meta.url)),
};
// react-router's package sends every bundler to its development build (dev warnings on); the
// app's build takes the production build beside it (the same code with the warnings off).
const reactRouter = path.dirname(
  createRequire(import.meta.url).resolve('react-router/package.json'),
);
const production = {
  'react-router': path.join(reactRouter, 'dist/production/index.mjs'),
};

export default defineConfig(({ command }) => ({
  plugins: [react(), chunkGroups(), routePreload(), earlyRequests(), assetCaching()],
  resolve: {
    alias: Object.entries({ ...preact, ...(command === 'build' ? production : {}) }).map(
      ([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement }),
    ),
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { sourcemap: true },
}));
