// Deletes a notebook (the owner only). Its files are removed through Storage first; the rows go
// with the notebook (foreign keys cascade) and anything missed is queued for cleanup by a trigger.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { notebookKeys } from './keys.ts';

export function useDeleteNotebookMutation() {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const files = await supabase.from('attachments').select('path').eq('notebook_id', id);
      if (files.error) throw files.error;
      const paths = files.data.map((f) => f.path);
      for (let i = 0; i < paths.length; i += 100) {
        const removed = await supabase.storage.from('attachments').remove(paths.slice(i, i + 100));
        if (removed.error) throw removed.error;
      }
      const { data, error } = await supabase.from('notebooks').delete().eq('id', id).select('id');
      if (error) throw error;
      if (!data || data.length === 0) throw { code: '42501' };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notebookKeys.all }),
  });
}
