// Publishing and unpublishing a note (editors and the owner; the database decides). Each
// updates the notebook's published notes and the note's link at once, then checks with the
// server.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabaseLoader } from '../../../lib/supabase.ts';
import { publishKeys } from './keys.ts';
import { publicUrl } from './publish-link-query.ts';

interface Target {
  noteId: string;
  notebookId: string;
}

function usePublishCache() {
  const queryClient = useQueryClient();
  return {
    set({ noteId, notebookId }: Target, url: string | null) {
      queryClient.setQueryData(publishKeys.link(noteId), url);
      queryClient.setQueryData<string[]>(publishKeys.notebook(notebookId), (ids = []) => {
        const rest = ids.filter((id) => id !== noteId);
        return url ? [...rest, noteId] : rest;
      });
    },
    settle: ({ notebookId }: Target) =>
      queryClient.invalidateQueries({ queryKey: publishKeys.notebook(notebookId) }),
  };
}

export function usePublishNoteMutation() {
  const load = useSupabaseLoader();
  const cache = usePublishCache();
  return useMutation({
    mutationFn: async (target: Target): Promise<string> => {
      const supabase = await load();
      const { data, error } = await supabase.rpc('publish_note', { note: target.noteId });
      if (error) throw error;
      return publicUrl(data);
    },
    onSuccess: (url, target) => cache.set(target, url),
    onSettled: (_url, _error, target) => cache.settle(target),
  });
}

export function useUnpublishNoteMutation() {
  const load = useSupabaseLoader();
  const cache = usePublishCache();
  return useMutation({
    mutationFn: async (target: Target): Promise<void> => {
      const supabase = await load();
      const { error } = await supabase.rpc('unpublish_note', { note: target.noteId });
      if (error) throw error;
    },
    onSuccess: (_data, target) => cache.set(target, null),
    onSettled: (_data, _error, target) => cache.settle(target),
  });
}
