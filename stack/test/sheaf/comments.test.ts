// Comments and the commenter role, enforced by Postgres and by Realtime's policies, not by the
// app: the policy matrix of comment_threads and comments for every actor (SQL, as the REST API
// runs it), what the server stamps, who edits, deletes, resolves and reopens, comments following
// their note into the trash, a commenter's document edits refused (the log and the note's
// channel), and comments live to the note's members under RLS — never to a stranger.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, clientFor, type TestStack } from '../support/stack.ts';
import { Inbox, closeAll, joined, realtimeClient, subscribe } from '../realtime/support.ts';
import { attempt, startSheafStack, tokenFor, type Outcome } from './support/sheaf-stack.ts';
import {
  ACTORS,
  actorCaller,
  buildWorld,
  type ActorName,
  type World,
  worldClients,
} from './support/world.ts';
import { b64 } from './support/collab.ts';

const READERS: ActorName[] = ['viewer', 'commenter', 'editor', 'owner'];
const COMMENTERS: ActorName[] = ['commenter', 'editor', 'owner'];

interface Seeded {
  noteId: string;
  threadId: string;
  /** The commenter's comment opening the thread. */
  commentId: string;
}

describe.each(DRIVERS)('Sheaf comments on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let people: Awaited<ReturnType<typeof worldClients>>;
  const sockets: SupabaseClient[] = [];

  async function newNote(body = 'The quick brown fox'): Promise<string> {
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, 'Discussed', $3) returning id`,
      [world.notebookId, world.owner.id, body],
    );
    return rows[0]!.id;
  }

  /** A note with one thread opened by the commenter, written directly. */
  async function seed(): Promise<Seeded> {
    const noteId = await newNote();
    const t = await stack.db.query<{ id: string }>(
      `insert into public.comment_threads (note_id, notebook_id, author_id, anchor_start, anchor_end, quote)
       values ($1, $2, $3, 'AAA=', 'AAE=', 'quick') returning id`,
      [noteId, world.notebookId, world.commenter.id],
    );
    const threadId = t.rows[0]!.id;
    const c = await stack.db.query<{ id: string }>(
      `insert into public.comments (thread_id, note_id, notebook_id, author_id, body)
       values ($1, $2, $3, $4, 'Is it quick?') returning id`,
      [threadId, noteId, world.notebookId, world.commenter.id],
    );
    return { noteId, threadId, commentId: c.rows[0]!.id };
  }

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    people = await worldClients(stack, world);
  });
  afterAll(async () => {
    await closeAll(...sockets);
    await stack?.close();
  });

  describe('policies', () => {
    let s: Seeded;
    beforeAll(async () => {
      s = await seed();
    });
    const cases: {
      op: string;
      sql: string;
      params: (s: Seeded, w: World) => unknown[];
      allowed: ActorName[];
    }[] = [
      {
        op: 'read a thread',
        sql: 'select 1 from public.comment_threads where id = $1',
        params: (s) => [s.threadId],
        allowed: READERS,
      },
      {
        op: 'read a comment',
        sql: 'select 1 from public.comments where id = $1',
        params: (s) => [s.commentId],
        allowed: READERS,
      },
      {
        op: 'open a thread',
        sql: `insert into public.comment_threads (note_id, notebook_id, anchor_start, anchor_end, quote)
              values ($1, $2, 'AAA=', 'AAE=', 'fox')`,
        params: (s, w) => [s.noteId, w.notebookId],
        allowed: COMMENTERS,
      },
      {
        op: 'open a thread through open_comment_thread',
        sql: `select public.open_comment_thread($1, 'AAA=', 'AAE=', 'fox', 'A fox?')`,
        params: (s) => [s.noteId],
        allowed: COMMENTERS,
      },
      {
        op: 'reply',
        sql: `insert into public.comments (thread_id, note_id, notebook_id, body) values ($1, $2, $3, 'Yes')`,
        params: (s, w) => [s.threadId, s.noteId, w.notebookId],
        allowed: COMMENTERS,
      },
      {
        op: 'resolve a thread',
        sql: `update public.comment_threads set resolved_at = now() where id = $1`,
        params: (s) => [s.threadId],
        allowed: COMMENTERS,
      },
      {
        op: "edit the commenter's comment",
        sql: `update public.comments set body = 'Changed' where id = $1`,
        params: (s) => [s.commentId],
        allowed: ['commenter'],
      },
      {
        op: "delete the commenter's comment",
        sql: 'delete from public.comments where id = $1',
        params: (s) => [s.commentId],
        allowed: ['commenter'],
      },
      {
        op: "delete the commenter's thread",
        sql: 'delete from public.comment_threads where id = $1',
        params: (s) => [s.threadId],
        allowed: ['commenter', 'editor', 'owner'],
      },
    ];
    it.each(cases.flatMap((c) => ACTORS.map((actor) => ({ ...c, actor }))))(
      '$actor may $op: $allowed',
      async ({ actor, sql, params, allowed }) => {
        const outcome: Outcome = await attempt(
          stack.db,
          actorCaller(world, actor),
          sql,
          params(s, world),
        );
        expect(outcome).toBe(allowed.includes(actor) ? 'allowed' : 'refused');
      },
    );
  });

  it('never shows a stranger or anon a comment, through REST either', async () => {
    const s = await seed();
    for (const client of [people.stranger, people.viewer]) {
      const threads = await client.from('comment_threads').select('id').eq('note_id', s.noteId);
      const comments = await client.from('comments').select('id, body').eq('note_id', s.noteId);
      expect(threads.error).toBeNull();
      expect(comments.error).toBeNull();
      const expected = client === people.viewer ? 1 : 0;
      expect(threads.data).toHaveLength(expected);
      expect(comments.data).toHaveLength(expected);
    }
    const anon = await clientFor(stack.url, stack.keys.anonKey)
      .from('comments')
      .select('id')
      .eq('note_id', s.noteId);
    expect(anon.data ?? []).toHaveLength(0);
  });

  it('opens a thread with its first comment in one call, stamped by the server', async () => {
    const note = await newNote();
    const { data: id, error } = await people.commenter.rpc('open_comment_thread', {
      note,
      anchor_start: 'AQI=',
      anchor_end: 'AwQ=',
      quote: 'brown',
      body: 'Which brown?',
    });
    expect(error).toBeNull();
    const { data: thread } = await people.viewer
      .from('comment_threads')
      .select('author_id, quote, anchor_start, resolved_at, comments(body, author_id)')
      .eq('id', id as string)
      .single();
    expect(thread).toMatchObject({
      author_id: world.commenter.id,
      quote: 'brown',
      anchor_start: 'AQI=',
      resolved_at: null,
      comments: [{ body: 'Which brown?', author_id: world.commenter.id }],
    });
    // A viewer cannot open one: the thread and its comment are refused together.
    const refused = await people.viewer.rpc('open_comment_thread', {
      note,
      anchor_start: 'AQI=',
      anchor_end: 'AwQ=',
      quote: 'fox',
      body: 'Me too',
    });
    expect(refused.error?.code).toBe('42501');
    const count = await stack.db.query(`select 1 from public.comment_threads where note_id = $1`, [
      note,
    ]);
    expect(count.rowCount).toBe(1);
  });

  it('stamps who resolved a thread and when, keeps its anchor, and reopens it', async () => {
    const s = await seed();
    const { error } = await people.editor
      .from('comment_threads')
      .update({
        resolved_at: '2000-01-01T00:00:00Z',
        resolved_by: world.owner.id,
        quote: 'forged',
        anchor_start: 'forged',
      })
      .eq('id', s.threadId);
    expect(error).toBeNull();
    const { rows } = await stack.db.query<Record<string, unknown>>(
      `select resolved_by, resolved_at > now() - interval '1 minute' as recent, quote, anchor_start
       from public.comment_threads where id = $1`,
      [s.threadId],
    );
    expect(rows[0]).toEqual({
      resolved_by: world.editor.id,
      recent: true,
      quote: 'quick',
      anchor_start: 'AAA=',
    });
    await people.commenter
      .from('comment_threads')
      .update({ resolved_at: null })
      .eq('id', s.threadId);
    const reopened = await stack.db.query(
      `select resolved_at, resolved_by from public.comment_threads where id = $1`,
      [s.threadId],
    );
    expect(reopened.rows[0]).toEqual({ resolved_at: null, resolved_by: null });
  });

  it('lets only the author edit a comment, marks it edited, and keeps its author', async () => {
    const s = await seed();
    const byOwner = await people.owner
      .from('comments')
      .update({ body: 'Hijacked' })
      .eq('id', s.commentId)
      .select();
    expect(byOwner.data).toEqual([]);
    const mine = await people.commenter
      .from('comments')
      .update({ body: 'Is it really quick?', author_id: world.owner.id })
      .eq('id', s.commentId)
      .select('body, author_id, edited_at')
      .single();
    expect(mine.error).toBeNull();
    expect(mine.data).toMatchObject({ body: 'Is it really quick?', author_id: world.commenter.id });
    expect(mine.data!.edited_at).not.toBeNull();
  });

  it('takes the thread away with its last comment, and keeps it while replies remain', async () => {
    const s = await seed();
    const reply = await people.editor
      .from('comments')
      .insert({
        thread_id: s.threadId,
        note_id: s.noteId,
        notebook_id: world.notebookId,
        body: 'Yes',
      })
      .select('id')
      .single();
    expect(reply.error).toBeNull();
    expect(
      (await people.commenter.from('comments').delete().eq('id', s.commentId)).error,
    ).toBeNull();
    const left = await stack.db.query(`select 1 from public.comment_threads where id = $1`, [
      s.threadId,
    ]);
    expect(left.rowCount).toBe(1);
    expect(
      (await people.editor.from('comments').delete().eq('id', reply.data!.id)).error,
    ).toBeNull();
    const gone = await stack.db.query(`select 1 from public.comment_threads where id = $1`, [
      s.threadId,
    ]);
    expect(gone.rowCount).toBe(0);
  });

  it('tells the people mentioned in a comment and those taking part in its thread, once each', async () => {
    const note = await newNote();
    const mention = (name: string, id: string) => `[@${name}](sheaf:user/${id})`;
    const names = new Map(
      (['owner', 'editor', 'commenter', 'viewer', 'stranger'] as const).map((who) => [
        world[who].id,
        who,
      ]),
    );
    /** Who was told what by whom about this note's threads, oldest first. */
    const told = async () => {
      const { rows } = await stack.db.query<{ user_id: string; kind: string; actor_id: string }>(
        `select user_id, kind, actor_id from public.notifications
         where note_id = $1 and anchor ? 'thread_id' order by created_at, id`,
        [note],
      );
      return rows.map((r) => `${names.get(r.user_id)}:${r.kind}:${names.get(r.actor_id)}`);
    };
    // The commenter opens a thread mentioning the editor — and the stranger, who cannot read it.
    const { data: thread, error } = await people.commenter.rpc('open_comment_thread', {
      note,
      anchor_start: 'AQI=',
      anchor_end: 'AwQ=',
      quote: 'brown',
      body: `${mention('Ed', world.editor.id)} and ${mention('Stan', world.stranger.id)}: which brown?`,
    });
    expect(error).toBeNull();
    expect(await told()).toEqual(['editor:mention:commenter']);
    // The editor replies: the commenter (who opened the thread) is told; the editor is not.
    const reply = (client: SupabaseClient, body: string) =>
      client
        .from('comments')
        .insert({ thread_id: thread as string, note_id: note, notebook_id: world.notebookId, body })
        .select('id')
        .single();
    expect((await reply(people.editor, 'Dark brown.')).error).toBeNull();
    expect((await told()).slice(1)).toEqual(['commenter:reply:editor']);
    // The owner replies mentioning the commenter: the commenter is told once (as mentioned), the
    // editor as taking part.
    const own = await reply(people.owner, `${mention('Cam', world.commenter.id)} agreed`);
    expect(own.error).toBeNull();
    expect((await told()).slice(2).sort()).toEqual([
      'commenter:mention:owner',
      'editor:reply:owner',
    ]);
    // Editing the reply tells only the newly mentioned viewer; editing again tells nobody.
    const edit = (body: string) =>
      people.owner.from('comments').update({ body }).eq('id', own.data!.id);
    expect(
      (await edit(`${mention('Cam', world.commenter.id)} ${mention('Vi', world.viewer.id)} agreed`))
        .error,
    ).toBeNull();
    expect(
      (
        await edit(
          `${mention('Cam', world.commenter.id)} ${mention('Vi', world.viewer.id)} agreed!`,
        )
      ).error,
    ).toBeNull();
    expect((await told()).slice(4)).toEqual(['viewer:mention:owner']);
    // Every notification names the thread and the comment, the place the bell links to.
    const { rows } = await stack.db.query<{ thread: string; comment: string | null }>(
      `select anchor ->> 'thread_id' as thread, anchor ->> 'comment_id' as comment
       from public.notifications where note_id = $1`,
      [note],
    );
    expect(rows.every((r) => r.thread === thread && r.comment)).toBe(true);
  });

  it('keeps comments readable with their note in the trash, and takes no new ones there', async () => {
    const s = await seed();
    await people.editor
      .from('notes')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', s.noteId);
    const read = await people.viewer.from('comments').select('id').eq('note_id', s.noteId);
    expect(read.data).toHaveLength(1);
    const reply = await people.commenter.from('comments').insert({
      thread_id: s.threadId,
      note_id: s.noteId,
      notebook_id: world.notebookId,
      body: 'Late',
    });
    expect(reply.error?.code).toBe('42501');
    // Past the trash's 30 days the note, and so its comments, are no longer read.
    await stack.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(
        `update public.notes set deleted_at = now() - interval '31 days' where id = $1`,
        [s.noteId],
      );
    });
    const after = await people.commenter.from('comments').select('id').eq('note_id', s.noteId);
    expect(after.data).toHaveLength(0);
  });

  it('refuses a commenter’s edits to the note, its document log and its title', async () => {
    const note = await newNote();
    const upd = await people.commenter
      .from('notes')
      .update({ body: 'defaced' })
      .eq('id', note)
      .select();
    expect(upd.data).toEqual([]);
    const append = await people.commenter.rpc('append_note_update', {
      note,
      doc_update: b64([1, 2, 3]),
    });
    expect(append.error).not.toBeNull();
    const { rows } = await stack.db.query(`select body from public.notes where id = $1`, [note]);
    expect(rows[0]).toEqual({ body: 'The quick brown fox' });
    const log = await stack.db.query(`select 1 from public.note_updates where note_id = $1`, [
      note,
    ]);
    expect(log.rowCount).toBe(0);
  });

  describe('realtime', () => {
    type Broadcast = { event: string; payload: unknown };
    async function socket(who: 'owner' | 'editor' | 'commenter' | 'viewer' | 'stranger') {
      const user = world[who];
      const token = await tokenFor(stack, user, who === 'owner' ? 'aal2' : 'aal1');
      const c = realtimeClient(stack, { token });
      sockets.push(c);
      return c;
    }
    const channel = (c: SupabaseClient, topic: string): RealtimeChannel =>
      c.channel(topic, { config: { private: true, broadcast: { ack: true } } });

    it('lets a commenter follow a note’s edits but never send one, socket or API', async () => {
      const topic = `note:${world.noteId}`;
      const got = new Inbox<Broadcast>();
      const commenter = await socket('commenter');
      expect(
        (await subscribe(channel(commenter, topic).on('broadcast', { event: '*' }, got.push)))
          .status,
      ).toBe('SUBSCRIBED');
      const viewerGot = new Inbox<Broadcast>();
      await joined(
        channel(await socket('viewer'), topic).on('broadcast', { event: '*' }, viewerGot.push),
      );
      const sender = await joined(channel(await socket('commenter'), topic));
      expect(
        await sender.send(
          { type: 'broadcast', event: 'y', payload: new Uint8Array([9, 9]).buffer },
          { timeout: 1000 },
        ),
      ).toBe('timed out');
      await expect(
        channel(await socket('commenter'), topic).httpSend('y', { t: 'forged' }),
      ).rejects.toThrow('Unauthorized');
      const editor = await joined(channel(await socket('editor'), topic));
      expect(await editor.send({ type: 'broadcast', event: 'y', payload: { t: 'real' } })).toBe(
        'ok',
      );
      expect(await viewerGot.next()).toMatchObject({ event: 'y', payload: { t: 'real' } });
      expect(viewerGot.items).toHaveLength(1);
      expect(await got.next()).toMatchObject({ payload: { t: 'real' } });
    });

    it('shows new comments live to the note’s members, never to a stranger', async () => {
      type Change = { table: string; eventType: string; new: Record<string, unknown> };
      const listen = async (who: 'viewer' | 'stranger', inbox: Inbox<Change>) =>
        joined(
          (await socket(who))
            .channel(`comments-${who}-${Math.random()}`)
            .on('postgres_changes', { event: '*', schema: 'public', table: 'comments' }, (p) =>
              inbox.push(p as unknown as Change),
            ),
        );
      const viewerSees = new Inbox<Change>();
      const strangerSees = new Inbox<Change>();
      await listen('viewer', viewerSees);
      await listen('stranger', strangerSees);
      const s = await seed();
      expect((await viewerSees.next()).new).toMatchObject({
        id: s.commentId,
        body: 'Is it quick?',
      });
      // The stranger's own notebook gets a comment: the stranger sees that one, and only that.
      const { rows } = await stack.db.query<{ id: string }>(
        `insert into public.notebooks (name, owner_id) values ('Mine', $1) returning id`,
        [world.stranger.id],
      );
      const mine = await stack.db.query<{ id: string }>(
        `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, 'x', 'word') returning id`,
        [rows[0]!.id, world.stranger.id],
      );
      const { error } = await people.stranger.rpc('open_comment_thread', {
        note: mine.rows[0]!.id,
        anchor_start: 'AA==',
        anchor_end: 'AA==',
        quote: 'word',
        body: 'Private',
      });
      expect(error).toBeNull();
      expect((await strangerSees.next()).new).toMatchObject({ body: 'Private' });
      expect(strangerSees.items).toHaveLength(1);
      expect(viewerSees.items).toHaveLength(1);
    });
  });
});
