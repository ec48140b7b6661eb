// The signed-in person as others see them in a shared note: the profile's display name (or the
// start of their email or phone when they set none) and their avatar's public URL.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { User } from '@supabase/supabase-js';
import { useSupabaseLoader } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';

export interface Me {
  userId: string;
  name: string;
  avatarUrl: string | null;
}

export function fallbackName(user: User): string {
  if (user.email) return user.email.split('@')[0]!;
  if (user.phone) return `+${user.phone}`;
  return 'Someone';
}

export function useMeQuery(user: User) {
  const load = useSupabaseLoader();
  return useQuery({
    queryKey: noteKeys.me(user.id),
    queryFn: async (): Promise<Me> => {
      const supabase = await load();
      const { data, error } = await supabase
        .from('profiles')
        .select('display_name, avatar_path')
        .eq('id', user.id)
        .maybeSingle();
      if (error) throw error;
      const row = data as { display_name: string | null; avatar_path: string | null } | null;
      const path = row?.avatar_path ?? null;
      return {
        userId: user.id,
        name: row?.display_name?.trim() || fallbackName(user),
        avatarUrl: path ? supabase.storage.from('avatars').getPublicUrl(path).data.publicUrl : null,
      };
    },
    staleTime: 5 * 60_000,
  });
}

/** The person as others see them; until (or unless) the profile loads, their email's name. */
export function useMe(user: User): Me {
  const { data } = useMeQuery(user);
  return useMemo(
    () => data ?? { userId: user.id, name: fallbackName(user), avatarUrl: null },
    [data, user],
  );
}
