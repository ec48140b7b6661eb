// Sheaf's Realtime authorisation, through supabase-js over a real socket as the app connects:
// who may join a note's, a notebook's and a user's private channel, who may send edits (socket
// and the broadcast API, JSON and binary), presence, the database's membership, move and pin
// broadcasts, and Postgres Changes on the published tables under RLS. "Receives nothing" is
// shown by order: a later message the same subscriber must get arrives first.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { Inbox, closeAll, joined, realtimeClient, subscribe, until } from '../realtime/support.ts';
import { buildWorld, type World } from './support/world.ts';
import {
  clientAs,
  startSheafStack,
  tokenFor,
  type Aal,
  type TestUser,
} from './support/sheaf-stack.ts';

type Broadcast = { event: string; payload: unknown };
type Who = 'owner' | 'editor' | 'viewer' | 'stranger' | 'anon';

describe.each(DRIVERS)('Sheaf realtime channels on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  const clients: SupabaseClient[] = [];

  async function client(who: Who): Promise<SupabaseClient> {
    const users: Record<Exclude<Who, 'anon'>, [TestUser, Aal]> = {
      owner: [world.owner, 'aal2'],
      editor: [world.editor, 'aal1'],
      viewer: [world.viewer, 'aal1'],
      stranger: [world.stranger, 'aal1'],
    };
    const token = who === 'anon' ? undefined : await tokenFor(stack, ...users[who]);
    const c = realtimeClient(stack, { token });
    clients.push(c);
    return c;
  }

  const channel = (c: SupabaseClient, topic: string, presence = false): RealtimeChannel =>
    c.channel(topic, {
      config: { private: true, presence: { enabled: presence, key: '' }, broadcast: { ack: true } },
    });

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
  });
  afterAll(async () => {
    await closeAll(...clients);
    await stack?.close();
  });

  it('admits the notebook’s members to a note’s channel and refuses a stranger and anon', async () => {
    const topic = `note:${world.noteId}`;
    for (const who of ['owner', 'editor', 'viewer'] as const)
      expect((await subscribe(channel(await client(who), topic))).status).toBe('SUBSCRIBED');
    for (const who of ['stranger', 'anon'] as const) {
      const outcome = await subscribe(channel(await client(who), topic));
      expect(outcome.status).toBe('CHANNEL_ERROR');
      expect(outcome.error?.message).toContain('Unauthorized');
    }
  });

  it('delivers an editor’s edits to a viewer and drops a viewer’s, binary and JSON alike', async () => {
    const topic = `note:${world.noteId}`;
    const got = new Inbox<Broadcast>();
    await joined(channel(await client('editor'), topic).on('broadcast', { event: '*' }, got.push));
    const viewer = await joined(channel(await client('viewer'), topic));
    const forged = new Uint8Array([9, 9, 9]).buffer;
    expect(
      await viewer.send({ type: 'broadcast', event: 'y', payload: forged }, { timeout: 1000 }),
    ).toBe('timed out');
    expect(
      await viewer.send(
        { type: 'broadcast', event: 'y', payload: { t: 'forged' } },
        { timeout: 1000 },
      ),
    ).toBe('timed out');
    const owner = await joined(channel(await client('owner'), topic));
    expect(
      await owner.send({ type: 'broadcast', event: 'y', payload: new Uint8Array([1, 2]).buffer }),
    ).toBe('ok');
    const first = await got.next();
    expect(first.event).toBe('y');
    expect([...new Uint8Array(first.payload as ArrayBuffer)]).toEqual([1, 2]);
    expect(got.items).toHaveLength(1);
  });

  it('refuses a viewer’s and a stranger’s edits sent through the broadcast API', async () => {
    const topic = `note:${world.noteId}`;
    const got = new Inbox<Broadcast>();
    await joined(channel(await client('viewer'), topic).on('broadcast', { event: '*' }, got.push));
    for (const who of ['viewer', 'stranger'] as const)
      await expect(
        channel(await client(who), topic).httpSend('y', { t: 'forged' }),
      ).rejects.toThrow('Unauthorized');
    expect(await channel(await client('editor'), topic).httpSend('y', { t: 'real' })).toEqual({
      success: true,
    });
    expect(await got.next()).toMatchObject({ event: 'y', payload: { t: 'real' } });
    expect(got.items).toHaveLength(1);
  });

  it('shares presence in a notebook with its members, viewers included, and not with strangers', async () => {
    const topic = `notebook:${world.notebookId}`;
    const viewer = await joined(channel(await client('viewer'), topic, true));
    const editor = await joined(channel(await client('editor'), topic, true));
    expect(await viewer.track({ name: 'Vera' })).toBe('ok');
    expect(await editor.track({ name: 'Eddie' })).toBe('ok');
    await until(() => Object.keys(editor.presenceState()).length === 2);
    expect((await subscribe(channel(await client('stranger'), topic, true))).status).toBe(
      'CHANNEL_ERROR',
    );
    // Nobody but the database sends on a notebook's channel.
    await expect(channel(await client('owner'), topic).httpSend('membership', {})).rejects.toThrow(
      'Unauthorized',
    );
  });

  it('keeps a user’s channel to that user', async () => {
    expect(
      (await subscribe(channel(await client('viewer'), `user:${world.viewer.id}`))).status,
    ).toBe('SUBSCRIBED');
    expect(
      (await subscribe(channel(await client('editor'), `user:${world.viewer.id}`))).status,
    ).toBe('CHANNEL_ERROR');
    await expect(
      channel(await client('owner'), `user:${world.viewer.id}`).httpSend('access', {}),
    ).rejects.toThrow('Unauthorized');
  });

  it('tells the notebook and the person when their role changes or they are removed', async () => {
    const member = world.outsider;
    await stack.db.query(
      `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'editor')`,
      [world.notebookId, member.id],
    );
    const mine = new Inbox<Broadcast>();
    const c = realtimeClient(stack, { token: await tokenFor(stack, member) });
    clients.push(c);
    // (The same topic also carries their notifications: a role change is one.)
    await joined(channel(c, `user:${member.id}`).on('broadcast', { event: 'access' }, mine.push));
    const theirs = new Inbox<Broadcast>();
    await joined(
      channel(await client('owner'), `notebook:${world.notebookId}`).on(
        'broadcast',
        { event: '*' },
        theirs.push,
      ),
    );
    const owner = await clientAs(stack, world.owner, 'aal2');
    const lowered = await owner
      .from('notebook_members')
      .update({ role: 'viewer' })
      .match({ notebook_id: world.notebookId, user_id: member.id });
    expect(lowered.error).toBeNull();
    const removed = await owner
      .from('notebook_members')
      .delete()
      .match({ notebook_id: world.notebookId, user_id: member.id });
    expect(removed.error).toBeNull();
    const expected = [
      { role: 'viewer', previous_role: 'editor', reason: null },
      { role: null, previous_role: 'viewer', reason: 'removed' },
    ].map((change) => ({
      notebook_id: world.notebookId,
      user_id: member.id,
      ...change,
    }));
    expect((await mine.take(2)).map((b) => [b.event, b.payload])).toEqual(
      expected.map((p) => ['access', expect.objectContaining(p)]),
    );
    expect((await theirs.take(2)).map((b) => [b.event, b.payload])).toEqual(
      expected.map((p) => ['membership', expect.objectContaining(p)]),
    );
  });

  it('tells a person of their own pins, made elsewhere, and nobody else', async () => {
    const inboxOf = async (who: 'viewer' | 'editor', user: TestUser) => {
      const got = new Inbox<Broadcast>();
      await joined(
        channel(await client(who), `user:${user.id}`).on('broadcast', { event: 'pins' }, got.push),
      );
      return got;
    };
    const viewerHears = await inboxOf('viewer', world.viewer);
    const editorHears = await inboxOf('editor', world.editor);
    const viewer = await clientAs(stack, world.viewer, 'aal1');
    const pin = { note_id: world.noteId, notebook_id: world.notebookId };
    expect((await viewer.from('note_pins').insert(pin)).error).toBeNull();
    expect((await viewer.from('note_pins').delete().match(pin)).error).toBeNull();
    const editor = await clientAs(stack, world.editor, 'aal1');
    expect((await editor.from('note_pins').insert(pin)).error).toBeNull();
    expect((await viewerHears.take(2)).map((b) => b.payload)).toEqual([
      expect.objectContaining({ ...pin, pinned: true }),
      expect.objectContaining({ ...pin, pinned: false }),
    ]);
    // The editor's first message is their own pin: the viewer's never reached them.
    expect((await editorHears.next()).payload).toMatchObject({ ...pin, pinned: true });
    expect((await editor.from('note_pins').delete().match(pin)).error).toBeNull();
  });

  it('shows notes, notebooks and attachments live to members only, under RLS', async () => {
    type Change = { table: string; eventType: string; new: Record<string, unknown> };
    const subscribeChanges = async (who: Who, got: Inbox<Change>) => {
      const c = await client(who);
      await joined(
        c
          .channel(`lists-${who}-${Math.random()}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'notes' }, (p) =>
            got.push(p as unknown as Change),
          )
          .on('postgres_changes', { event: '*', schema: 'public', table: 'attachments' }, (p) =>
            got.push(p as unknown as Change),
          ),
      );
    };
    const viewerSees = new Inbox<Change>();
    const strangerSees = new Inbox<Change>();
    await subscribeChanges('viewer', viewerSees);
    await subscribeChanges('stranger', strangerSees);
    await stack.db.query(
      `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'Live')`,
      [world.notebookId, world.owner.id],
    );
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ('Stranger''s', $1) returning id`,
      [world.stranger.id],
    );
    await stack.db.query(
      `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'Private')`,
      [rows[0]!.id, world.stranger.id],
    );
    expect((await viewerSees.next()).new).toMatchObject({ title: 'Live' });
    expect((await strangerSees.next()).new).toMatchObject({ title: 'Private' });
    expect(viewerSees.items).toHaveLength(1);
    expect(strangerSees.items).toHaveLength(1);
  });

  it('tells a notebook that a note moved out of it', async () => {
    const got = new Inbox<Broadcast>();
    await joined(
      channel(await client('viewer'), `notebook:${world.notebookId}`).on(
        'broadcast',
        { event: 'note_moved_out' },
        got.push,
      ),
    );
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ('Archive', $1) returning id`,
      [world.owner.id],
    );
    const note = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title) values ($1, $2, 'Moving') returning id`,
      [world.notebookId, world.owner.id],
    );
    await stack.db.query('update public.notes set notebook_id = $1 where id = $2', [
      rows[0]!.id,
      note.rows[0]!.id,
    ]);
    expect((await got.next()).payload).toMatchObject({
      note_id: note.rows[0]!.id,
      notebook_id: world.notebookId,
    });
  });
});
