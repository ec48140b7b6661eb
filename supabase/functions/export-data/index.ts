// export-data: everything the caller owns or wrote — or one notebook they can read — as a
// download. Needs aal2 when the caller has a verified MFA factor; all reads run with the caller's
// JWT (row-level security applies).
//
// GET or POST, ?format=zip (default) | json, &notebook=<id> for one notebook
//   zip:  a folder per notebook with a Markdown file per note (front matter: title, tags, dates,
//         attachments) and each note's files beside it, linked by relative paths; notes others own
//         that the caller wrote under "Shared with me/"; sheaf-export.json with all the records.
//         Up to 200 MB of files are included; beyond that the JSON carries signed URLs instead,
//         and "Files not included.txt" lists them. Streamed as it is made.
//   json: the records with signed URLs (valid 1 hour) for every file.
// Both are served with Content-Disposition: attachment.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { adminClient, callerOf, requireAssurance } from '../_shared/clients.ts';
import { corsHeaders, HttpError, serve } from '../_shared/http.ts';
import { drainOwnQuietly } from '../_shared/storage-cleanup.ts';
import { compressible, zipStream, type ZipSource } from '../_shared/zip-stream.ts';
import { collectExport, trashedNoteIds, type ExportData } from './collect.ts';
import { Names, planArchive, safeName } from './markdown.ts';

const SIGNED_URL_SECONDS = 3600;
const MAX_EMBEDDED_BYTES = 200 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Record<string, unknown>;
const encoder = new TextEncoder();

async function signedUrl(client: SupabaseClient, bucket: string, path: string) {
  const { data } = await client.storage.from(bucket).createSignedUrl(path, SIGNED_URL_SECONDS);
  return data?.signedUrl ?? null;
}

async function download(client: SupabaseClient, bucket: string, path: string) {
  const { data, error } = await client.storage.from(bucket).download(path);
  return error || !data ? null : new Uint8Array(await data.arrayBuffer());
}

async function signAll(client: SupabaseClient, data: ExportData): Promise<void> {
  if (data.profile && typeof data.profile.avatar_path === 'string')
    data.profile.signed_url = await signedUrl(client, 'avatars', data.profile.avatar_path);
  for (const a of data.attachments)
    a.signed_url = await signedUrl(client, 'attachments', String(a.path));
}

/** The archive's entries in order: notes, their files, the avatar, the manifest last. */
async function archiveSources(client: SupabaseClient, data: ExportData): Promise<ZipSource[]> {
  const trashed = await trashedNoteIds(
    client,
    data.notes.map((n) => String(n.id)),
  );
  for (const note of data.notes) if (trashed.has(String(note.id))) note.in_trash = true;
  const plan = planArchive({
    notebooks: data.notebooks,
    otherNotebooks: data.other_notebooks,
    notes: data.notes,
    attachments: data.attachments,
    trashed,
  });
  const sources: ZipSource[] = plan.notes.map((n) => ({
    name: n.file,
    data: () => encoder.encode(n.text),
    compress: true,
  }));
  const placed = new Map(plan.attachments.map((a) => [a.path, a.file]));
  const others = new Names();
  let budget = MAX_EMBEDDED_BYTES;
  const left: string[] = [];
  for (const row of data.attachments) {
    const path = String(row.path);
    let file = placed.get(path);
    if (!file) {
      // A file the caller added to a note they did not write (or one in the trash).
      file = `Other files/${others.claimFile(safeName(row.file_name, 'file'))}`;
    }
    const size = Number(row.size_bytes ?? 0);
    if (size > budget) {
      row.signed_url = await signedUrl(client, 'attachments', path);
      left.push(`${file}\n  ${row.signed_url ?? '(no longer available)'}`);
      continue;
    }
    budget -= size;
    const target = row;
    const name = file;
    sources.push({
      name,
      compress: compressible(row.mime_type, name),
      data: async () => {
        const bytes = await download(client, 'attachments', path);
        if (bytes) target.file = name;
        else target.file_missing = true;
        return bytes;
      },
    });
  }
  const avatar = data.profile?.avatar_path;
  if (typeof avatar === 'string') {
    const name = `Profile/${safeName(avatar.split('/').pop(), 'avatar')}`;
    sources.push({
      name,
      compress: false,
      data: async () => {
        const bytes = await download(client, 'avatars', avatar);
        if (bytes && data.profile) data.profile.file = name;
        return bytes;
      },
    });
  }
  if (left.length)
    sources.push({
      name: 'Files not included.txt',
      compress: true,
      data: () =>
        encoder.encode(
          `These files were too many to include. Download them within an hour:\n\n${left.join('\n\n')}\n`,
        ),
    });
  // Last, so it records which files made it into the archive.
  sources.push({
    name: 'sheaf-export.json',
    compress: true,
    data: () => encoder.encode(JSON.stringify(data, null, 2)),
  });
  return sources;
}

/** `attachment` with an ASCII name and the real one in UTF-8 (RFC 6266 / 8187). */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function downloadName(data: ExportData, extension: string): string {
  const stamp = data.exported_at.slice(0, 10);
  if (!data.notebook_id) return `sheaf-export-${stamp}.${extension}`;
  return `${safeName(data.notebooks[0]?.name, 'Notebook')} ${stamp}.${extension}`;
}

serve(['GET', 'POST'], async (req) => {
  const caller = await callerOf(req);
  const params = new URL(req.url).searchParams;
  const format = params.get('format') ?? 'zip';
  if (format !== 'zip' && format !== 'json')
    throw new HttpError(400, 'invalid_request', "format must be 'zip' or 'json'.");
  const notebookId = params.get('notebook') ?? undefined;
  if (notebookId !== undefined && !UUID.test(notebookId))
    throw new HttpError(400, 'invalid_request', 'notebook must be a notebook id (a UUID).');
  await requireAssurance(caller);
  await drainOwnQuietly(adminClient(), caller.id);

  const data = await collectExport(caller, notebookId);
  if (!data)
    throw new HttpError(404, 'notebook_not_found', 'That notebook does not exist or is not yours.');
  if (format === 'json') {
    await signAll(caller.client, data);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        ...corsHeaders,
        'Content-Type': 'application/json',
        'Content-Disposition': disposition(downloadName(data, 'json')),
      },
    });
  }
  const sources = await archiveSources(caller.client, data);
  return new Response(zipStream(sources, new Date(data.exported_at)), {
    headers: {
      ...corsHeaders,
      'Content-Type': 'application/zip',
      'Content-Disposition': disposition(downloadName(data, 'zip')),
    },
  });
});
