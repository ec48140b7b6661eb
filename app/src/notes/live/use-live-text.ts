// The shared text as a string for what renders it whole (the preview, the reader): read when
// asked and again after edits, at most every 200 ms (a 1 MB note is not copied per keystroke).
import { useEffect, useState } from 'react';
import type { CollabSession } from './collab-session.ts';

export function useLiveText(session: CollabSession | null, enabled: boolean): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!session || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = () => {
      timer = null;
      setText(session.text());
    };
    read();
    const observer = () => {
      timer ??= setTimeout(read, 200);
    };
    session.sync.text.observe(observer);
    return () => {
      session.sync.text.unobserve(observer);
      if (timer) clearTimeout(timer);
    };
  }, [session, enabled]);
  return session && enabled ? text : null;
}

/** The note's shared title as it changes, or `fallback` while the document has none to show. */
export function useLiveTitle(
  session: CollabSession | null,
  fallback: string,
  show: boolean,
): string {
  const [title, setTitle] = useState<{ session: CollabSession; text: string } | null>(null);
  useEffect(() => {
    if (!session || !show) return;
    return session.title.observe(() => setTitle({ session, text: session.title.text() }));
  }, [session, show]);
  if (!session || !show) return fallback;
  // Until the first change, the title as it is now (read while rendering: no extra render).
  return title?.session === session ? title.text : session.title.text();
}
