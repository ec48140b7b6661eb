// The signed-in person's pinned notes in a notebook (see query-options.ts).
import { useQuery } from '@tanstack/react-query';
import { useRest } from '../../lib/supabase.ts';
import { pinnedNotesOptions } from './query-options.ts';

export function usePinnedNotesQuery(notebookId: string, userId: string) {
  const supabase = useRest();
  return useQuery({
    ...pinnedNotesOptions(supabase, notebookId, userId),
    refetchOnWindowFocus: 'always',
  });
}
