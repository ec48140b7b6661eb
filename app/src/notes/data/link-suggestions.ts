// The notes `[[` offers in the editor: with nothing typed, the most recently edited; otherwise
// those whose title has a word starting with each typed word (accents and case folded), found
// by the database's search_notes() as the command palette finds them. Notes in the trash and the
// note being written are left out.
import { useCallback } from 'react';
import { queryTerms } from '../../lib/text/fold.ts';
import { useSupabase } from '../../lib/supabase.ts';
import type { NoteSuggestion, SuggestNotes } from '../links/note-link-completion.ts';
import { titleMatches } from '../links/title-match.ts';

const MAX = 8;

export function useNoteSuggestions(currentNoteId: string): SuggestNotes {
  const supabase = useSupabase();
  return useCallback(
    async (query: string): Promise<NoteSuggestion[]> => {
      const terms = queryTerms(query);
      if (terms.length === 0) {
        const { data, error } = await supabase
          .from('notes')
          .select('id, title, notebook:notebooks(name)')
          .is('deleted_at', null)
          .neq('id', currentNoteId)
          .order('updated_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(MAX);
        if (error) throw error;
        return data.map((n) => ({
          id: n.id,
          title: n.title,
          notebookName: n.notebook?.name ?? '',
        }));
      }
      const { data, error } = await supabase
        .rpc('search_notes', { query: query.slice(0, 200), max_results: 30 })
        .select('id, title, notebook_name');
      if (error) throw error;
      return data
        .filter((n) => n.id !== currentNoteId && titleMatches(n.title, query))
        .slice(0, MAX)
        .map((n) => ({ id: n.id, title: n.title, notebookName: n.notebook_name }));
    },
    [supabase, currentNoteId],
  );
}
