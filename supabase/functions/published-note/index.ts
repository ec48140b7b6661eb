// published-note: what anyone holding a published note's link sees, without an account — that
// one note's title, merged text and last change, and short-lived signed URLs for its own files
// (the attachments bucket is private; anonymous callers cannot sign URLs there). The token is
// checked first, as an anonymous caller (public.published_note, the only data anonymous callers
// may read); only then does the service role list and sign that note's files
// (public.published_note_files, which checks the token again). An unknown, unpublished or
// trashed note's token, and a malformed one, all get the same 404: the answer never tells
// whether a token ever existed. A note whose merged text is over the size limit (notes.body
// then holds an earlier text) is shown with its document's whole merged text, as the export
// does; should the document not be readable, with the earlier text, marked text_is_earlier.
//
// POST { token }
//   200 { note: { title, body, updated_at, text_is_earlier }, files: { <path>: <signed URL> },
//         expires_in }
//   404 { error: { code: 'not_published', message } }
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { adminClient, anonClient } from '../_shared/clients.ts';
import { HttpError, json, readJsonObject, serve } from '../_shared/http.ts';
import { decodeFrames, documentText } from '../export-data/merged-text.ts';

/** How long a signed file URL works, in seconds (the page asks again well before). */
const URL_SECONDS = 600;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

interface PublishedRow {
  title: string;
  body: string;
  updated_at: string;
  body_too_large: boolean;
}

interface PublishedNote {
  title: string;
  body: string;
  updated_at: string;
  /** The merged text is over the size limit and could not be read: this is an earlier text. */
  text_is_earlier: boolean;
}

function notPublished(): HttpError {
  return new HttpError(404, 'not_published', 'This note is not published, or no longer is.');
}

function parseToken(body: Record<string, unknown>): string {
  const { token } = body;
  if (typeof token !== 'string' || !TOKEN.test(token)) throw notPublished();
  return token;
}

async function readNote(token: string): Promise<PublishedRow> {
  const { data, error } = await anonClient().rpc('published_note', { token });
  if (error) throw new Error(`published_note: ${error.message}`);
  const row = (data as PublishedRow[] | null)?.[0];
  if (!row) throw notPublished();
  return row;
}

/** The note's text: notes.body, or its document's merged text when that is over the limit. */
async function mergedText(
  admin: SupabaseClient,
  token: string,
  row: PublishedRow,
): Promise<PublishedNote> {
  const { title, body, updated_at } = row;
  if (!row.body_too_large) return { title, body, updated_at, text_is_earlier: false };
  const { data, error } = await admin.rpc('published_note_document', { token });
  const frames = (data as { frames?: unknown } | null)?.frames;
  if (error || typeof frames !== 'string') {
    if (error) console.warn(`published_note_document: ${error.message}`);
    return { title, body, updated_at, text_is_earlier: true };
  }
  const text = documentText(decodeFrames(frames));
  return { title: text.title || title, body: text.body, updated_at, text_is_earlier: false };
}

async function signFiles(admin: SupabaseClient, token: string): Promise<Record<string, string>> {
  const { data, error } = await admin.rpc('published_note_files', { token });
  if (error) throw new Error(`published_note_files: ${error.message}`);
  const paths = ((data ?? []) as { path: string }[]).map((f) => f.path);
  if (paths.length === 0) return {};
  const signed = await admin.storage.from('attachments').createSignedUrls(paths, URL_SECONDS);
  if (signed.error) throw new Error(`sign: ${signed.error.message}`);
  const files: Record<string, string> = {};
  for (const entry of signed.data ?? [])
    if (entry.path && entry.signedUrl && !entry.error) files[entry.path] = entry.signedUrl;
  return files;
}

serve(['POST'], async (req) => {
  const token = parseToken(await readJsonObject(req));
  const row = await readNote(token);
  const admin = adminClient();
  const [note, files] = await Promise.all([mergedText(admin, token, row), signFiles(admin, token)]);
  return json({ note, files, expires_in: URL_SECONDS }, 200, HEADERS);
});
