// Opens a thread on the selected text with its first comment (one call: open_comment_thread).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRest } from '../../lib/supabase.ts';
import { commentKeys } from './keys.ts';

export interface OpenThread {
  anchor: { start: string; end: string };
  quote: string;
  body: string;
}

export function useOpenThreadMutation(noteId: string) {
  const rest = useRest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ anchor, quote, body }: OpenThread) => {
      const { data, error } = await rest.rpc('open_comment_thread', {
        note: noteId,
        anchor_start: anchor.start,
        anchor_end: anchor.end,
        quote,
        body,
      });
      if (error) throw error;
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentKeys.threads(noteId) }),
  });
}
