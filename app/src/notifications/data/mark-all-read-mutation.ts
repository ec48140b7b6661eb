// Marks every unread notification of the signed-in person read (row-level security keeps the
// update to their own rows).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabaseLoader } from '../../lib/supabase.ts';
import { notificationKeys } from './keys.ts';

export function useMarkAllReadMutation() {
  const load = useSupabaseLoader();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const supabase = await load();
      const { error } = await supabase
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .is('read_at', null);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
