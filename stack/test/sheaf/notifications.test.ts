// Notifications on both drivers: a notebook shared with you, a change of your role and a mention
// of you in a note's text each become a notification for you alone; nobody reads another's,
// nobody writes one through the API; mentions and replies are emailed as each person chooses.
import type { SupabaseClient } from '@supabase/supabase-js';
import { watchLive } from '../../../app/src/lib/collab/live-changes.ts';
import { closeAll, realtimeClient, until } from '../realtime/support.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { callFunction } from './support/functions.ts';
import {
  clientAs,
  createUser,
  startSheafStack,
  tokenFor,
  type TestUser,
} from './support/sheaf-stack.ts';
import { buildWorld, worldClients, type World } from './support/world.ts';

interface Row {
  user_id: string;
  kind: string;
  actor_id: string | null;
  note_id: string | null;
  role: string | null;
  read_at: string | null;
}

const mention = (user: TestUser, name: string) => `[@${name}](sheaf:user/${user.id})`;

describe.each(DRIVERS)('notifications on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let people: Awaited<ReturnType<typeof worldClients>>;
  let anon: SupabaseClient;
  let noteId: string;

  const notificationsOf = async (user: TestUser, kind?: string) => {
    const { rows } = await stack.db.query<Row>(
      `select user_id, kind, actor_id, note_id, role, read_at from public.notifications
       where user_id = $1 and ($2::text is null or kind = $2) order by created_at`,
      [user.id, kind ?? null],
    );
    return rows;
  };
  const clearAll = () => stack.db.query('delete from public.notifications');

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    people = await worldClients(stack, world);
    anon = await clientAs(stack, null);
    const { data, error } = await people.owner
      .from('notes')
      .insert({ notebook_id: world.notebookId, title: 'Trip plan', author_id: world.owner.id })
      .select('id')
      .single();
    expect(error).toBeNull();
    noteId = data!.id as string;
  });
  afterAll(() => stack?.close());
  beforeEach(clearAll);

  it('tells a person a notebook was shared with them, and only them', async () => {
    const res = await callFunction(stack, 'share-notebook', world.owner, {
      body: { notebook_id: world.notebookId, email: world.outsider.email, role: 'viewer' },
      aal: 'aal2',
    });
    expect(res.status).toBe(200);
    expect(await notificationsOf(world.outsider)).toMatchObject([
      { kind: 'shared', actor_id: world.owner.id, role: 'viewer', note_id: null },
    ]);
    const { rows } = await stack.db.query('select user_id from public.notifications');
    expect(rows).toEqual([{ user_id: world.outsider.id }]);
    await stack.db.query(
      'delete from public.notebook_members where notebook_id = $1 and user_id = $2',
      [world.notebookId, world.outsider.id],
    );
  });

  it('does not tell the owner about their own new notebook', async () => {
    const { error } = await people.editor.from('notebooks').insert({ name: 'Mine' });
    expect(error).toBeNull();
    expect(await stack.db.query('select 1 from public.notifications')).toMatchObject({ rows: [] });
  });

  it('tells a member their role changed, not when it stays the same', async () => {
    const { error } = await people.owner
      .from('notebook_members')
      .update({ role: 'editor' })
      .match({ notebook_id: world.notebookId, user_id: world.viewer.id });
    expect(error).toBeNull();
    await people.owner
      .from('notebook_members')
      .update({ role: 'editor' })
      .match({ notebook_id: world.notebookId, user_id: world.viewer.id });
    expect(await notificationsOf(world.viewer)).toMatchObject([
      { kind: 'role_changed', actor_id: world.owner.id, role: 'editor' },
    ]);
    await people.owner
      .from('notebook_members')
      .update({ role: 'viewer' })
      .match({ notebook_id: world.notebookId, user_id: world.viewer.id });
  });

  it('tells people newly mentioned in a note who can read it — not a stranger, not the writer, not twice', async () => {
    const body = [
      `Ask ${mention(world.viewer, 'Vera')} and ${mention(world.stranger, 'Stan')}`,
      `and ${mention(world.owner, 'me')} about it.`,
    ].join(' ');
    const write = (text: string) =>
      people.owner.from('notes').update({ body: text }).eq('id', noteId);
    expect((await write(body)).error).toBeNull();
    expect(await notificationsOf(world.viewer)).toMatchObject([
      { kind: 'mention', actor_id: world.owner.id, note_id: noteId },
    ]);
    expect(await notificationsOf(world.stranger)).toEqual([]);
    expect(await notificationsOf(world.owner)).toEqual([]);

    // Later saves of the same mention tell nobody again; a newly mentioned editor is told.
    expect((await write(`${body} More words.`)).error).toBeNull();
    expect((await write(`${body} More words. ${mention(world.editor, 'Ed')}`)).error).toBeNull();
    expect(await notificationsOf(world.viewer)).toHaveLength(1);
    expect(await notificationsOf(world.editor)).toMatchObject([{ kind: 'mention' }]);

    // Removed and added back while the first is unread: still one.
    expect((await write('nothing')).error).toBeNull();
    expect((await write(body)).error).toBeNull();
    expect(await notificationsOf(world.viewer)).toHaveLength(1);
  });

  it('lets a person read and mark read only their own, while they can read the notebook', async () => {
    expect(
      (await people.owner.from('notes').update({ body: 'x' }).eq('id', noteId)).error,
    ).toBeNull();
    await people.owner
      .from('notes')
      .update({ body: `${mention(world.viewer, 'Vera')} ${mention(world.editor, 'Ed')}` })
      .eq('id', noteId);
    const viewerSees = await people.viewer.from('notifications').select('user_id, kind');
    expect(viewerSees.data).toEqual([{ user_id: world.viewer.id, kind: 'mention' }]);
    for (const other of [people.stranger, people.owner, anon]) {
      const { data } = await other.from('notifications').select('id');
      expect(data ?? []).toEqual([]);
    }
    // Marking read: only one's own, and the time is the server's.
    const before = Date.now();
    const strangerMarks = await people.stranger
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('user_id', world.viewer.id)
      .select('id');
    expect(strangerMarks.data ?? []).toEqual([]);
    expect((await notificationsOf(world.viewer))[0]!.read_at).toBeNull();
    const marked = await people.viewer
      .from('notifications')
      .update({ read_at: '2000-01-01T00:00:00Z' })
      .is('read_at', null)
      .select('read_at');
    expect(marked.error).toBeNull();
    expect(marked.data).toHaveLength(1);
    expect(Date.parse(marked.data![0]!.read_at as string)).toBeGreaterThan(before - 60_000);
    expect((await notificationsOf(world.editor))[0]!.read_at).toBeNull();
    // No other column moves.
    const moved = await people.viewer
      .from('notifications')
      .update({ user_id: world.stranger.id })
      .eq('user_id', world.viewer.id);
    expect(moved.error).not.toBeNull();
  });

  it('asks a person with a verified factor for aal2, as every table does', async () => {
    await stack.db.query(`select public.notify_note_people($1, $2, 'mention', null, $3)`, [
      noteId,
      [world.owner.id],
      world.editor.id,
    ]);
    const aal1 = await clientAs(stack, world.owner, 'aal1');
    expect((await aal1.from('notifications').select('id')).data).toEqual([]);
    await aal1
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .is('read_at', null);
    expect((await notificationsOf(world.owner))[0]!.read_at).toBeNull();
    expect((await people.owner.from('notifications').select('kind')).data).toEqual([
      { kind: 'mention' },
    ]);
  });

  it('refuses every insert and delete through the API', async () => {
    const row = {
      user_id: world.viewer.id,
      kind: 'mention',
      notebook_id: world.notebookId,
      note_id: noteId,
    };
    for (const client of [people.owner, people.editor, people.viewer, people.stranger, anon]) {
      const { error } = await client.from('notifications').insert(row);
      expect(error).not.toBeNull();
    }
    await people.owner.from('notes').update({ body: 'x' }).eq('id', noteId);
    await people.owner
      .from('notes')
      .update({ body: mention(world.viewer, 'V') })
      .eq('id', noteId);
    for (const client of [people.owner, people.viewer, people.stranger]) {
      await client.from('notifications').delete().eq('user_id', world.viewer.id);
    }
    expect(await notificationsOf(world.viewer)).toHaveLength(1);
    // The internal functions are not callable through the API.
    for (const client of [people.viewer, anon]) {
      const told = await client.rpc('notify_note_people', {
        p_note_id: noteId,
        p_user_ids: [world.editor.id],
        p_kind: 'mention',
      });
      expect(told.error).not.toBeNull();
      const claimed = await client.rpc('claim_notification_emails', { p_digest: false });
      expect(claimed.error).not.toBeNull();
    }
    expect(await notificationsOf(world.editor)).toEqual([]);
  });

  it('no longer shows a notification once its notebook is unreadable', async () => {
    const outsider = await createUser(stack.db, `gone${driver}`);
    await stack.db.query(
      `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'viewer')`,
      [world.notebookId, outsider.id],
    );
    const client = await clientAs(stack, outsider);
    expect((await client.from('notifications').select('kind')).data).toEqual([{ kind: 'shared' }]);
    await stack.db.query(
      'delete from public.notebook_members where notebook_id = $1 and user_id = $2',
      [world.notebookId, outsider.id],
    );
    expect((await client.from('notifications').select('kind')).data).toEqual([]);
  });

  it("reaches the person's own live channel, and nobody else's", async () => {
    const live = async (user: TestUser) => {
      const client = realtimeClient(stack, { token: await tokenFor(stack, user) });
      const heard = { count: 0 };
      const stop = watchLive(client, user.id, {
        change: () => undefined,
        access: () => undefined,
        pins: () => undefined,
        notifications: () => (heard.count += 1),
        resync: () => undefined,
      });
      return { client, heard, stop };
    };
    const viewer = await live(world.viewer);
    const stranger = await live(world.stranger);
    try {
      let n = 0;
      await until(async () => {
        // Subscribed once a mention written now arrives.
        await people.owner
          .from('notes')
          .update({ body: `x${n++}` })
          .eq('id', noteId);
        await people.owner
          .from('notes')
          .update({ body: `${mention(world.viewer, 'V')} ${mention(world.stranger, 'S')}` })
          .eq('id', noteId);
        await stack.db.query('delete from public.notifications');
        return viewer.heard.count > 0;
      });
      const heardBefore = viewer.heard.count;
      await people.owner.from('notes').update({ body: 'x' }).eq('id', noteId);
      await people.owner
        .from('notes')
        .update({ body: mention(world.viewer, 'V') })
        .eq('id', noteId);
      await until(async () => viewer.heard.count > heardBefore);
      // Marked read elsewhere: heard too.
      const heardRead = viewer.heard.count;
      await people.viewer
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .is('read_at', null);
      await until(async () => viewer.heard.count > heardRead);
      expect(stranger.heard.count).toBe(0);
    } finally {
      await viewer.stop();
      await stranger.stop();
      await closeAll(viewer.client, stranger.client);
    }
  });

  it("keeps a notification when its actor's account is deleted, without the actor", async () => {
    const actor = await createUser(stack.db, `actor${driver}`);
    await stack.db.query(
      `insert into public.notebook_members (notebook_id, user_id, role) values ($1, $2, 'editor')`,
      [world.notebookId, actor.id],
    );
    await stack.db.query(`select public.notify_note_people($1, $2, 'mention', null, $3)`, [
      noteId,
      [world.viewer.id],
      actor.id,
    ]);
    expect(await notificationsOf(world.viewer, 'mention')).toMatchObject([{ actor_id: actor.id }]);
    await stack.db.query('delete from auth.users where id = $1', [actor.id]);
    expect(await notificationsOf(world.viewer, 'mention')).toMatchObject([{ actor_id: null }]);
  });

  it('the comments entry point tells readers only, never the actor', async () => {
    const { rows } = await stack.db.query<{ told: number }>(
      `select public.notify_note_people($1, $2, 'reply', '{"thread_id": "t1"}', $3) as told`,
      [
        noteId,
        [world.viewer.id, world.stranger.id, world.owner.id, world.viewer.id],
        world.owner.id,
      ],
    );
    expect(rows[0]!.told).toBe(1);
    expect(await notificationsOf(world.viewer)).toMatchObject([{ kind: 'reply' }]);
  });

  describe('email', () => {
    const inbox = async (to: string) => {
      const res = await fetch(`${stack.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
      return ((await res.json()) as { messages: { subject: string; text?: string }[] }).messages;
    };
    // The inbox lists the newest first: the messages after the first `before` ones.
    const newest = <T>(messages: T[], before: number) =>
      messages.slice(0, messages.length - before);
    const drain = (digest = false) =>
      fetch(`${stack.url}/functions/v1/notify-email`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${stack.keys.serviceRoleKey}`,
          apikey: stack.keys.anonKey,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(digest ? { digest: true } : {}),
      });
    const setting = (user: TestUser, value: string) =>
      stack.db.query('update public.profiles set notify_email = $2 where id = $1', [
        user.id,
        value,
      ]);

    it("emails a mention to a person whose setting is 'on', once, and none for 'off'", async () => {
      await setting(world.viewer, 'on');
      await setting(world.editor, 'off');
      await people.owner.from('notes').update({ body: 'start' }).eq('id', noteId);
      const viewerBefore = (await inbox(world.viewer.email)).length;
      const editorBefore = (await inbox(world.editor.email)).length;
      await people.owner
        .from('notes')
        .update({ body: `${mention(world.viewer, 'Vera')} ${mention(world.editor, 'Ed')}` })
        .eq('id', noteId);
      // A signed-in person may ask for the drain.
      const asked = await callFunction(stack, 'notify-email', world.editor, { body: {} });
      expect(asked.status).toBe(200);
      expect(await asked.json()).toEqual({ sent: 1, failed: 0 });
      expect(await (await drain()).json()).toEqual({ sent: 0, failed: 0 });
      const got = newest(await inbox(world.viewer.email), viewerBefore);
      expect(got).toHaveLength(1);
      expect(got[0]!.subject).toBe('Olivia Owner mentioned you in “Trip plan” in Research');
      expect((await inbox(world.editor.email)).length).toBe(editorBefore);
    });

    it("collects mentions into one digest for 'daily', sent only by the service key", async () => {
      await setting(world.viewer, 'daily');
      const before = (await inbox(world.viewer.email)).length;
      await people.owner.from('notes').update({ body: 'x' }).eq('id', noteId);
      await people.owner
        .from('notes')
        .update({ body: mention(world.viewer, 'V') })
        .eq('id', noteId);
      await stack.db.query(
        `select public.notify_note_people($1, $2, 'reply', '{"thread_id": "t"}', $3)`,
        [noteId, [world.viewer.id], world.owner.id],
      );
      expect(await (await drain()).json()).toEqual({ sent: 0, failed: 0 });
      const refused = await callFunction(stack, 'notify-email', world.viewer, {
        body: { digest: true },
      });
      expect(refused.status).toBe(403);
      expect(await (await drain(true)).json()).toEqual({ sent: 1, failed: 0 });
      expect(await (await drain(true)).json()).toEqual({ sent: 0, failed: 0 });
      const got = newest(await inbox(world.viewer.email), before);
      expect(got.map((m) => m.subject)).toEqual(['Sheaf: 2 mentions and replies for you']);
      await setting(world.viewer, 'on');
    });

    it('lets only the person change their own email setting, to a known value', async () => {
      const other = await people.stranger
        .from('profiles')
        .update({ notify_email: 'off' })
        .eq('id', world.viewer.id)
        .select('id');
      expect(other.data ?? []).toEqual([]);
      const bad = await people.viewer
        .from('profiles')
        .update({ notify_email: 'hourly' })
        .eq('id', world.viewer.id);
      expect(bad.error?.code).toBe('23514');
      const own = await people.viewer
        .from('profiles')
        .update({ notify_email: 'off' })
        .eq('id', world.viewer.id)
        .select('notify_email');
      expect(own.data).toEqual([{ notify_email: 'off' }]);
      await setting(world.viewer, 'on');
    });

    it('anon cannot ask for a drain', async () => {
      const res = await callFunction(stack, 'notify-email', null, { body: {} });
      expect(res.status).toBe(401);
    });
  });
});
