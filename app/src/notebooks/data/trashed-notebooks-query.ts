// The notebooks the person owns that are in the trash, most recently trashed first, with how
// many notes went with each (public.trashed_notebooks; notes trashed on their own not counted);
// and one notebook's trash state, for its page opened by URL while it is there (only its owner
// can read a trashed notebook's row: null for anyone else, and for a notebook not in the trash).
import { useQuery } from '@tanstack/react-query';
import { useSupabaseLoader } from '../../lib/supabase.ts';
import { notebookKeys } from './keys.ts';

export interface TrashedNotebook {
  id: string;
  name: string;
  deleted_at: string;
  note_count: number;
}

export function useTrashedNotebooksQuery() {
  const load = useSupabaseLoader();
  return useQuery({
    queryKey: notebookKeys.trash,
    refetchOnWindowFocus: 'always',
    queryFn: async (): Promise<TrashedNotebook[]> => {
      const supabase = await load();
      const { data, error } = await supabase.rpc('trashed_notebooks');
      if (error) throw error;
      return data;
    },
  });
}

export function useTrashedNotebookQuery(id: string) {
  const load = useSupabaseLoader();
  return useQuery({
    queryKey: notebookKeys.trashed(id),
    queryFn: async (): Promise<Pick<TrashedNotebook, 'id' | 'name' | 'deleted_at'> | null> => {
      const supabase = await load();
      const { data, error } = await supabase
        .from('notebooks')
        .select('id, name, deleted_at')
        .eq('id', id)
        .not('deleted_at', 'is', null)
        .maybeSingle();
      if (error) throw error;
      return data && data.deleted_at ? { ...data, deleted_at: data.deleted_at } : null;
    },
  });
}
