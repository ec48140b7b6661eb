// Pins or unpins a note for the signed-in person only. The pinned list is updated at once and
// put back if the database refuses.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { noteKeys } from './keys.ts';
import type { ListRow } from './notes-infinite-query.ts';

export interface PinTarget {
  note: ListRow;
  pinned: boolean;
}

export function useTogglePinMutation(userId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ note, pinned }: PinTarget) => {
      const { error } = pinned
        ? await supabase
            .from('note_pins')
            .upsert(
              { user_id: userId, note_id: note.id, notebook_id: note.notebook_id },
              { onConflict: 'user_id,note_id', ignoreDuplicates: true },
            )
        : await supabase.from('note_pins').delete().eq('user_id', userId).eq('note_id', note.id);
      if (error) throw error;
    },
    onMutate: async ({ note, pinned }) => {
      const key = noteKeys.pinned(note.notebook_id);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ListRow[]>(key);
      const rest = (before ?? []).filter((row) => row.id !== note.id);
      queryClient.setQueryData<ListRow[]>(key, pinned ? [note, ...rest] : rest);
      return { before, key };
    },
    onError: (_error, _target, context) => {
      if (context) queryClient.setQueryData(context.key, context.before);
    },
    onSettled: (_data, _error, { note }) =>
      queryClient.invalidateQueries({ queryKey: noteKeys.pinned(note.notebook_id) }),
  });
}
