// The notebooks the signed-in person belongs to, with their role: what they may export (any),
// and where loose imported notes may go (those they can write in).
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';

export interface MyNotebook {
  id: string;
  name: string;
  role: 'owner' | 'editor' | 'viewer';
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
      const rows = data as unknown as {
        role: MyNotebook['role'];
        notebooks: { id: string; name: string } | null;
      }[];
      return rows
        .filter((r) => r.notebooks)
        .map((r) => ({ id: r.notebooks!.id, name: r.notebooks!.name, role: r.role }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}
