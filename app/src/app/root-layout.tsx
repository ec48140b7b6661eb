// The root route: the session provider (it needs the router to navigate), the offline banner,
// and the page; the early page (lib/early-requests.ts) ends when the app shows another path.
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { useOnline } from '../lib/use-online.ts';
import { useEndEarlyPageElsewhere } from '../lib/use-early-page.ts';
import { pendingSentence, usePendingNotes } from '../lib/collab/pending-count.ts';
import { messageFor } from '../lib/errors/describe-error.ts';
import { PageLoading } from '../ui/page-loading.tsx';

function OfflineBanner() {
  const online = useOnline();
  const pending = usePendingNotes();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      {messageFor('offline')} {pendingSentence(pending)}
    </div>
  );
}

export function RootLayout() {
  useEndEarlyPageElsewhere(useLocation().pathname);
  return (
    <SessionProvider>
      <OfflineBanner />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </SessionProvider>
  );
}
