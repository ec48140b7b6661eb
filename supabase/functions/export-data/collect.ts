// Reads everything the caller owns or wrote, as the caller (row-level security applies): their
// profile, the notebooks they own with members and pending invitations, their memberships
// elsewhere, notes and attachment records in their notebooks or written by them. Or, for one
// notebook the caller can read: that notebook, its members, notes and attachment records.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { Caller } from '../_shared/clients.ts';
import { useMergedText } from './merged-text.ts';

type Row = Record<string, unknown>;

const PAGE = 1000;
const CHUNK = 100;

const NOTE_COLUMNS =
  'id, notebook_id, author_id, title, body, tags, created_at, updated_at, body_too_large';
const ATTACHMENT_COLUMNS =
  'id, note_id, notebook_id, path, file_name, size_bytes, mime_type, created_by, created_at';

/** All rows of a query, page by page (the API returns at most max_rows at a time). */
async function all(
  label: string,
  page: (
    from: number,
    to: number,
  ) => PromiseLike<{ data: unknown[] | null; error: { message: string } | null }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await page(from, from + PAGE - 1);
    if (error) throw new Error(`${label}: ${error.message}`);
    rows.push(...((data ?? []) as Row[]));
    if (!data || data.length < PAGE) return rows;
  }
}

/** Rows whose column is in ids, fetched in chunks so URLs stay short. */
async function byIds(
  client: SupabaseClient,
  table: string,
  columns: string,
  column: string,
  ids: string[],
  orderBy = 'id',
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    rows.push(
      ...(await all(table, (from, to) =>
        client
          .from(table)
          .select(columns)
          .in(column, chunk)
          .order(orderBy)
          .order(column)
          .range(from, to),
      )),
    );
  }
  return rows;
}

function mergeById(...lists: Row[][]): Row[] {
  const byId = new Map<unknown, Row>();
  for (const list of lists) for (const row of list) byId.set(row.id, row);
  return [...byId.values()];
}

export interface ExportData {
  format: 'sheaf-export';
  version: 1;
  exported_at: string;
  user: { id: string; email: string | null };
  /** Set when one notebook was exported. */
  notebook_id?: string;
  profile: Row | null;
  notebooks: Row[];
  members: Row[];
  invitations: Row[];
  memberships: Row[];
  /** Notebooks of other owners that hold notes the caller wrote (id and name). */
  other_notebooks: Row[];
  notes: Row[];
  attachments: Row[];
}

/** Ids of notes in the trash among the caller's readable notes (none when there is no trash). */
export async function trashedNoteIds(db: SupabaseClient, noteIds: string[]): Promise<Set<string>> {
  const trashed = new Set<string>();
  for (let i = 0; i < noteIds.length; i += CHUNK) {
    const { data, error } = await db
      .from('notes')
      .select('id')
      .in('id', noteIds.slice(i, i + CHUNK))
      .not('deleted_at', 'is', null);
    if (error) return trashed; // a schema without notes.deleted_at has no trash
    for (const row of data ?? []) trashed.add(String((row as Row).id));
  }
  return trashed;
}

async function collectNotebook(caller: Caller, notebookId: string): Promise<ExportData | null> {
  const db = caller.client;
  const { data: notebook, error } = await db
    .from('notebooks')
    .select('*')
    .eq('id', notebookId)
    .maybeSingle();
  if (error) throw new Error(`notebooks: ${error.message}`);
  if (!notebook) return null;
  const ids = [notebookId];
  return {
    format: 'sheaf-export',
    version: 1,
    exported_at: new Date().toISOString(),
    user: { id: caller.id, email: caller.email ?? null },
    notebook_id: notebookId,
    profile: null,
    notebooks: [notebook],
    members: await byIds(
      db,
      'notebook_members',
      'notebook_id, user_id, role, created_at',
      'notebook_id',
      ids,
      'user_id',
    ),
    invitations: await byIds(
      db,
      'invitations',
      'id, notebook_id, email, role, created_at',
      'notebook_id',
      ids,
    ),
    memberships: [],
    other_notebooks: [],
    notes: await withMergedText(db, await byIds(db, 'notes', NOTE_COLUMNS, 'notebook_id', ids)),
    attachments: await byIds(db, 'attachments', ATTACHMENT_COLUMNS, 'notebook_id', ids),
  };
}

/** Notes as exported: the text of their document where notes.body could not hold it. */
async function withMergedText(db: SupabaseClient, notes: Row[]): Promise<Row[]> {
  await useMergedText(db, notes);
  return notes;
}

/** Everything the caller owns or wrote; with notebookId, that one notebook (null if unreadable). */
export async function collectExport(
  caller: Caller,
  notebookId?: string,
): Promise<ExportData | null> {
  if (notebookId) return collectNotebook(caller, notebookId);
  const db = caller.client;
  const { data: profile, error } = await db
    .from('profiles')
    .select('*')
    .eq('id', caller.id)
    .maybeSingle();
  if (error) throw new Error(`profiles: ${error.message}`);
  const notebooks = await all('notebooks', (from, to) =>
    db.from('notebooks').select('*').eq('owner_id', caller.id).order('id').range(from, to),
  );
  const owned = notebooks.map((n) => String(n.id));
  const members = await byIds(
    db,
    'notebook_members',
    'notebook_id, user_id, role, created_at',
    'notebook_id',
    owned,
    'user_id',
  );
  const invitations = await byIds(
    db,
    'invitations',
    'id, notebook_id, email, role, created_at',
    'notebook_id',
    owned,
  );
  const memberships = await all('notebook_members', (from, to) =>
    db
      .from('notebook_members')
      .select('notebook_id, role, created_at')
      .eq('user_id', caller.id)
      .neq('role', 'owner')
      .order('notebook_id')
      .range(from, to),
  );
  const notes = await withMergedText(
    db,
    mergeById(
      await byIds(db, 'notes', NOTE_COLUMNS, 'notebook_id', owned),
      await all('notes', (from, to) =>
        db
          .from('notes')
          .select(NOTE_COLUMNS)
          .eq('author_id', caller.id)
          .order('id')
          .range(from, to),
      ),
    ),
  );
  const attachments = mergeById(
    await byIds(db, 'attachments', ATTACHMENT_COLUMNS, 'notebook_id', owned),
    await all('attachments', (from, to) =>
      db
        .from('attachments')
        .select(ATTACHMENT_COLUMNS)
        .eq('created_by', caller.id)
        .order('id')
        .range(from, to),
    ),
  );
  const ownedSet = new Set(owned);
  const elsewhere = [
    ...new Set(notes.map((n) => String(n.notebook_id)).filter((id) => !ownedSet.has(id))),
  ];
  return {
    format: 'sheaf-export',
    version: 1,
    exported_at: new Date().toISOString(),
    user: { id: caller.id, email: caller.email ?? null },
    profile: profile ?? null,
    notebooks,
    members,
    invitations,
    memberships,
    other_notebooks: await byIds(db, 'notebooks', 'id, name', 'id', elsewhere),
    notes,
    attachments,
  };
}
