// The notebooks the signed-in user can read, with their note counts and the user's role in each
// (row-level security returns only notebooks the user is a member of).
import { useQuery } from '@tanstack/react-query';
import { useSupabase, type Supabase } from '../../lib/supabase.ts';
import { notebookKeys } from './keys.ts';
import type { NotebookSummary, Role } from './types.ts';

interface NotebookRow {
  id: string;
  name: string;
  owner_id: string;
  updated_at: string;
  notes: { count: number }[];
}

export async function fetchNotebooks(
  supabase: Supabase,
  userId: string,
): Promise<NotebookSummary[]> {
  const [notebooks, members] = await Promise.all([
    supabase
      .from('notebooks')
      .select('id, name, owner_id, updated_at, notes(count)')
      .order('name', { ascending: true })
      .order('id', { ascending: true }),
    supabase.from('notebook_members').select('notebook_id, role').eq('user_id', userId),
  ]);
  if (notebooks.error) throw notebooks.error;
  if (members.error) throw members.error;
  const roles = new Map(
    (members.data as { notebook_id: string; role: Role }[]).map((m) => [m.notebook_id, m.role]),
  );
  return (notebooks.data as NotebookRow[]).map((row) => ({
    id: row.id,
    name: row.name,
    owner_id: row.owner_id,
    updated_at: row.updated_at,
    role: row.owner_id === userId ? 'owner' : (roles.get(row.id) ?? 'viewer'),
    note_count: row.notes[0]?.count ?? 0,
  }));
}

/** Refetched whenever the window regains focus (realtime is not used). */
export function useNotebooksQuery(userId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: notebookKeys.list(userId),
    queryFn: () => fetchNotebooks(supabase, userId),
    refetchOnWindowFocus: 'always',
  });
}
