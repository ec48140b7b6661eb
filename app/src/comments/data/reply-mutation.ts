// Adds a reply to a thread.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRest } from '../../lib/supabase.ts';
import { commentKeys } from './keys.ts';
import type { Thread } from './types.ts';

export function useReplyMutation(thread: Thread) {
  const rest = useRest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => {
      const { error } = await rest.from('comments').insert({
        thread_id: thread.id,
        note_id: thread.note_id,
        notebook_id: thread.notebook_id,
        body,
      });
      if (error) throw error;
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: commentKeys.threads(thread.note_id) }),
  });
}
