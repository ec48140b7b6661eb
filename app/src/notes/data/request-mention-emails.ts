// After someone is mentioned, asks the notify-email function to send the emails that are due
// (the database queues them when the body with the mention is saved; see
// supabase/functions/notify-email). A few seconds later, once the text is stored; a burst of
// mentions asks once. Failures are quiet: the next request (or a hosted schedule) sends them.
import { useCallback, useEffect, useRef } from 'react';
import { invokeFunction } from '../../lib/functions/invoke-function.ts';
import { useSupabaseLoader } from '../../lib/supabase.ts';

const AFTER_MS = 8_000;

export function useRequestMentionEmails(): () => void {
  const load = useSupabaseLoader();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void load()
        .then((client) => invokeFunction(client, 'notify-email', 'POST', {}))
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    }, AFTER_MS);
  }, [load]);
}
