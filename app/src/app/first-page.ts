// Work that must not compete with the first page: it runs once the router has loaded the page
// being opened (its lazy modules, and any page it was sent on to) and the document has loaded,
// when the browser is next idle. The service worker is registered this way (main.tsx): its code
// and Workbox's would otherwise be fetched while a newcomer's sign-in form is still loading (the
// load event comes before the page's lazily imported chunks are there).
import type { createBrowserRouter } from 'react-router';

type Router = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

/** Runs `fn` once after the router's first page has loaded, the document's load event and an
 * idle moment; returns the cancel. */
export function afterFirstPage(router: Router, fn: () => void): () => void {
  let cancelled = false;
  let unsubscribe = () => {};
  const run = () => {
    if (!cancelled) fn();
  };
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5000 });
    else setTimeout(run, 1000);
  };
  const loaded = () => {
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  };
  const ready = (state: Router['state']) => state.initialized && state.navigation.state === 'idle';
  if (ready(router.state)) loaded();
  else
    unsubscribe = router.subscribe((state) => {
      if (!ready(state)) return;
      unsubscribe();
      loaded();
    });
  return () => {
    cancelled = true;
    unsubscribe();
    window.removeEventListener('load', idle);
  };
}
