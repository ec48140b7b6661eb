// Deletes an attachment: the row first (row-level security decides; a trigger queues the file
// for cleanup), then the file itself through Storage.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { attachmentKeys } from './keys.ts';
import { BUCKET, type Attachment } from './types.ts';

export function useDeleteAttachmentMutation(noteId: string) {
  const supabase = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attachment: Attachment) => {
      const { data, error } = await supabase
        .from('attachments')
        .delete()
        .eq('id', attachment.id)
        .select('id');
      if (error) throw error;
      if (!data || data.length === 0) throw { code: '42501' };
      await supabase.storage.from(BUCKET).remove([attachment.path]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.note(noteId) }),
  });
}
