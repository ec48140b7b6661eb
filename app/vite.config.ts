// Vite for the Sheaf app: dev server on 127.0.0.1:5173 (config.toml's site_url), preview on 4173
// (an allowed redirect URL, used by the E2E tests). The app is written against React's API and
// type-checked with React's types; the build renders it with Preact's React compatibility layer
// (3 KB instead of React DOM's 60), so the JavaScript a first page needs stays small. The build's
// plugins (build/): the signed-in app's first modules in two chunks (chunk-groups.ts); the page
// being opened starts loading its chunks from index.html, with the entry (route-preload.ts), and
// a notebook's first REST requests too (early-requests.ts); `vite preview` caches the hashed
// assets as a production host does (asset-caching.ts); @supabase/ssr's version for the client
// header (ssr-version.ts). The service worker (vite-plugin-pwa's
// Workbox worker, registered by src/app/register-worker.ts once the page has loaded) precaches
// index.html and every file of the build, so the app opens offline on any page; it never caches
// the Supabase API (another origin, no runtime caching), and a new version waits for the person
// to reload (registerType 'prompt').
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { assetCaching } from './build/asset-caching.ts';
import { chunkGroups } from './build/chunk-groups.ts';
import { earlyRequests } from './build/early-requests.ts';
import { routePreload } from './build/route-preload.ts';
import { ssrVersion } from './build/ssr-version.ts';

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

const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Sheaf',
    short_name: 'Sheaf',
    description: 'Notes and files for you and your team.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#2f6f5e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Every file of the build, the chunks loaded later included (source maps are not shipped).
    globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,woff2}'],
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: '/index.html',
    cleanupOutdatedCaches: true,
    // The first worker takes the open tab at once (its chunks can then load offline); later
    // ones wait for the person (skipWaiting only when they choose to reload).
    clientsClaim: true,
    skipWaiting: false,
    // Hashed names are their own revision; the cache-busting query is not needed for them.
    dontCacheBustURLsMatching: /\/assets\//,
  },
});

export default defineConfig(({ command }) => ({
  plugins: [
    ssrVersion(),
    react(),
    chunkGroups(),
    routePreload(),
    earlyRequests(),
    assetCaching(),
    pwa,
  ],
  resolve: {
    alias: Object.entries({ ...preact, ...(command === 'build' ? production : {}) }).map(
      ([find, replacement]) => ({ find: new RegExp(`^${find}$`), replacement }),
    ),
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: { sourcemap: true },
}));
