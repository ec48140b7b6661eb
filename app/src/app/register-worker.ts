// The service worker (vite-plugin-pwa's Workbox worker, configured in vite.config.ts): it keeps
// the app's shell — index.html and every hashed file of the build, the lazily loaded chunks too
// — so the app opens offline, and serves index.html for every page. Loaded and registered only
// once the first page has loaded and the browser is idle (main.tsx, first-page.ts), so the first
// page's requests never wait for it nor share the network with it. A new
// version is never forced on anyone: it waits until the person chooses to reload (the update
// notice), or until every tab of the app has closed.
import { registerSW } from 'virtual:pwa-register';
import { updateReady } from './update-state.ts';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function registerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => updateReady(() => void update(true)),
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // A tab left open for days still hears of a new version.
      setInterval(() => {
        if (navigator.onLine && !registration.installing) void registration.update();
      }, CHECK_EVERY_MS);
    },
    onRegisterError: (error: unknown) =>
      console.warn('The service worker was not registered', error),
  });
}
