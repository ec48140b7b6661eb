// Creates a notebook; the database makes the creator its owner member.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { notebookKeys } from './keys.ts';

export function useCreateNotebookMutation() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { data, error } = await supabase
        .from('notebooks')
        .insert({ name: name.trim() })
        .select('id')
        .single();
      if (error) throw error;
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookKeys.all }),
  });
}
