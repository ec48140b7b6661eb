// The notebooks the signed-in user can read (not those in the trash), with their note counts (notes in the trash left
// out), the user's role in each and the people in it — one request (row-level security returns
// only notebooks the user is a member of, and only co-members' profiles).
import { useQuery } from '@tanstack/react-query';
import { roleOf } from '../../lib/roles.ts';
import { useSupabase, type Supabase } from '../../lib/supabase.ts';
import { notebookKeys } from './keys.ts';
import type { Member, NotebookSummary, Role } from './types.ts';

const RANK: Record<Role, number> = { owner: 0, editor: 1, commenter: 2, viewer: 3 };

export async function fetchNotebooks(
  supabase: Supabase,
  userId: string,
): Promise<NotebookSummary[]> {
  const { data, error } = await supabase
    .from('notebooks')
    .select(
      'id, name, owner_id, updated_at, notes(count), members:notebook_members(user_id, role, profile:profiles(display_name))',
    )
    .is('deleted_at', null)
    .is('notes.deleted_at', null)
    .order('name', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw error;
  return data.map((row) => {
    const members: Member[] = row.members
      .map((m) => ({
        user_id: m.user_id,
        role: roleOf(m.role),
        name: m.profile?.display_name || 'Someone',
      }))
      .sort((a, b) => RANK[a.role] - RANK[b.role] || a.name.localeCompare(b.name));
    const mine = members.find((m) => m.user_id === userId);
    return {
      id: row.id,
      name: row.name,
      owner_id: row.owner_id,
      updated_at: row.updated_at,
      role: row.owner_id === userId ? 'owner' : (mine?.role ?? 'viewer'),
      note_count: row.notes[0]?.count ?? 0,
      members,
    };
  });
}

export function notebooksOptions(supabase: Supabase, userId: string) {
  return {
    queryKey: notebookKeys.list(userId),
    queryFn: () => fetchNotebooks(supabase, userId),
  };
}

/** Refetched whenever the window regains focus (realtime is not used), and — for a page that
 * must show the list as it is now (home, after leaving a notebook) — whenever it opens. */
export function useNotebooksQuery(userId: string, { fresh = false } = {}) {
  const supabase = useSupabase();
  return useQuery({
    ...notebooksOptions(supabase, userId),
    refetchOnWindowFocus: 'always',
    refetchOnMount: fresh ? 'always' : true,
  });
}
