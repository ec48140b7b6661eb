// The notebook a notes page shows: its name and the signed-in user's role in it. Null when it
// does not exist or the user is not (or no longer) a member.
import { useQuery } from '@tanstack/react-query';
import { useSupabase, type Supabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import type { NotebookInfo, Role } from './types.ts';

export function notebookOptions(supabase: Supabase, notebookId: string, userId: string) {
  return {
    queryKey: noteKeys.notebook(notebookId),
    queryFn: async (): Promise<NotebookInfo | null> => {
      const { data, error } = await supabase
        .from('notebook_members')
        .select('role, notebooks(id, name)')
        .eq('notebook_id', notebookId)
        .eq('user_id', userId)
        .maybeSingle();
      if (error) throw error;
      const row = data as { role: Role; notebooks: { id: string; name: string } | null } | null;
      if (!row || !row.notebooks) return null;
      return { id: row.notebooks.id, name: row.notebooks.name, role: row.role };
    },
  };
}

export function useNotebookQuery(notebookId: string, userId: string) {
  const supabase = useSupabase();
  return useQuery({
    ...notebookOptions(supabase, notebookId, userId),
    refetchOnWindowFocus: 'always',
  });
}
