// Downloads an attachment through a one-minute signed URL that asks for a download under the
// original file name. The `download` parameter is added here, encoded once: storage-js's own
// `download` option encodes the name and then the whole URL again, so a name such as
// `résumé #1 (final).txt` would arrive percent-encoded in Content-Disposition.
import type { Supabase } from '../../lib/supabase.ts';
import { BUCKET, type Attachment } from './types.ts';

/** The signed URL with `download=<name>` appended (encoded exactly once). */
export function withDownloadName(signedUrl: string, name: string): string {
  return `${signedUrl}${signedUrl.includes('?') ? '&' : '?'}download=${encodeURIComponent(name)}`;
}

export async function downloadAttachment(supabase: Supabase, attachment: Attachment) {
  const { data, error } = await supabase.storage.from(BUCKET).createSignedUrl(attachment.path, 60);
  if (error) throw error;
  const link = document.createElement('a');
  link.href = withDownloadName(data.signedUrl, attachment.file_name);
  link.rel = 'noopener';
  link.download = attachment.file_name;
  document.body.append(link);
  link.click();
  link.remove();
}
