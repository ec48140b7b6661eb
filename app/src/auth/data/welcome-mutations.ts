// A newcomer's welcome, saved: their name (the profile others see, and the account's metadata
// so the header shows it), the password they chose, and that they have been welcomed — or only
// the last, when they say "not now". The password goes first: when Auth refuses it (too weak,
// or a session too old to set one without a code), nothing else has changed yet.
import { useMutation } from '@tanstack/react-query';
import { useAuth, useSupabaseLoader } from '../../lib/supabase.ts';
import { WELCOMED_KEY } from '../arrival.ts';
import { markPasswordChosen } from '../pending-sign-up.ts';

export interface Welcome {
  /** The display name, or null to keep the one they have. */
  name: string | null;
  /** A new password, or null for none now. */
  password: string | null;
}

export function useSaveWelcomeMutation(userId: string) {
  const auth = useAuth();
  const load = useSupabaseLoader();
  return useMutation({
    mutationFn: async ({ name, password }: Welcome) => {
      if (password) {
        const { error } = await auth.updateUser({ password });
        if (error) throw error;
        markPasswordChosen(userId);
      }
      if (name) {
        const supabase = await load();
        const { error } = await supabase
          .from('profiles')
          .update({ display_name: name })
          .eq('id', userId);
        if (error) throw error;
      }
      const welcomed = { [WELCOMED_KEY]: new Date().toISOString() };
      const { error } = await auth.updateUser({
        data: name ? { ...welcomed, display_name: name } : welcomed,
      });
      if (error) throw error;
    },
  });
}
