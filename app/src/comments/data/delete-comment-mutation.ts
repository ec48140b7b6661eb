// Deletes one's own comment; the last comment of a thread takes the thread with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRest } from '../../lib/supabase.ts';
import { commentKeys } from './keys.ts';

export function useDeleteCommentMutation(noteId: string) {
  const rest = useRest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await rest.from('comments').delete().eq('id', id);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentKeys.threads(noteId) }),
  });
}
