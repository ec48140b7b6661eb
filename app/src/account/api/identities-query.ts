// The ways the user signs in that Auth keeps as identities: email, phone, and each linked
// provider account (GitHub, Google …), oldest first, from auth-js's getUserIdentities().
import type { UserIdentity } from '@supabase/supabase-js';
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export function useIdentitiesQuery(userId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: accountKeys.identities(userId),
    queryFn: async (): Promise<UserIdentity[]> => {
      const { data, error } = await supabase.auth.getUserIdentities();
      if (error) throw error;
      return [...data.identities].sort((a, b) =>
        (a.created_at ?? '').localeCompare(b.created_at ?? ''),
      );
    },
  });
}
