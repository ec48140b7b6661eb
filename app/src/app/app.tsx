// The providers around the router: the Supabase client and the query cache. The session
// provider lives inside the router (it navigates), in root-layout.tsx, so it starts only once
// the first page's code has loaded; the session is read meanwhile (primeSession), so it starts
// from there.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { primeSession } from '../lib/session/initial-session.ts';
import { SupabaseContext, type SupabaseHandle } from '../lib/supabase.ts';
import { createAppRouter } from './router.tsx';

export function App({ supabase }: { supabase: SupabaseHandle }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1 } } }),
  );
  const [router] = useState(() => {
    primeSession(supabase.auth);
    return createAppRouter({ queryClient, supabase });
  });
  return (
    <SupabaseContext.Provider value={supabase}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SupabaseContext.Provider>
  );
}
