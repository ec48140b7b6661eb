// The providers around the router: the Supabase client and the query cache (which pauses while
// the server cannot be reached: lib/query/query-client.ts). The session
// provider lives inside the router (it navigates), in root-layout.tsx, so it starts only once
// the first page's code has loaded; the session is read meanwhile (primeSession), so it starts
// from there. `afterFirstPage` runs once the first page has loaded (first-page.ts).
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query/query-client.ts';
import { primeSession } from '../lib/session/initial-session.ts';
import { SupabaseContext, type SupabaseHandle } from '../lib/supabase.ts';
import { afterFirstPage } from './first-page.ts';
import { createAppRouter } from './router.tsx';

interface AppProps {
  supabase: SupabaseHandle;
  afterFirstPage?: () => void;
}

export function App({ supabase, afterFirstPage: later }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    primeSession(supabase.auth);
    return createAppRouter({ queryClient, supabase });
  });
  useEffect(() => (later ? afterFirstPage(router, later) : undefined), [router, later]);
  return (
    <SupabaseContext.Provider value={supabase}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SupabaseContext.Provider>
  );
}
