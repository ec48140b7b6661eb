// A note's history: its versions (one per editing session, newest first — the newest is the
// note's current state) with when each session ran and who changed the note in it, and one
// version's content. A session still going on changes in place, so a version's content is
// keyed by when it last changed.
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';

export interface VersionSummary {
  id: number;
  title: string;
  started_at: string;
  edited_at: string;
  /** The version this session began by restoring, when it did. */
  restored_from: number | null;
  /** Everyone who changed the note in the session (name null: no longer readable). */
  people: { user_id: string; name: string | null }[];
}

export interface VersionContent {
  id: number;
  title: string;
  body: string;
  tags: string[];
}

/** How many versions a note keeps (the database trims the older ones). */
export const VERSIONS_KEPT = 100;

export function useVersionsQuery(noteId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: noteKeys.versions(noteId),
    // Sessions grow while people write: each opening of the history asks again.
    staleTime: 0,
    refetchOnMount: 'always',
    queryFn: async (): Promise<VersionSummary[]> => {
      const { data, error } = await supabase
        .from('note_versions')
        .select(
          'id, title, started_at, edited_at, restored_from, people:note_version_people(user_id, first_at, profile:profiles(display_name))',
        )
        .eq('note_id', noteId)
        .order('id', { ascending: false })
        .limit(VERSIONS_KEPT);
      if (error) throw error;
      return data.map(({ people, ...v }) => ({
        ...v,
        people: [...people]
          .sort((a, b) => a.first_at.localeCompare(b.first_at))
          .map((p) => ({ user_id: p.user_id, name: p.profile?.display_name ?? null })),
      }));
    },
  });
}

/** One version's title, text and tags (null: no version, as before the first one). */
export function useVersionContentQuery(version: VersionSummary | null) {
  const supabase = useSupabase();
  return useQuery({
    // Not under noteKeys.versions: a version's text is not kept on the device (persisted-cache.ts
    // leaves ['notes', 'version', …] out), only the list is.
    queryKey: ['notes', 'version', version?.id, version?.edited_at],
    enabled: version !== null,
    staleTime: Infinity,
    // Texts can be large: dropped from memory soon after the history closes.
    gcTime: 5 * 60_000,
    queryFn: async (): Promise<VersionContent> => {
      const { data, error } = await supabase
        .from('note_versions')
        .select('id, title, body, tags')
        .eq('id', version!.id)
        .single();
      if (error) throw error;
      return data;
    },
  });
}
