// export-data: everything the caller owns or wrote, as a download. Needs aal2 when the caller
// has a verified MFA factor; all reads run with the caller's JWT (row-level security applies).
//
// GET or POST, ?format=zip (default) | json
//   zip:  sheaf-export-<date>.zip with sheaf-export.json and the files themselves under
//         files/avatars/… and files/attachments/… (up to 200 MB of files; beyond that the JSON
//         carries a signed URL instead of the file)
//   json: sheaf-export-<date>.json with signed URLs (valid 1 hour) for every file
// Both are served with Content-Disposition: attachment.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { adminClient, callerOf, requireAssurance } from '../_shared/clients.ts';
import { corsHeaders, HttpError, serve } from '../_shared/http.ts';
import { drainOwnQuietly } from '../_shared/storage-cleanup.ts';
import { buildZip, type ZipEntry } from '../_shared/zip.ts';
import { collectExport, type ExportData } from './collect.ts';

const SIGNED_URL_SECONDS = 3600;
const MAX_EMBEDDED_BYTES = 200 * 1024 * 1024;
/** The ZIP writer has no ZIP64: at most 65,535 entries. */
const MAX_EMBEDDED_FILES = 65_000;

interface FileRef {
  bucket: 'avatars' | 'attachments';
  path: string;
  /** Where the reference is written in the export. */
  target: Record<string, unknown>;
}

function fileRefs(data: ExportData): FileRef[] {
  const refs: FileRef[] = [];
  if (data.profile && typeof data.profile.avatar_path === 'string')
    refs.push({ bucket: 'avatars', path: data.profile.avatar_path, target: data.profile });
  for (const a of data.attachments)
    if (typeof a.path === 'string') refs.push({ bucket: 'attachments', path: a.path, target: a });
  return refs;
}

async function signAll(client: SupabaseClient, refs: FileRef[]): Promise<void> {
  for (const ref of refs) {
    const { data } = await client.storage
      .from(ref.bucket)
      .createSignedUrl(ref.path, SIGNED_URL_SECONDS);
    ref.target.signed_url = data?.signedUrl ?? null;
  }
}

async function embedAll(client: SupabaseClient, refs: FileRef[]): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  let total = 0;
  const rest: FileRef[] = [];
  for (const ref of refs) {
    const size = Number((ref.target as { size_bytes?: unknown }).size_bytes ?? 0);
    if (total + size > MAX_EMBEDDED_BYTES || entries.length >= MAX_EMBEDDED_FILES) {
      rest.push(ref);
      continue;
    }
    const { data, error } = await client.storage.from(ref.bucket).download(ref.path);
    if (error || !data) {
      ref.target.file = null;
      ref.target.file_missing = true;
      continue;
    }
    const bytes = new Uint8Array(await data.arrayBuffer());
    total += bytes.length;
    const name = `files/${ref.bucket}/${ref.path}`;
    entries.push({ name, data: bytes });
    ref.target.file = name;
  }
  await signAll(client, rest);
  return entries;
}

serve(['GET', 'POST'], async (req) => {
  const caller = await callerOf(req);
  const format = new URL(req.url).searchParams.get('format') ?? 'zip';
  if (format !== 'zip' && format !== 'json')
    throw new HttpError(400, 'invalid_request', "format must be 'zip' or 'json'.");
  await requireAssurance(caller);
  await drainOwnQuietly(adminClient(), caller.id);

  const data = await collectExport(caller);
  const refs = fileRefs(data);
  const stamp = data.exported_at.slice(0, 10);
  if (format === 'json') {
    await signAll(caller.client, refs);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        ...corsHeaders,
        'Content-Type': 'application/json',
        'Content-Disposition': `attachment; filename="sheaf-export-${stamp}.json"`,
      },
    });
  }
  const files = await embedAll(caller.client, refs);
  const manifest = new TextEncoder().encode(JSON.stringify(data, null, 2));
  const zip = buildZip([{ name: 'sheaf-export.json', data: manifest }, ...files]);
  return new Response(zip, {
    headers: {
      ...corsHeaders,
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="sheaf-export-${stamp}.zip"`,
    },
  });
});
