// Asks the server who the user is when a signed-in page opens and whenever the tab regains
// focus. A session revoked elsewhere (sign-out everywhere, account deleted) then fails here, and
// auth-js turns that into SIGNED_OUT, which sends every tab to /sign-in with a notice.
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../supabase.ts';

export function useUserCheck(userId: string): void {
  const auth = useAuth();
  useQuery({
    queryKey: ['auth', 'user', userId],
    queryFn: async () => {
      const { data, error } = await auth.getUser();
      if (error) throw error;
      return data.user;
    },
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
