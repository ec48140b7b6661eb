// Marks one notification read (the database sets the time; only one's own can be marked).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabaseLoader } from '../../lib/supabase.ts';
import { notificationKeys } from './keys.ts';

export function useMarkReadMutation() {
  const load = useSupabaseLoader();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const supabase = await load();
      const { error } = await supabase
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .eq('id', id)
        .is('read_at', null);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
