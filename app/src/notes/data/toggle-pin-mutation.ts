// Pins or unpins a note for the signed-in person only. The pinned list is updated at once and
// put back if the database refuses. A person's pin changes are sent one after another, in the
// order made: sent together, a quick pin-then-unpin could reach the database the other way
// round and leave the note pinned; the list is refetched once the last one has settled.
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
  const mutationKey = ['pin', userId];
  return useMutation({
    mutationKey,
    scope: { id: `pin:${userId}` },
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
    onSettled: async (_data, _error, { note }) => {
      if (queryClient.isMutating({ mutationKey }) > 1) return; // a later change is still out
      await queryClient.invalidateQueries({ queryKey: noteKeys.pinned(note.notebook_id) });
    },
  });
}
