// One note; null when it does not exist or the user can no longer read it.
import { useQuery } from '@tanstack/react-query';
import { useSupabase, type Supabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import { NOTE_COLUMNS, type Note } from './types.ts';

export function noteOptions(supabase: Supabase, noteId: string) {
  return {
    queryKey: noteKeys.detail(noteId),
    queryFn: async (): Promise<Note | null> => {
      const { data, error } = await supabase
        .from('notes')
        .select(NOTE_COLUMNS)
        .eq('id', noteId)
        .maybeSingle();
      if (error) throw error;
      return data as Note | null;
    },
  };
}

export function useNoteQuery(noteId: string) {
  const supabase = useSupabase();
  return useQuery({ ...noteOptions(supabase, noteId), refetchOnWindowFocus: false });
}
