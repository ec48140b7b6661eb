// The notebook a notes page shows (see query-options.ts), refetched when the window regains focus.
import { useQuery } from '@tanstack/react-query';
import { useRest } from '../../lib/supabase.ts';
import { notebookOptions } from './query-options.ts';

export function useNotebookQuery(notebookId: string, userId: string) {
  const supabase = useRest();
  return useQuery({
    ...notebookOptions(supabase, notebookId, userId),
    refetchOnWindowFocus: 'always',
  });
}
