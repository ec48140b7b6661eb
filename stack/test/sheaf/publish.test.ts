// Published notes: owners and editors publish a note at an unguessable link; anyone holding it
// reads exactly that one note (and its own files, through short-lived signed URLs from the
// published-note function) and nothing else of the notebook; unpublishing or trashing the note
// ends it at once. On both drivers, through the SQL policies, the REST API and the function.
import type { SupabaseClient } from '@supabase/supabase-js';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { b64 } from './support/collab.ts';
import { callFunction } from './support/functions.ts';
import { attempt, clientAs, plainClient, startSheafStack } from './support/sheaf-stack.ts';
import { ACTORS, actorCaller, buildWorld, worldClients, type World } from './support/world.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const WRITERS = ['editor', 'owner'];

interface Published {
  note: { title: string; body: string; updated_at: string; text_is_earlier: boolean };
  files: Record<string, string>;
  expires_in: number;
}

describe.each(DRIVERS)('published notes on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let people: Awaited<ReturnType<typeof worldClients>>;
  let anon: SupabaseClient;
  let otherNoteId: string;
  let otherFile: string;
  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    people = await worldClients(stack, world);
    anon = await clientAs(stack, null);
    const other = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title, body)
       values ($1, $2, 'Private plans', 'Not for the web') returning id`,
      [world.notebookId, world.owner.id],
    );
    otherNoteId = other.rows[0]!.id;
    otherFile = `${world.notebookId}/${otherNoteId}/secret.png`;
    await stack.db.query(
      `insert into public.attachments (note_id, notebook_id, path, file_name, size_bytes, mime_type, created_by)
       values ($1, $2, $3, 'secret.png', 4, 'image/png', $4)`,
      [otherNoteId, world.notebookId, otherFile, world.owner.id],
    );
    const service = plainClient(stack, stack.keys.serviceRoleKey);
    for (const [path, text] of [
      [world.attachmentPath, '%PDF-1.4 sheaf'],
      [otherFile, 'secret'],
    ] as const)
      expect(
        (await service.storage.from('attachments').upload(path, new Blob([text]))).error,
      ).toBeNull();
  });
  afterAll(() => stack?.close());

  async function publishAs(client: SupabaseClient, noteId = world.noteId) {
    return client.rpc('publish_note', { note: noteId });
  }
  async function open(token: string): Promise<Response> {
    return callFunction(stack, 'published-note', null, { body: { token } });
  }
  async function unpublish(noteId = world.noteId) {
    await stack.db.query('delete from public.published_notes where note_id = $1', [noteId]);
  }

  it('lets only editors and the owner (at aal2) publish, and keeps one link per note', async () => {
    for (const actor of ACTORS) {
      const outcome = await attempt(
        stack.db,
        actorCaller(world, actor),
        'select public.publish_note($1)',
        [world.noteId],
      );
      expect([actor, outcome]).toEqual([actor, WRITERS.includes(actor) ? 'allowed' : 'refused']);
    }
    const first = await publishAs(people.editor);
    expect(first.error).toBeNull();
    expect(first.data).toMatch(TOKEN);
    const again = await publishAs(people.owner);
    expect(again.data).toBe(first.data);
    for (const refused of [people.viewer, people.stranger, anon]) {
      const { data, error } = await publishAs(refused);
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
    await unpublish();
  });

  it('shows members that a note is published, the link only to its editors, and nothing to others', async () => {
    const { data: token } = await publishAs(people.owner);
    for (const [name, client] of Object.entries(people)) {
      const { data, error } = await client
        .from('published_notes')
        .select('note_id, notebook_id, published_by, published_at');
      expect(error).toBeNull();
      expect([name, data?.map((r) => r.note_id)]).toEqual([
        name,
        name === 'stranger' ? [] : [world.noteId],
      ]);
      const link = await client.rpc('published_note_token', { note: world.noteId });
      expect([name, link.data]).toEqual([name, WRITERS.includes(name) ? token : null]);
      // The token column is not readable through REST, by anyone.
      const direct = await client.from('published_notes').select('token');
      expect(direct.error?.code).toBe('42501');
    }
    const anonRead = await anon.from('published_notes').select('note_id');
    expect(anonRead.error?.code).toBe('42501');
    const noLink = await anon.rpc('published_note_token', { note: world.noteId });
    expect(noLink.error?.code).toBe('42501');
    // The file list is the function's (service role) alone.
    for (const client of [anon, people.owner, people.editor]) {
      const files = await client.rpc('published_note_files', { token });
      expect([files.data, files.error?.code]).toEqual([null, '42501']);
    }
    // Seeing that a note is published takes membership, and aal2 for a verified factor.
    for (const actor of ACTORS) {
      const outcome = await attempt(
        stack.db,
        actorCaller(world, actor),
        'select 1 from public.published_notes where note_id = $1',
        [world.noteId],
      );
      const members = ['viewer', 'commenter', 'editor', 'owner'];
      expect([actor, outcome]).toEqual([actor, members.includes(actor) ? 'allowed' : 'refused']);
    }
    await unpublish();
  });

  it('refuses direct inserts of a chosen token and lets only editors and the owner unpublish', async () => {
    const insert =
      'insert into public.published_notes (note_id, notebook_id, token) values ($1, $2, $3)';
    for (const actor of ACTORS) {
      const outcome = await attempt(stack.db, actorCaller(world, actor), insert, [
        world.noteId,
        world.notebookId,
        'a'.repeat(43),
      ]);
      expect([actor, outcome]).toEqual([actor, 'refused']);
    }
    await publishAs(people.owner);
    for (const actor of ACTORS) {
      const outcome = await attempt(
        stack.db,
        actorCaller(world, actor),
        'delete from public.published_notes where note_id = $1',
        [world.noteId],
      );
      expect([actor, outcome]).toEqual([actor, WRITERS.includes(actor) ? 'allowed' : 'refused']);
    }
    await unpublish();
  });

  it('a published link exposes exactly one note: its text and its own files, nothing else', async () => {
    const { data: token } = await publishAs(people.owner);
    // Through the SQL function, anonymously: the title, body and last change of that note only.
    const rpc = await anon.rpc('published_note', { token });
    expect(rpc.error).toBeNull();
    expect(rpc.data).toEqual([
      {
        title: 'First note',
        body: 'Hello **world**',
        updated_at: expect.any(String),
        body_too_large: false,
      },
    ]);
    // Through the function: the same, and a signed URL for this note's file only.
    const res = await open(token as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const published = (await res.json()) as Published;
    expect(published.note.title).toBe('First note');
    expect(Object.keys(published.files)).toEqual([world.attachmentPath]);
    expect(published.expires_in).toBe(600);
    const file = await fetch(published.files[world.attachmentPath]!);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('%PDF-1.4 sheaf');
    // Holding the link opens nothing else: not the notes, notebooks, members, files or links.
    for (const table of ['notes', 'notebooks', 'notebook_members', 'attachments', 'profiles']) {
      const { data, error } = await anon.from(table).select('*');
      expect([table, data ?? [], error?.code]).toEqual([table, [], '42501']);
    }
    for (const path of [world.attachmentPath, otherFile]) {
      const download = await anon.storage.from('attachments').download(path);
      expect(download.data).toBeNull();
      const sign = await anon.storage.from('attachments').createSignedUrl(path, 60);
      expect(sign.data).toBeNull();
    }
    const listed = await anon.storage.from('attachments').list(world.notebookId);
    expect(listed.data ?? []).toEqual([]);
    await unpublish();
  });

  it('answers the same 404 for unknown, malformed, unpublished and trashed links', async () => {
    const { data: token } = await publishAs(people.editor);
    const unknown = 'b'.repeat(43);
    const answers: unknown[] = [];
    for (const body of [{ token: unknown }, { token: 'short' }, { token: 42 }, {}]) {
      const res = await callFunction(stack, 'published-note', null, { body });
      answers.push([res.status, await res.json()]);
    }
    expect(answers).toEqual(
      Array(4).fill([404, { error: { code: 'not_published', message: expect.any(String) } }]),
    );
    expect((await anon.rpc('published_note', { token: unknown })).data).toEqual([]);

    // Trashed: gone while in the trash; restored, the same link works again.
    await stack.db.query('update public.notes set deleted_at = now() where id = $1', [
      world.noteId,
    ]);
    expect((await open(token as string)).status).toBe(404);
    expect((await anon.rpc('published_note', { token })).data).toEqual([]);
    expect((await publishAs(people.owner)).error?.code).toBe('42501');
    await stack.db.query('update public.notes set deleted_at = null where id = $1', [world.noteId]);
    expect((await open(token as string)).status).toBe(200);
    // Its notebook moved to the trash by the owner (as the app does): gone; restored, back.
    const trashNotebook = (deletedAt: string | null) =>
      people.owner.from('notebooks').update({ deleted_at: deletedAt }).eq('id', world.notebookId);
    expect((await trashNotebook(new Date().toISOString())).error).toBeNull();
    expect((await open(token as string)).status).toBe(404);
    expect((await anon.rpc('published_note', { token })).data).toEqual([]);
    expect((await trashNotebook(null)).error).toBeNull();
    expect((await open(token as string)).status).toBe(200);
    // A viewer's unpublish removes nothing.
    expect((await people.viewer.rpc('unpublish_note', { note: world.noteId })).data).toBe(false);
    expect((await open(token as string)).status).toBe(200);

    // Unpublished (by the editor, through REST): gone at once; publishing again is a new link.
    const removed = await people.editor.rpc('unpublish_note', { note: world.noteId });
    expect(removed).toMatchObject({ data: true, error: null });
    expect((await people.editor.rpc('unpublish_note', { note: world.noteId })).data).toBe(false);
    const gone = await open(token as string);
    expect([gone.status, await gone.json()]).toEqual(answers[0]);
    expect((await anon.rpc('published_note', { token })).data).toEqual([]);
    const next = await publishAs(people.owner);
    expect(next.data).toMatch(TOKEN);
    expect(next.data).not.toBe(token);
    expect((await open(token as string)).status).toBe(404);
    await unpublish();
  });

  it('follows the note: the link shows its latest text', async () => {
    const { data: token } = await publishAs(people.owner);
    const before = (await (await open(token as string)).json()) as Published;
    const edit = await people.editor
      .from('notes')
      .update({ body: 'Hello **web**' })
      .eq('id', world.noteId);
    expect(edit.error).toBeNull();
    const after = (await (await open(token as string)).json()) as Published;
    expect(after.note.body).toBe('Hello **web**');
    expect(after.note.updated_at > before.note.updated_at).toBe(true);
    await unpublish();
  });

  it("signs only the published note's files, and stops when the note is unpublished", async () => {
    const { data: token } = await publishAs(people.owner, otherNoteId);
    const published = (await (await open(token as string)).json()) as Published;
    expect(published.note.title).toBe('Private plans');
    expect(Object.keys(published.files)).toEqual([otherFile]);
    const service = plainClient(stack, stack.keys.serviceRoleKey);
    await unpublish(otherNoteId);
    const after = await open(token as string);
    expect(after.status).toBe(404);
    // Files listed by the database stay private, and the service role still sees them.
    expect((await service.storage.from('attachments').download(otherFile)).error).toBeNull();
  });

  it('shows a note over the size limit with its whole merged text', async () => {
    const note = await people.owner
      .from('notes')
      .insert({ notebook_id: world.notebookId, title: 'Draft', body: 'an earlier text' })
      .select('id')
      .single();
    const doc = new Y.Doc();
    const body = `${'The whole text. '.repeat(70_000)}The end.`; // 1.1 MB
    doc.getText('title').insert(0, 'Book');
    doc.getText('body').insert(0, body);
    const stored = await people.owner.rpc('append_note_update', {
      note: note.data!.id,
      doc_update: b64(Y.encodeStateAsUpdate(doc)),
      after_seq: 0,
      new_title: 'Book',
      too_large: true,
    });
    expect(stored.data).toMatchObject({ body_saved: true });
    const { data: token } = await publishAs(people.owner, note.data!.id);
    const rpc = await anon.rpc('published_note', { token });
    expect(rpc.data).toEqual([
      expect.objectContaining({ body: 'an earlier text', body_too_large: true }),
    ]);
    const published = (await (await open(token as string)).json()) as Published;
    expect(published.note).toMatchObject({ title: 'Book', text_is_earlier: false });
    expect(published.note.body).toBe(body);
    // The document is the function's (service role) alone.
    expect((await anon.rpc('published_note_document', { token })).error?.code).toBe('42501');
    await unpublish(note.data!.id);
  });
});
