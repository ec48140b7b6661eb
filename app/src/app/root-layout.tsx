// The root route: the session provider (it needs the router to navigate), the connection banner,
// the signed-in person's cache kept on the device, the update notice, and the page; the early
// page (lib/early-requests.ts) ends when the app shows another path.
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { useConnection } from '../lib/use-online.ts';
import { useEndEarlyPageElsewhere } from '../lib/use-early-page.ts';
import { pendingSentence, usePendingNotes } from '../lib/collab/pending-count.ts';
import { messageFor } from '../lib/errors/describe-error.ts';
import { useKeptCache } from '../lib/query/use-kept-cache.ts';
import { reachability } from '../lib/reachability.ts';
import { PageLoading } from '../ui/page-loading.tsx';
import { UpdateNotice } from './update-notice.tsx';

/** Offline, or the server not answering: which one, and what waits on the device. */
function ConnectionBanner() {
  const connection = useConnection();
  const pending = usePendingNotes();
  if (connection === 'online') return null;
  return (
    <div className="offline-banner" role="status" data-connection={connection}>
      {messageFor(connection)} {pendingSentence(pending)}
      {connection === 'unreachable' ? (
        <button
          type="button"
          className="offline-banner__retry"
          onClick={() => reachability.nudge()}
        >
          Try now
        </button>
      ) : null}
    </div>
  );
}

function KeptCache() {
  useKeptCache();
  return null;
}

export function RootLayout() {
  useEndEarlyPageElsewhere(useLocation().pathname);
  return (
    <SessionProvider>
      <ConnectionBanner />
      <UpdateNotice />
      <KeptCache />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </SessionProvider>
  );
}
