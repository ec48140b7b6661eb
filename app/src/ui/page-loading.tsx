// Shown while the session is being read, a page's code loads or its data is on the way. Offline
// (or while the server is not answering) data that is not kept on this device cannot come: after
// a moment the spinner gives way to a sentence saying so, and the page carries on by itself once
// the server can be reached (queries pause until then: lib/query/query-client.ts).
import { useEffect, useState } from 'react';
import { useConnection } from '../lib/use-online.ts';

/** How long a wait offline may be a page's code coming from the device before saying more. */
const WAITING_AFTER_MS = 600;

export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  const connection = useConnection();
  const [waiting, setWaiting] = useState(false);
  const cut = connection !== 'online';
  useEffect(() => {
    if (!cut) return;
    const timer = setTimeout(() => setWaiting(true), WAITING_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setWaiting(false);
    };
  }, [cut]);
  if (cut && waiting)
    return (
      <div className="page-loading page-loading--waiting" role="status" data-testid="not-on-device">
        <p className="page-loading__title">This is not on this device yet</p>
        <p className="page-loading__text">
          {connection === 'offline'
            ? 'It opens as soon as you are back online.'
            : 'Sheaf is not answering; it opens as soon as it does.'}
        </p>
      </div>
    );
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner spinner--large" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
