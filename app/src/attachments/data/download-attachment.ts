// Downloads an attachment through a one-minute signed URL that asks for a download under the
// original file name.
import type { Supabase } from '../../lib/supabase.ts';
import { BUCKET, type Attachment } from './types.ts';

export async function downloadAttachment(supabase: Supabase, attachment: Attachment) {
  const { data, error } = await supabase.storage
    .from(BUCKET)
    .createSignedUrl(attachment.path, 60, { download: attachment.file_name });
  if (error) throw error;
  const link = document.createElement('a');
  link.href = data.signedUrl;
  link.rel = 'noopener';
  link.download = attachment.file_name;
  document.body.append(link);
  link.click();
  link.remove();
}
