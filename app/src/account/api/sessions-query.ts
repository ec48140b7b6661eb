// The signed-in user's Auth sessions (my_sessions(), a security-definer function: auth.sessions
// is not exposed), the current one first.
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export interface DeviceSession {
  id: string;
  created_at: string;
  last_active_at: string | null;
  user_agent: string | null;
  ip: string | null;
  aal: string | null;
  current: boolean;
}

export function useSessionsQuery(userId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: accountKeys.sessions(userId),
    queryFn: async (): Promise<DeviceSession[]> => {
      const { data, error } = await supabase.rpc('my_sessions');
      if (error) throw error;
      return data ?? [];
    },
  });
}
