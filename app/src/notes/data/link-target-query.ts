// The note a link points to, as the reader may see it now: its current title and notebook (so
// a link follows renames and moves), or null when the reader cannot read it, it was deleted or
// it is in the trash. Refetched whenever a link to it is shown again.
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';

export interface LinkTarget {
  id: string;
  notebook_id: string;
  title: string;
}

export const linkTargetKey = (noteId: string) => [...noteKeys.all, 'link-target', noteId] as const;

export function useLinkTargetQuery(noteId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: linkTargetKey(noteId),
    staleTime: 0,
    queryFn: async ({ signal }): Promise<LinkTarget | null> => {
      const { data, error } = await supabase
        .from('notes')
        .select('id, notebook_id, title')
        .eq('id', noteId)
        .is('deleted_at', null)
        .abortSignal(signal)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });
}
