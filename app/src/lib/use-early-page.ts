// The app's side of the early page (lib/early-requests.ts): it goes in the frame the app draws
// its own page (a layout effect runs before that frame is painted), so the two never show at
// once and nothing blinks in between.
import { useLayoutEffect } from 'react';
import { earlyPath, endEarlyPage } from './early-requests.ts';

/** Ends the early page once `drawn` is true. */
export function useEndEarlyPage(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn) endEarlyPage();
  }, [drawn]);
}

/** Ends the early page when the app shows another path than the one it was drawn for (a
 * redirect to sign-in, a link followed before the page was ready). */
export function useEndEarlyPageElsewhere(pathname: string): void {
  useLayoutEffect(() => {
    const path = earlyPath();
    if (path !== null && path !== pathname) endEarlyPage();
  }, [pathname]);
}
