// Saves a note's fields (title, body, tags). A missing row after the update means the note is
// gone, in the trash past its time, or the user may not write it — or, for a write made only
// `ifTags` the row's tags are still those (compare-and-set), that they changed elsewhere.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { textArrayLiteral } from '../../lib/text/array-literal.ts';
import { noteKeys } from './keys.ts';
import { NOTE_COLUMNS, type Note } from './types.ts';

export type NotePatch = Partial<Pick<Note, 'title' | 'body' | 'tags'>>;

export interface NoteWrite {
  patch: NotePatch;
  /** Write only while the row's tags are still these. */
  ifTags?: readonly string[];
}

/** A write made `ifTags` found other tags: the note was changed elsewhere in between. */
export class ChangedElsewhere extends Error {
  constructor() {
    super('This note was changed elsewhere in the meantime.');
    this.name = 'ChangedElsewhere';
  }
}

export function useUpdateNoteMutation(noteId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ patch, ifTags }: NoteWrite): Promise<Note> => {
      let write = supabase.from('notes').update(patch).eq('id', noteId);
      if (ifTags) write = write.filter('tags', 'eq', textArrayLiteral(ifTags));
      const { data, error } = await write.select(NOTE_COLUMNS).maybeSingle();
      if (error) throw error;
      if (!data) throw ifTags ? new ChangedElsewhere() : { code: '42501' };
      return data;
    },
    onSuccess: (note) => {
      queryClient.setQueryData(noteKeys.detail(note.id), note);
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists(note.notebook_id) });
      void queryClient.invalidateQueries({ queryKey: noteKeys.versions(note.id) });
    },
  });
}
