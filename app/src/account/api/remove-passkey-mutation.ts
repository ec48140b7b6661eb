// Removes one of the user's passkeys from the account (the device may still list it; it no
// longer signs in). Needs aal2 once two-step verification is on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export function useRemovePasskeyMutation(userId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.auth.passkey.delete({ passkeyId: id });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys(userId) }),
  });
}
