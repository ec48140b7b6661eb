// Renames a notebook (the owner only; RLS refuses anyone else).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { notebookKeys } from './keys.ts';

export function useRenameNotebookMutation() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      const { data, error } = await supabase
        .from('notebooks')
        .update({ name: name.trim() })
        .eq('id', id)
        .select('id');
      if (error) throw error;
      if (!data || data.length === 0) throw { code: '42501' };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookKeys.all }),
  });
}
