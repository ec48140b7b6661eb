// The root route: the session provider (it needs the router to navigate), the offline banner,
// and the page.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { useOnline } from '../lib/use-online.ts';
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
  return (
    <SessionProvider>
      <OfflineBanner />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </SessionProvider>
  );
}
