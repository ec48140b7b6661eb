// Proves the person at the keyboard knows the account's current password before it is changed:
// a password sign-in on a separate client that keeps nothing (its own storage key, no cookies,
// no refresh), whose session is ended again at once. The app's own session is untouched.
import { createClient } from '@supabase/supabase-js';
import { envOf, type Supabase } from '../../lib/supabase.ts';

export type CurrentPasswordCheck = 'ok' | 'wrong' | { error: unknown };

export async function verifyCurrentPassword(
  supabase: Supabase,
  who: { email: string } | { phone: string },
  password: string,
): Promise<CurrentPasswordCheck> {
  const env = envOf(supabase);
  const probe = createClient(env.supabaseUrl, env.supabaseKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `sheaf-password-check-${crypto.randomUUID()}`,
    },
  });
  const { data, error } = await probe.auth.signInWithPassword({ ...who, password });
  if (error) return error.code === 'invalid_credentials' ? 'wrong' : { error };
  if (data.session) await probe.auth.signOut({ scope: 'local' });
  return 'ok';
}
