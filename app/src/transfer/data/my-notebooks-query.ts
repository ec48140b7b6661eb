// The notebooks the signed-in person belongs to, with their role: what they may export (any),
// and where loose imported notes may go (those they can write in).
import { useQuery } from '@tanstack/react-query';
import { roleOf, type Role } from '../../lib/roles.ts';
import { useSupabase } from '../../lib/supabase.ts';

export interface MyNotebook {
  id: string;
  name: string;
  role: Role;
}

export const transferKeys = {
  notebooks: (userId: string) => ['transfer', 'notebooks', userId] as const,
};

export function useMyNotebooksQuery(userId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: transferKeys.notebooks(userId),
    queryFn: async (): Promise<MyNotebook[]> => {
      const { data, error } = await supabase
        .from('notebook_members')
        .select('role, notebooks(id, name)')
        .eq('user_id', userId);
      if (error) throw error;
      return data
        .flatMap((r) =>
          r.notebooks ? [{ id: r.notebooks.id, name: r.notebooks.name, role: roleOf(r.role) }] : [],
        )
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}
