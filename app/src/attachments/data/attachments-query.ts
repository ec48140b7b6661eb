// The attachments of a note, newest last, with signed thumbnail URLs (one batch call) for every
// image type a browser can draw.
import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase.ts';
import { attachmentKeys } from './keys.ts';
import { hasThumbnail } from './mime.ts';
import { BUCKET, type Attachment } from './types.ts';

const THUMBNAIL_SECONDS = 3600;

export function useAttachmentsQuery(noteId: string) {
  const supabase = useSupabase();
  return useQuery({
    queryKey: attachmentKeys.note(noteId),
    queryFn: async (): Promise<Attachment[]> => {
      const { data, error } = await supabase
        .from('attachments')
        .select('id, note_id, notebook_id, path, file_name, size_bytes, mime_type, created_at')
        .eq('note_id', noteId)
        .order('created_at', { ascending: true })
        .order('id', { ascending: true });
      if (error) throw error;
      const rows = data;
      const images = rows.filter((r) => hasThumbnail(r.mime_type)).map((r) => r.path);
      const urls = new Map<string, string>();
      if (images.length > 0) {
        const signed = await supabase.storage
          .from(BUCKET)
          .createSignedUrls(images, THUMBNAIL_SECONDS);
        for (const entry of signed.data ?? [])
          if (entry.path && entry.signedUrl) urls.set(entry.path, entry.signedUrl);
      }
      return rows.map((r) => ({ ...r, thumbnail_url: urls.get(r.path) ?? null }));
    },
  });
}
