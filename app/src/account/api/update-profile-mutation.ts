// Saves the display name (and keeps the auth user's metadata in step, so the header shows it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export function useUpdateProfileMutation(userId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (displayName: string | null) => {
      const { error } = await supabase
        .from('profiles')
        .update({ display_name: displayName })
        .eq('id', userId);
      if (error) throw error;
      const updated = await supabase.auth.updateUser({ data: { display_name: displayName } });
      if (updated.error) throw updated.error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) }),
  });
}
