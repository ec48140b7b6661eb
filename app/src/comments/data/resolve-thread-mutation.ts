// Resolves or reopens a thread (the database stamps who and when).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRest } from '../../lib/supabase.ts';
import { commentKeys } from './keys.ts';
import type { Thread } from './types.ts';

export function useResolveThreadMutation(thread: Thread) {
  const rest = useRest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (resolved: boolean) => {
      const { error } = await rest
        .from('comment_threads')
        .update({ resolved_at: resolved ? new Date().toISOString() : null })
        .eq('id', thread.id);
      if (error) throw error;
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: commentKeys.threads(thread.note_id) }),
  });
}
