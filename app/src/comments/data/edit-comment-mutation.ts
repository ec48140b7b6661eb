// Changes the body of one's own comment (the database refuses anyone else's: no row comes back).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRest } from '../../lib/supabase.ts';
import { commentKeys } from './keys.ts';

export function useEditCommentMutation(noteId: string) {
  const rest = useRest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: string }) => {
      const { data, error } = await rest
        .from('comments')
        .update({ body })
        .eq('id', id)
        .select('id');
      if (error) throw error;
      if (data.length === 0) throw new Error('comment_not_editable');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentKeys.threads(noteId) }),
  });
}
