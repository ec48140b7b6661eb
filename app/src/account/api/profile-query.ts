// The signed-in user's row of public.profiles (created by a trigger on auth.users).
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export interface Profile {
  id: string;
  display_name: string | null;
  avatar_path: string | null;
  updated_at: string;
  /** Email about mentions and replies: 'on', 'daily' (a digest) or 'off'. */
  notify_email: string;
}

export function useProfileQuery(userId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: accountKeys.profile(userId),
    queryFn: async (): Promise<Profile | null> => {
      const { data, error } = await supabase
        .from('profiles')
        .select('id, display_name, avatar_path, updated_at, notify_email')
        .eq('id', userId)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });
}
