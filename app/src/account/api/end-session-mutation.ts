// Signs one of the user's other devices out (end_my_session(): its session and refresh tokens
// go, so it is signed out when its access token next needs refreshing).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export function useEndSessionMutation(userId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      const { error } = await supabase.rpc('end_my_session', { session: sessionId });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions(userId) }),
  });
}
