// The service worker (vite-plugin-pwa's Workbox worker, configured in vite.config.ts): it keeps
// the app's shell — index.html and every hashed file of the build, the lazily loaded chunks too
// — so the app opens offline, and serves index.html for every page. Registered only once the
// page has loaded and the browser is idle, so the first page's requests never wait for it. A new
// version is never forced on anyone: it waits until the person chooses to reload (the update
// notice), or until every tab of the app has closed.
import { registerSW } from 'virtual:pwa-register';
import { updateReady } from './update-state.ts';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function registerWorker(): void {
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

/** Registers the worker after the load event, when the browser is idle. */
export function registerWorkerAfterLoad(): void {
  if (!('serviceWorker' in navigator)) return;
  const idle = () => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(registerWorker, { timeout: 5000 });
    else setTimeout(registerWorker, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
