// Full-text search over every note the user can read (all their notebooks): websearch syntax on
// the generated `search` column, best 50 by recency.
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { plainText } from '../markdown/plain-text.ts';
import { noteKeys } from './keys.ts';

export interface SearchHit {
  id: string;
  notebook_id: string;
  title: string;
  preview: string;
  tags: string[];
  updated_at: string;
  notebooks: { name: string } | null;
}

export function useSearchNotesQuery(query: string) {
  const supabase = useSupabase();
  const q = query.trim();
  return useQuery({
    queryKey: noteKeys.search(q),
    enabled: q.length > 0,
    queryFn: async (): Promise<SearchHit[]> => {
      const { data, error } = await supabase
        .from('notes')
        .select('id, notebook_id, title, preview:body, tags, updated_at, notebooks(name)')
        .textSearch('search', q, { type: 'websearch', config: 'english' })
        .order('updated_at', { ascending: false })
        .limit(50);
      if (error) throw error;
      return (data as unknown as SearchHit[]).map((hit) => ({
        ...hit,
        preview: plainText(hit.preview),
      }));
    },
  });
}
