// Renames one of the user's passkeys (1–120 characters, as Auth allows).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export function useRenamePasskeyMutation(userId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      const { error } = await supabase.auth.passkey.update({
        passkeyId: id,
        friendlyName: name.trim(),
      });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys(userId) }),
  });
}
