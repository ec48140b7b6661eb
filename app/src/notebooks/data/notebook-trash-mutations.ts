// Notebook trash (the owner only; row-level security refuses anyone else): move a notebook to the
// trash with its notes (the database stamps when and by whom), restore it as it was, or delete
// it for good from the trash — its files are removed through Storage first, then the row (notes,
// attachments, members and shares cascade; anything missed is queued for cleanup). Each
// refreshes the notebooks, the notes' queries (a notebook's notes leave or come back with it)
// and the trash.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSupabaseLoader, type Supabase } from '../../lib/supabase.ts';
import { notebookKeys } from './keys.ts';

export interface TrashTarget {
  id: string;
  name: string;
}

async function setTrashed(supabase: Supabase, id: string, trashed: boolean) {
  const { data, error } = await supabase
    .from('notebooks')
    .update({ deleted_at: trashed ? new Date().toISOString() : null })
    .eq('id', id)
    .select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw { code: '42501' };
}

function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: notebookKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['notes'] });
}

export function useTrashNotebookMutation() {
  const load = useSupabaseLoader();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notebook: TrashTarget) => setTrashed(await load(), notebook.id, true),
    onSettled: () => refresh(queryClient),
  });
}

export function useRestoreNotebookMutation() {
  const load = useSupabaseLoader();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notebook: TrashTarget) => setTrashed(await load(), notebook.id, false),
    onSettled: () => refresh(queryClient),
  });
}

export function useDeleteNotebookForeverMutation() {
  const load = useSupabaseLoader();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notebook: TrashTarget) => {
      const supabase = await load();
      const files = await supabase.rpc('trashed_notebook_files', { notebook: notebook.id });
      if (files.error) throw files.error;
      const paths = files.data;
      for (let i = 0; i < paths.length; i += 100) {
        const removed = await supabase.storage.from('attachments').remove(paths.slice(i, i + 100));
        if (removed.error) throw removed.error;
      }
      const { data, error } = await supabase
        .from('notebooks')
        .delete()
        .eq('id', notebook.id)
        .select('id');
      if (error) throw error;
      if (!data || data.length === 0) throw { code: '42501' };
    },
    onSettled: () => refresh(queryClient),
  });
}
