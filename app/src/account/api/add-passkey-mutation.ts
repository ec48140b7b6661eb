// Adds a passkey: registerPasskey() runs the whole ceremony (options from Auth, the browser's
// navigator.credentials.create(), the answer back to Auth). A name typed beforehand is given to
// it at once (Auth names every new passkey "Passkey").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export function useAddPasskeyMutation(userId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { data, error } = await supabase.auth.registerPasskey();
      if (error) throw error;
      const friendlyName = name.trim();
      if (friendlyName && friendlyName !== data.friendly_name) {
        const renamed = await supabase.auth.passkey.update({ passkeyId: data.id, friendlyName });
        if (renamed.error) throw renamed.error;
      }
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys(userId) }),
  });
}
