// Uploads one file to the attachments bucket with XMLHttpRequest (so progress can be shown and
// the upload cancelled), as the signed-in user, then records it in the attachments table. If the
// row cannot be written the uploaded object is removed again.
import { envOf, type Supabase } from '../../lib/supabase.ts';
import { mimeTypeOf } from './mime.ts';
import { BUCKET } from './types.ts';

export interface UploadHandle {
  /** Resolves with the stored object's path once the file and its row are saved. */
  done: Promise<string>;
  cancel(): void;
}

/** A storage-safe object name: the original name with anything unusual replaced. */
export function objectName(fileName: string): string {
  const safe = fileName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return `${crypto.randomUUID()}-${safe || 'file'}`;
}

function send(
  url: string,
  headers: Record<string, string>,
  file: File,
  onProgress: (fraction: number) => void,
  xhr: XMLHttpRequest,
): Promise<void> {
  return new Promise((resolve, reject) => {
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let body: { code?: string; error?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON
      }
      reject({ code: body.code ?? body.error, status: xhr.status, message: body.message });
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject({ code: 'upload_cancelled' });
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', file);
    xhr.send(form);
  });
}

export function uploadAttachment(
  supabase: Supabase,
  target: { notebookId: string; noteId: string },
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  let cancelled = false;
  const path = `${target.notebookId}/${target.noteId}/${objectName(file.name)}`;
  const done = (async () => {
    const { data } = await supabase.auth.getSession();
    if (cancelled) throw { code: 'upload_cancelled' };
    const env = envOf(supabase);
    const encoded = path.split('/').map(encodeURIComponent).join('/');
    await send(
      `${env.supabaseUrl}/storage/v1/object/${BUCKET}/${encoded}`,
      {
        apikey: env.supabaseKey,
        Authorization: `Bearer ${data.session?.access_token ?? env.supabaseKey}`,
        'x-upsert': 'false',
      },
      file,
      onProgress,
      xhr,
    );
    const { error } = await supabase.from('attachments').insert({
      note_id: target.noteId,
      notebook_id: target.notebookId,
      path,
      file_name: file.name.slice(0, 255) || 'file',
      size_bytes: file.size,
      mime_type: mimeTypeOf(file),
    });
    if (error) {
      await supabase.storage.from(BUCKET).remove([path]);
      throw error;
    }
    return path;
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      xhr.abort();
    },
  };
}
