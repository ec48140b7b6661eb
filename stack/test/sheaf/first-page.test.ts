// A notebook page opens with one request (app/src/notes/data/query-options.ts, fetchFirstPage):
// the notebook, the person's role, the notes they pinned and the first 50 notes, through nested
// and inner embeds. Against the real stack through supabase-js, on both drivers, it must read
// exactly what the three requests it replaces read — for every actor, with notes in the trash,
// pins of other people and more notes than one page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rest } from '../../../app/src/lib/supabase.ts';
import {
  fetchFirstPage,
  fetchNotesPage,
  fetchPinnedNotes,
  notebookOptions,
} from '../../../app/src/notes/data/query-options.ts';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { clientAs, startSheafStack, type TestUser } from './support/sheaf-stack.ts';
import { buildWorld, type World } from './support/world.ts';

describe.each(DRIVERS)('a notebook’s first page in one request on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  const noteIds: string[] = [];

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    // 70 notes, a minute apart, so the first page is the 50 most recent; every fifth in the trash.
    for (let n = 0; n < 70; n++) {
      const { rows } = await stack.db.query<{ id: string }>(
        `insert into public.notes (notebook_id, author_id, title, tags, updated_at)
         values ($1, $2, $3, $4, now() - make_interval(mins => $5)) returning id`,
        [world.notebookId, world.editor.id, `Note ${n}`, n % 2 ? ['odd'] : [], n],
      );
      noteIds.push(rows[0]!.id);
    }
    await stack.db.query(`update public.notes set deleted_at = now() where id = any($1::uuid[])`, [
      noteIds.filter((_, n) => n % 5 === 0),
    ]);
    // The viewer pins three notes (one in the trash, one beyond the first page), the editor one.
    const pins: [TestUser, number][] = [
      [world.viewer, 3],
      [world.viewer, 10],
      [world.viewer, 69],
      [world.editor, 4],
    ];
    for (const [user, n] of pins)
      await stack.db.query(
        `insert into public.note_pins (user_id, note_id, notebook_id) values ($1, $2, $3)`,
        [user.id, noteIds[n], world.notebookId],
      );
  });
  afterAll(() => stack?.close());

  /** What the page read before: its three requests. */
  async function threeRequests(client: Rest, userId: string) {
    const info = await notebookOptions(client, world.notebookId, userId).queryFn();
    if (!info) return { notebook: null, pinned: [], list: [] };
    return {
      notebook: info,
      pinned: await fetchPinnedNotes(client, world.notebookId, userId),
      list: await fetchNotesPage(client, world.notebookId, 'updated', null, null),
    };
  }

  it.each(['viewer', 'editor', 'owner', 'stranger'] as const)(
    'reads what the three requests read, as the %s',
    async (actor) => {
      const user = world[actor];
      const aal = actor === 'owner' ? 'aal2' : 'aal1';
      const client = (await clientAs(stack, user, aal)) as unknown as Rest;
      const one = await fetchFirstPage(client, world.notebookId, user.id);
      expect(one).toEqual(await threeRequests(client, user.id));
      if (actor === 'stranger') {
        expect(one.notebook).toBeNull();
        return;
      }
      expect(one.notebook?.role).toBe(actor);
      expect(one.list).toHaveLength(50);
      expect(one.list.some((n) => n.title === 'Note 5')).toBe(false);
      if (actor === 'viewer') expect(one.pinned.map((n) => n.title)).toEqual(['Note 3', 'Note 69']);
      if (actor === 'editor') expect(one.pinned.map((n) => n.title)).toEqual(['Note 4']);
    },
  );

  it('finds nothing for the owner without their second factor (the policies ask for aal2)', async () => {
    const client = (await clientAs(stack, world.owner, 'aal1')) as unknown as Rest;
    expect(await fetchFirstPage(client, world.notebookId, world.owner.id)).toEqual({
      notebook: null,
      pinned: [],
      list: [],
    });
  });
});
