// The notes edited most recently across every readable notebook (home page and the empty
// command palette), not in the trash.
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';

export interface RecentNote {
  id: string;
  notebook_id: string;
  title: string;
  preview: string | null;
  updated_at: string;
  notebook: { name: string } | null;
}

export function useRecentNotesQuery(limit = 8) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: [...noteKeys.recent, limit],
    queryFn: async (): Promise<RecentNote[]> => {
      const { data, error } = await supabase
        .from('notes')
        .select('id, notebook_id, title, preview:excerpt, updated_at, notebook:notebooks(name)')
        .is('deleted_at', null)
        .order('updated_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(limit);
      if (error) throw error;
      return data;
    },
  });
}
