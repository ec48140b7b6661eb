// Search as you type across every notebook the person can read: the database's search_notes()
// (prefix matches, accents folded, ranked, notes in the trash left out; when those are fewer than
// 20, words found inside others or despite a typo, ranked below them with a negative rank)
// returns the best 20 with a plain-text snippet around the first match. Earlier results stay on screen while the next
// ones load, and a superseded request is cancelled.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';

export interface SearchHit {
  id: string;
  notebook_id: string;
  notebook_name: string;
  title: string;
  snippet: string;
  tags: string[];
  updated_at: string;
  /** ≥ 0 for a full-text (exact or prefix) match; < 0 for a word found inside another or
   * despite a typo (a close match). */
  rank: number;
}

export function useSearchNotesQuery(query: string) {
  const supabase = useSupabase();
  const q = query.trim().slice(0, 200);
  return useQuery({
    queryKey: noteKeys.search(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    queryFn: async ({ signal }): Promise<SearchHit[]> => {
      const { data, error } = await supabase
        .rpc('search_notes', { query: q, max_results: 20 })
        .select('id, notebook_id, notebook_name, title, snippet, tags, updated_at, rank')
        .abortSignal(signal);
      if (error) throw error;
      return data;
    },
  });
}
