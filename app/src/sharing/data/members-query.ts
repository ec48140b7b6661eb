// The members of a notebook with their display names (every member may see the others).
import { useQuery } from '@tanstack/react-query';
import { roleOf } from '../../lib/roles.ts';
import { useSupabase } from '../../lib/supabase.ts';
import { sharingKeys } from './keys.ts';
import type { Member, Role } from './types.ts';

const RANK: Record<Role, number> = { owner: 0, editor: 1, commenter: 2, viewer: 3 };

export function useMembersQuery(notebookId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: sharingKeys.members(notebookId),
    refetchOnWindowFocus: 'always',
    queryFn: async (): Promise<Member[]> => {
      const { data, error } = await supabase
        .from('notebook_members')
        .select('user_id, role, created_at, profiles(display_name)')
        .eq('notebook_id', notebookId)
        .order('created_at', { ascending: true });
      if (error) throw error;
      return data
        .map((r) => ({
          user_id: r.user_id,
          role: roleOf(r.role),
          display_name: r.profiles?.display_name ?? null,
        }))
        .sort((a, b) => RANK[a.role] - RANK[b.role]);
    },
  });
}
