// Trash: move a note there (the database stamps when and by whom), restore it, or delete it for
// good — its files are removed through Storage first, then the row (its attachment rows and
// versions cascade). Each refreshes the lists, the note and the trash; a note moved to the trash
// leaves the cached lists at once. The data client is loaded when one runs, so a page with these
// actions renders without waiting for it.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSupabaseLoader, type Supabase } from '../../lib/supabase.ts';
import { dropFromLists } from './cached-lists.ts';
import { noteKeys } from './keys.ts';
import { NOTE_COLUMNS, type Note } from './types.ts';

interface Target {
  id: string;
  notebook_id: string;
}

async function setTrashed(supabase: Supabase, id: string, trashed: boolean): Promise<Note> {
  const { data, error } = await supabase
    .from('notes')
    .update({ deleted_at: trashed ? new Date().toISOString() : null })
    .eq('id', id)
    .select(NOTE_COLUMNS)
    .maybeSingle();
  if (error) throw error;
  if (!data) throw { code: '42501' };
  return data;
}

function refresh(queryClient: QueryClient, note: Target) {
  void queryClient.invalidateQueries({ queryKey: noteKeys.lists(note.notebook_id) });
  void queryClient.invalidateQueries({ queryKey: noteKeys.trash });
  void queryClient.invalidateQueries({ queryKey: noteKeys.recent });
  void queryClient.invalidateQueries({ queryKey: ['notes', 'search'] });
  void queryClient.invalidateQueries({ queryKey: ['notebooks'] });
}

export function useMoveToTrashMutation() {
  const load = useSupabaseLoader();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: Target) => setTrashed(await load(), note.id, true),
    onSuccess: (note) => {
      queryClient.setQueryData(noteKeys.detail(note.id), note);
      dropFromLists(queryClient, note);
    },
    onSettled: (_data, _error, note) => refresh(queryClient, note),
  });
}

export function useRestoreNoteMutation() {
  const load = useSupabaseLoader();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: Target) => setTrashed(await load(), note.id, false),
    onSuccess: (note) => queryClient.setQueryData(noteKeys.detail(note.id), note),
    onSettled: (_data, _error, note) => refresh(queryClient, note),
  });
}

export function useDeleteForeverMutation() {
  const load = useSupabaseLoader();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: Target) => {
      const supabase = await load();
      const files = await supabase.from('attachments').select('path').eq('note_id', note.id);
      if (files.error) throw files.error;
      const paths = files.data.map((f) => f.path);
      for (let i = 0; i < paths.length; i += 100) {
        const removed = await supabase.storage.from('attachments').remove(paths.slice(i, i + 100));
        if (removed.error) throw removed.error;
      }
      const { data, error } = await supabase.from('notes').delete().eq('id', note.id).select('id');
      if (error) throw error;
      if (!data || data.length === 0) throw { code: '42501' };
    },
    onSuccess: (_data, note) => queryClient.removeQueries({ queryKey: noteKeys.detail(note.id) }),
    onSettled: (_data, _error, note) => refresh(queryClient, note),
  });
}
