// One note (see query-options.ts); kept while the window changes focus (the editor owns it).
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteOptions } from './query-options.ts';

export function useNoteQuery(noteId: string) {
  const supabase = useSupabase();
  return useQuery({ ...noteOptions(supabase, noteId), refetchOnWindowFocus: false });
}
