// Saves how the person hears about mentions and replies by email (profiles.notify_email; only
// their own row can be changed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export type NotifyEmail = 'on' | 'daily' | 'off';

export function useUpdateNotifyEmailMutation(userId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (value: NotifyEmail) => {
      const { error } = await supabase
        .from('profiles')
        .update({ notify_email: value })
        .eq('id', userId);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) }),
  });
}
