// The user's second steps — authenticator apps (TOTP), phones and security keys (WebAuthn) —
// verified and not, from auth-js's listFactors(). (Passkeys are listed by passkeys-query.ts.)
import { useQuery } from '@tanstack/react-query';
import { secondFactors } from '../../lib/session/second-factors.ts';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export function useFactorsQuery(userId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: accountKeys.factors(userId),
    queryFn: async () => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw error;
      return secondFactors(data.all);
    },
  });
}
