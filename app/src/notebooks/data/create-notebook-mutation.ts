// Creates a notebook; the database makes the creator its owner member. The id is chosen here,
// once per notebook the person means to make, so sending it again (a retry after an answer lost
// on the way back) finds the same row instead of making a second notebook.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { notebookKeys } from './keys.ts';

export interface NewNotebook {
  id: string;
  name: string;
}

export function useCreateNotebookMutation() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: NewNotebook) => {
      const { error } = await supabase.from('notebooks').insert({ id, name: name.trim() });
      if (error?.code === '23505') {
        // The id is taken: an earlier send of this very notebook was stored. It is ours if we
        // can read it as its owner (ids are random: anything else is not this notebook).
        const { data, error: readError } = await supabase
          .from('notebooks')
          .select('id, name')
          .eq('id', id)
          .maybeSingle();
        if (readError) throw readError;
        if (data?.name === name.trim()) return { id };
        throw error;
      }
      if (error) throw error;
      return { id };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookKeys.all }),
  });
}
