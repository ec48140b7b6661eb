// A note's earlier versions (kept by the database, newest first) and one version's content.
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';

export interface VersionSummary {
  id: number;
  title: string;
  edited_at: string;
  editor: { display_name: string | null } | null;
}

export interface VersionContent {
  id: number;
  title: string;
  body: string;
  tags: string[];
}

export function useVersionsQuery(noteId: string, enabled: boolean) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: noteKeys.versions(noteId),
    enabled,
    queryFn: async (): Promise<VersionSummary[]> => {
      const { data, error } = await supabase
        .from('note_versions')
        .select('id, title, edited_at, editor:profiles!note_versions_edited_by_fkey(display_name)')
        .eq('note_id', noteId)
        .order('id', { ascending: false })
        .limit(100);
      if (error) throw error;
      return data;
    },
  });
}

export function useVersionQuery(versionId: number | null) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: ['notes', 'version', versionId],
    enabled: versionId !== null,
    staleTime: Infinity,
    queryFn: async (): Promise<VersionContent> => {
      const { data, error } = await supabase
        .from('note_versions')
        .select('id, title, body, tags')
        .eq('id', versionId!)
        .single();
      if (error) throw error;
      return data;
    },
  });
}
