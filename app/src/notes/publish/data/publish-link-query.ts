// A published note's public address, for its editors and owner (null for anyone else, or once
// it is no longer published).
import { useQuery } from '@tanstack/react-query';
import { useSupabaseLoader } from '../../../lib/supabase.ts';
import { publishKeys } from './keys.ts';

/** The public page of a link token, on this app's own origin. */
export function publicUrl(token: string): string {
  return `${window.location.origin}/p/${token}`;
}

export function usePublishLinkQuery(noteId: string, enabled: boolean) {
  const load = useSupabaseLoader();
  return useQuery({
    queryKey: publishKeys.link(noteId),
    enabled,
    queryFn: async (): Promise<string | null> => {
      const supabase = await load();
      const { data, error } = await supabase.rpc('published_note_token', { note: noteId });
      if (error) throw error;
      return data ? publicUrl(data) : null;
    },
  });
}
