// The people in a notebook with their names, for "@" in a note's body (row-level security
// returns the members of notebooks the user is in, and their co-members' profiles).
import { useQuery } from '@tanstack/react-query';
import { roleOf } from '../../lib/roles.ts';
import { useRest } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';

export interface NotebookPerson {
  id: string;
  name: string;
  role: ReturnType<typeof roleOf>;
}

export function useNotebookPeopleQuery(notebookId: string) {
  const supabase = useRest();
  return useQuery({
    queryKey: noteKeys.people(notebookId),
    queryFn: async (): Promise<NotebookPerson[]> => {
      const { data, error } = await supabase
        .from('notebook_members')
        .select('user_id, role, profile:profiles(display_name)')
        .eq('notebook_id', notebookId);
      if (error) throw error;
      return data
        .map((m) => ({
          id: m.user_id,
          name: m.profile?.display_name || 'Someone',
          role: roleOf(m.role),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
  });
}
