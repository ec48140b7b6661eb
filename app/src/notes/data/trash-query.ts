// Every note in the trash of the notebooks the person can read, most recently deleted first,
// with who deleted it. Opening the trash first purges notes past their 30 days (the database has
// no scheduler here; see the trash migration), which the policies already hide.
import { useQuery } from '@tanstack/react-query';
import { roleOf } from '../../lib/roles.ts';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import type { Role } from './types.ts';

export interface TrashedNote {
  id: string;
  notebook_id: string;
  title: string;
  preview: string | null;
  deleted_at: string;
  notebook: { name: string } | null;
  deleter: { display_name: string | null } | null;
}

export function useTrashQuery() {
  const supabase = useSupabase();
  return useQuery({
    queryKey: noteKeys.trash,
    refetchOnWindowFocus: 'always',
    queryFn: async (): Promise<TrashedNote[]> => {
      const purged = await supabase.rpc('purge_trash');
      if (purged.error) throw purged.error;
      const { data, error } = await supabase
        .from('notes')
        .select(
          'id, notebook_id, title, preview:excerpt, deleted_at, notebook:notebooks(name), deleter:profiles!notes_deleted_by_fkey(display_name)',
        )
        .not('deleted_at', 'is', null)
        .order('deleted_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(500);
      if (error) throw error;
      return data;
    },
  });
}

/** The roles the person holds, by notebook (who may restore or delete what). */
export function useMyRolesQuery(userId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: ['notes', 'roles', userId],
    queryFn: async (): Promise<Map<string, Role>> => {
      const { data, error } = await supabase
        .from('notebook_members')
        .select('notebook_id, role')
        .eq('user_id', userId);
      if (error) throw error;
      return new Map(data.map((m) => [m.notebook_id, roleOf(m.role)]));
    },
  });
}
