// Note history by editing session, through supabase-js as the app reads and writes it: people
// taking turns for a few minutes make one version naming them all, a pause or an hour-long
// sitting starts another, the people come from the document's log (who typed, not whose client
// stored the body), and the log keeps one row per session. Time is moved by shifting the
// sessions' stored times back (as a clock would), never by waiting.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { b64 } from './support/collab.ts';
import { clientAs, startSheafStack } from './support/sheaf-stack.ts';
import { buildWorld, type World, worldClients } from './support/world.ts';

interface Version {
  id: number;
  title: string;
  body: string;
  tags: string[];
  closed: boolean;
  restored_from: number | null;
  people: { user_id: string; profile: { display_name: string | null } | null }[];
}

describe.each(DRIVERS)('note versions by editing session on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let owner: SupabaseClient;
  let editor: SupabaseClient;
  let viewer: SupabaseClient;
  let stranger: SupabaseClient;

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    ({ owner, editor, viewer, stranger } = await worldClients(stack, world));
  });
  afterAll(() => stack?.close());

  /** A note made through REST by `client` (its first session starts with it, if it has text). */
  async function newNote(client: SupabaseClient, title: string, body = ''): Promise<string> {
    const { data, error } = await client
      .from('notes')
      .insert({ notebook_id: world.notebookId, title, body })
      .select('id')
      .single();
    expect(error).toBeNull();
    return data!.id;
  }

  /** The note's versions as a member reads them, oldest first, with their people's names. */
  async function versions(note: string, client = viewer): Promise<Version[]> {
    const { data, error } = await client
      .from('note_versions')
      .select(
        'id, title, body, tags, closed, restored_from, people:note_version_people(user_id, profile:profiles(display_name))',
      )
      .eq('note_id', note)
      .order('id');
    expect(error).toBeNull();
    return data as unknown as Version[];
  }

  const peopleOf = (v: Version) => v.people.map((p) => p.user_id).sort();

  /** Moves the note's sessions back in time, as if `minutes` had passed since. */
  async function later(note: string, minutes: number) {
    await stack.db.query(
      `update public.note_versions
       set started_at = started_at - make_interval(mins => $2),
           edited_at = edited_at - make_interval(mins => $2)
       where note_id = $1`,
      [note, minutes],
    );
  }

  /** One person's turn in a shared note: a document update and the merged text it leads to. */
  const cursors = new Map<string, number>();
  async function type(client: SupabaseClient, note: string, body: string, withBody = true) {
    const after = cursors.get(note) ?? 0;
    const { data, error } = await client.rpc('append_note_update', {
      note,
      doc_update: b64([after + 1]),
      after_seq: after,
      ...(withBody ? { new_body: body } : {}),
    });
    expect(error).toBeNull();
    cursors.set(note, (data as { seq: number }).seq);
    return data as { seq: number; body_saved: boolean };
  }

  it('makes one version naming both when two editors take turns for a few minutes', async () => {
    const note = await newNote(editor, 'Turns');
    let text = '';
    for (const [i, client] of [editor, owner, editor, owner, editor, owner].entries()) {
      text += ` turn ${i + 1}`;
      const { body_saved } = await type(client, note, text);
      expect(body_saved).toBe(true);
      await later(note, 3);
    }
    const rows = await versions(note);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Turns', body: text, closed: false });
    expect(peopleOf(rows[0]!)).toEqual([world.editor.id, world.owner.id].sort());
    expect(rows[0]!.people.map((p) => p.profile?.display_name)).toContain('Olivia Owner');
    const { rows: times } = await stack.db.query<{ minutes: number }>(
      `select round(extract(epoch from (edited_at - started_at)) / 60)::int as minutes
       from public.note_versions where note_id = $1`,
      [note],
    );
    expect(times).toEqual([{ minutes: 15 }]);
  });

  it('starts a new version after a pause of more than ten minutes, keeping the last one whole', async () => {
    const note = await newNote(editor, 'Pause', 'before');
    await editor.from('notes').update({ body: 'before, more' }).eq('id', note);
    await later(note, 11);
    await owner.from('notes').update({ body: 'after the pause' }).eq('id', note);
    await owner.from('notes').update({ body: 'after the pause, more' }).eq('id', note);
    const rows = await versions(note);
    expect(rows.map((r) => [r.body, r.closed])).toEqual([
      ['before, more', true],
      ['after the pause, more', false],
    ]);
    expect(peopleOf(rows[0]!)).toEqual([world.editor.id]);
    expect(peopleOf(rows[1]!)).toEqual([world.owner.id]);
  });

  it('splits a sitting longer than an hour even without a pause', async () => {
    const note = await newNote(editor, 'Long sitting', 'start');
    // Changes every 9 minutes: never a pause, but the seventh comes 63 minutes after the start
    // and begins a second session (which the eighth continues).
    for (let i = 1; i <= 8; i++) {
      await later(note, 9);
      await editor
        .from('notes')
        .update({ body: `start ${i}` })
        .eq('id', note);
    }
    const rows = await versions(note);
    expect(rows.map((r) => r.body)).toEqual(['start 6', 'start 8']);
  });

  it('names the people who typed, not the editor whose client stored the body', async () => {
    const note = await newNote(owner, '');
    await type(editor, note, 'typed by the editor', false);
    const stored = await owner.rpc('set_note_body', {
      note,
      new_body: 'typed by the editor',
      through_seq: cursors.get(note),
    });
    expect(stored.data).toBe(true);
    const rows = await versions(note);
    expect(rows).toHaveLength(1);
    expect(peopleOf(rows[0]!)).toEqual([world.editor.id]);
  });

  it('keeps the current text as a version of its own when restoring, and loses nothing restoring back', async () => {
    const note = await newNote(editor, 'Plan', 'first draft');
    await later(note, 30);
    await owner
      .from('notes')
      .update({ title: 'Plan B', body: 'second draft, by the owner' })
      .eq('id', note);
    const [oldest, newest] = await versions(note);

    // Restoring the oldest while the owner's session is still open: that session is kept.
    const restored = await editor.rpc('restore_note_version', { version_id: oldest!.id }).single();
    expect(restored.error).toBeNull();
    expect(restored.data).toMatchObject({ title: 'Plan', body: 'first draft' });
    let rows = await versions(note);
    expect(rows.map((r) => [r.body, r.closed, r.restored_from])).toEqual([
      ['first draft', true, null],
      ['second draft, by the owner', true, null],
      ['first draft', false, oldest!.id],
    ]);

    // Then the newest earlier version: the text is back character for character.
    const back = await editor.rpc('restore_note_version', { version_id: newest!.id }).single();
    expect(back.data).toMatchObject({ title: 'Plan B', body: 'second draft, by the owner' });
    rows = await versions(note);
    expect(rows.map((r) => r.body)).toEqual([
      'first draft',
      'second draft, by the owner',
      'first draft',
      'second draft, by the owner',
    ]);
    expect(rows[3]!.restored_from).toBe(newest!.id);
    const { data: now } = await viewer.from('notes').select('title, body').eq('id', note).single();
    expect(now).toEqual({ title: 'Plan B', body: 'second draft, by the owner' });
  });

  it('restores a shared note through its document in steps: close, write, mark', async () => {
    const note = await newNote(editor, 'Shared');
    await type(editor, note, 'one');
    await later(note, 20);
    await type(owner, note, 'one two');
    const [first] = await versions(note);

    // A note with a document is not restored by writing its body directly.
    const direct = await editor.rpc('restore_note_version', { version_id: first!.id });
    expect(direct.error?.code).toBe('55000');

    const kept = await editor.rpc('close_note_session', { note });
    expect(kept.error).toBeNull();
    await type(editor, note, 'one');
    const marked = await editor
      .rpc('mark_note_restored', { version_id: first!.id, kept: kept.data })
      .single();
    expect(marked.error).toBeNull();
    expect(marked.data).toMatchObject({ body: 'one' });
    const rows = await versions(note);
    expect(rows.map((r) => [r.body, r.restored_from])).toEqual([
      ['one', null],
      ['one two', null],
      ['one', first!.id],
    ]);
    expect(rows[1]!.id).toBe(kept.data);
    expect(peopleOf(rows[2]!)).toEqual([world.editor.id]);
  });

  it('keeps the state a note had before sessions existed when it is next edited', async () => {
    const note = await newNote(editor, 'Older', 'from before');
    await stack.db.query('delete from public.note_versions where note_id = $1', [note]);
    await owner.from('notes').update({ body: 'edited now' }).eq('id', note);
    const rows = await versions(note);
    expect(rows.map((r) => [r.body, r.closed])).toEqual([
      ['from before', true],
      ['edited now', false],
    ]);
    expect(peopleOf(rows[0]!)).toEqual([world.editor.id]);
  });

  it('keeps one row per session however many saves, and the newest 100 sessions', async () => {
    const note = await newNote(editor, 'Busy', 'save 0');
    for (let i = 1; i <= 40; i++)
      await editor
        .from('notes')
        .update({ body: `save ${i}` })
        .eq('id', note);
    expect(await versions(note)).toHaveLength(1);
    await stack.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: world.editor.id, role: 'authenticated' }),
      ]);
      for (let i = 1; i <= 105; i++) {
        await tx.query(
          `update public.note_versions set started_at = started_at - interval '1 day',
             edited_at = edited_at - interval '1 day' where note_id = $1`,
          [note],
        );
        await tx.query(`update public.notes set body = $2 where id = $1`, [note, `session ${i}`]);
      }
    });
    const rows = await versions(note);
    expect(rows).toHaveLength(100);
    expect(rows.at(-1)!.body).toBe('session 105');
    expect(rows[0]!.body).toBe('session 6');
  });

  describe('who may', () => {
    let note: string;
    let version: number;
    beforeAll(async () => {
      note = await newNote(editor, 'Access', 'first');
      await later(note, 15);
      await editor.from('notes').update({ body: 'second' }).eq('id', note);
      version = (await versions(note))[0]!.id;
    });

    it('lets members read versions and their people, and nobody else', async () => {
      for (const client of [viewer, editor, owner])
        expect(await versions(note, client)).toHaveLength(2);
      const ownerAal1 = await clientAs(stack, world.owner, 'aal1');
      for (const client of [stranger, ownerAal1]) {
        const seen = await client.from('note_versions').select('id').eq('note_id', note);
        expect(seen.data).toEqual([]);
        const people = await client
          .from('note_version_people')
          .select('user_id')
          .eq('version_id', version);
        expect(people.data).toEqual([]);
      }
      const anon = await clientAs(stack, null);
      const denied = await anon.from('note_versions').select('id').eq('note_id', note);
      expect(denied.error?.code).toBe('42501');
    });

    it('lets nobody write versions or their people directly', async () => {
      const insert = await owner.from('note_versions').insert({
        note_id: note,
        notebook_id: world.notebookId,
        title: 'x',
        body: 'forged',
        edited_at: new Date().toISOString(),
      });
      expect(insert.error?.code).toBe('42501');
      const person = await owner
        .from('note_version_people')
        .insert({ version_id: version, user_id: world.stranger.id });
      expect(person.error?.code).toBe('42501');
      const update = await owner
        .from('note_versions')
        .update({ body: 'forged' })
        .eq('note_id', note);
      expect(update.error?.code).toBe('42501');
      const remove = await owner.from('note_version_people').delete().eq('version_id', version);
      expect(remove.error?.code).toBe('42501');
      expect((await versions(note)).map((r) => r.body)).toEqual(['first', 'second']);
    });

    it('lets only editors restore: viewers are refused, strangers told it does not exist', async () => {
      for (const [client, code] of [
        [viewer, '42501'],
        [stranger, 'P0002'],
      ] as const) {
        const restore = await client.rpc('restore_note_version', { version_id: version });
        expect(restore.error?.code).toBe(code);
        const close = await client.rpc('close_note_session', { note });
        expect(close.error?.code).toBe(code);
        const mark = await client.rpc('mark_note_restored', { version_id: version, kept: 0 });
        expect(mark.error?.code).toBe(code);
      }
      const rows = await versions(note);
      expect(rows.map((r) => [r.body, r.closed])).toEqual([
        ['first', true],
        ['second', false],
      ]);
    });

    it('restores nothing into a note in the trash', async () => {
      const trashed = await newNote(editor, 'Trashed', 'text');
      await later(trashed, 15);
      await editor.from('notes').update({ body: 'more text' }).eq('id', trashed);
      const [first] = await versions(trashed);
      await editor.from('notes').update({ deleted_at: new Date().toISOString() }).eq('id', trashed);
      expect((await editor.rpc('close_note_session', { note: trashed })).error?.code).toBe('55000');
      const restore = await editor.rpc('restore_note_version', { version_id: first!.id });
      expect(restore.error?.code).toBe('55000');
    });
  });
});
