// Unlinks a provider account from the user (Auth refuses to unlink the last identity:
// single_identity_not_deletable). The session is refreshed so its user no longer lists it.
import type { UserIdentity } from '@supabase/supabase-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export function useUnlinkIdentityMutation(userId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (identity: UserIdentity) => {
      const { error } = await supabase.auth.unlinkIdentity(identity);
      if (error) throw error;
      // The access token's app_metadata.providers still names it until the next refresh.
      await supabase.auth.refreshSession();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.identities(userId) }),
  });
}
