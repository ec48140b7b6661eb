// The user's passkeys (name, created, last used), from auth-js's passkey.list(), newest first.
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export function usePasskeysQuery(userId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: accountKeys.passkeys(userId),
    queryFn: async (): Promise<Passkey[]> => {
      const { data, error } = await supabase.auth.passkey.list();
      if (error) throw error;
      return data
        .map((p) => ({
          id: p.id,
          name: p.friendly_name || 'Passkey',
          createdAt: p.created_at,
          lastUsedAt: p.last_used_at ?? null,
        }))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  });
}
