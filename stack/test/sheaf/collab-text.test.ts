// The text a collaborative note's document gives its row: notes.title and notes.body written
// from the merged document (set_note_text, append_note_update, compact_note_updates), forwards
// only, the title seeded from the row until the document has one, direct writes refused once
// the document owns the text, and a body over the size limit recorded as such — through
// supabase-js as the app calls the functions, on both drivers.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { buildWorld, type World, worldClients } from './support/world.ts';
import { startSheafStack } from './support/sheaf-stack.ts';
import { b64, type DocumentReply } from './support/collab.ts';

const TOO_LARGE = 'x'.repeat(1_048_577);

describe.each(DRIVERS)('a collaborative note’s title and body on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let owner: SupabaseClient;
  let editor: SupabaseClient;
  let viewer: SupabaseClient;

  async function newNote(title = 'Shared', body = ''): Promise<string> {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, $3, $4) returning id`,
      [world.notebookId, world.owner.id, title, body],
    );
    return rows[0]!.id;
  }

  async function append(client: SupabaseClient, note: string, extra: Record<string, unknown>) {
    return client.rpc('append_note_update', { note, doc_update: b64([1]), ...extra });
  }

  async function row(note: string) {
    const { data, error } = await viewer
      .from('notes')
      .select('title, body, title_seq, body_seq, body_too_large')
      .eq('id', note)
      .single();
    if (error) throw error;
    return data;
  }

  const documentOf = async (note: string) =>
    (await viewer.rpc('note_document', { note, after_seq: 0 })).data as DocumentReply;

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    ({ owner, editor, viewer } = await worldClients(stack, world));
  });
  afterAll(() => stack?.close());

  it('gives the row’s title as a seed until a title is written from the document', async () => {
    const note = await newNote('From the row');
    expect(await documentOf(note)).toMatchObject({ title_seq: 0, title_seed: 'From the row' });
    const { data } = await append(editor, note, { after_seq: 0, new_title: 'From the row' });
    expect(data).toMatchObject({ seq: 1, body_saved: true, text_error: null });
    expect(await documentOf(note)).toMatchObject({ title_seq: 1, title_seed: null });
  });

  it('writes the title and body of the merged document, forwards only', async () => {
    const note = await newNote();
    await append(editor, note, { after_seq: 0, new_title: 'One', new_body: 'first' });
    await append(editor, note, { after_seq: 1, new_title: 'Two' });
    await append(owner, note, {});
    expect(await row(note)).toMatchObject({
      title: 'Two',
      title_seq: 2,
      body: 'first',
      body_seq: 1,
    });
    // An older text never replaces a newer one; each part moves on its own.
    const stale = await editor.rpc('set_note_text', {
      note,
      through_seq: 1,
      new_title: 'Older',
      new_body: 'older',
    });
    expect(stale.data).toBe(false);
    const body = await owner.rpc('set_note_text', { note, through_seq: 3, new_body: 'third' });
    expect(body.data).toBe(true);
    expect(await row(note)).toMatchObject({
      title: 'Two',
      title_seq: 2,
      body: 'third',
      body_seq: 3,
    });
    const refused = await viewer.rpc('set_note_text', { note, through_seq: 3, new_title: 'Mine' });
    expect(refused.error?.code).toBe('42501');
    const beyond = await editor.rpc('set_note_text', { note, through_seq: 9, new_title: 'Later' });
    expect(beyond.error?.code).toBe('22023');
  });

  it('refuses a title written beside the document once the document owns it, but not before', async () => {
    const note = await newNote('Plain');
    await append(editor, note, { after_seq: 0, new_body: '' });
    const early = await editor.from('notes').update({ title: 'Renamed' }).eq('id', note);
    expect(early.error).toBeNull();
    await append(editor, note, { after_seq: 1, new_title: 'Renamed together' });
    const late = await editor.from('notes').update({ title: 'Overwritten' }).eq('id', note);
    expect(late.error?.code).toBe('55000');
    const forged = await editor
      .from('notes')
      .update({ title_seq: 0, body_too_large: true })
      .eq('id', note);
    expect(forged.error).toBeNull();
    const tagged = await editor
      .from('notes')
      .update({ tags: ['still', 'direct'] })
      .eq('id', note);
    expect(tagged.error).toBeNull();
    expect(await row(note)).toMatchObject({
      title: 'Renamed together',
      title_seq: 2,
      body_too_large: false,
    });
  });

  it('records that the merged body does not fit, and clears it when a body that fits is written', async () => {
    const note = await newNote('Growing', 'small');
    await append(editor, note, { after_seq: 0, new_body: 'small and growing' });
    const over = await append(editor, note, {
      after_seq: 1,
      too_large: true,
      new_title: 'Growing',
    });
    expect(over.data).toMatchObject({ seq: 2, body_saved: true });
    expect(await row(note)).toMatchObject({
      body: 'small and growing',
      body_seq: 2,
      body_too_large: true,
    });
    expect(await documentOf(note)).toMatchObject({ body_too_large: true });
    // Members see it where they list notes.
    const listed = await viewer.from('notes').select('body_too_large').eq('id', note).single();
    expect(listed.data).toEqual({ body_too_large: true });
    const fits = await editor.rpc('set_note_text', { note, through_seq: 2, new_body: 'shorter' });
    expect(fits.data).toBe(false); // already that far along: the body waits for the next row
    await append(editor, note, { after_seq: 2, new_body: 'shorter' });
    expect(await row(note)).toMatchObject({ body: 'shorter', body_seq: 3, body_too_large: false });
  });

  it('keeps the append when the text sent is over a limit, and writes none of it', async () => {
    const note = await newNote('Kept');
    const body = await append(editor, note, {
      after_seq: 0,
      new_body: TOO_LARGE,
      new_title: 'New',
    });
    expect(body.data).toMatchObject({ seq: 1, body_saved: false, text_error: 'too_large' });
    const title = await append(editor, note, { after_seq: 1, new_title: 't'.repeat(201) });
    expect(title.data).toMatchObject({ seq: 2, body_saved: false, text_error: 'too_large' });
    expect(await row(note)).toMatchObject({ title: 'Kept', title_seq: 0, body: '', body_seq: 0 });
  });

  it('writes the title and body of a compaction’s snapshot', async () => {
    const note = await newNote('Before');
    for (const after of [0, 1, 2]) await append(editor, note, { after_seq: after });
    const done = await editor.rpc('compact_note_updates', {
      note,
      through_seq: 3,
      snapshot: b64([1, 2, 3]),
      new_title: 'Compacted',
      new_body: 'merged',
    });
    expect(done.data).toBe(true);
    expect(await row(note)).toMatchObject({ title: 'Compacted', body: 'merged', title_seq: 3 });
  });
});
