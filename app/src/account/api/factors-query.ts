// The user's TOTP factors (verified and not), from auth-js's listFactors().
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { accountKeys } from './keys.ts';

export function useFactorsQuery(userId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: accountKeys.factors(userId),
    queryFn: async () => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw error;
      return data.all.filter((f) => f.factor_type === 'totp');
    },
  });
}
