// Search as you type through the REST API, as the app calls it (rpc search_notes): prefixes,
// accents folded, ranked with title matches first, snippets as plain text around the match,
// trash left out, and row-level security deciding whose notes count. Also the plain-text
// excerpt the notes list reads. Search that forgives: a word found from inside another ("ebra"
// finds "zebra") or despite a typo ("launhc" finds "launch"), ranked below exact and prefix
// matches. On PGlite and on a Postgres server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DRIVERS, clientFor, type TestStack } from '../support/stack.ts';
import { startSheafStack, tokenFor } from './support/sheaf-stack.ts';
import { buildWorld, type World } from './support/world.ts';

interface Hit {
  id: string;
  title: string;
  snippet: string;
  notebook_name: string;
}

describe.each(DRIVERS)('Sheaf search as you type on %s', (driver) => {
  let stack: TestStack;
  let world: World;
  let viewer: SupabaseClient;
  let stranger: SupabaseClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startSheafStack(driver);
    world = await buildWorld(stack.db);
    viewer = clientFor(stack.url, stack.keys.anonKey, {
      token: await tokenFor(stack, world.viewer),
    });
    stranger = clientFor(stack.url, stack.keys.anonKey, {
      token: await tokenFor(stack, world.stranger),
    });
    const notes: [string, string, string][] = [
      ['zebra', 'Zebra crossing', 'Stripes on the road.'],
      ['body', 'Animals', 'We saw a **zebra** and a lion.'],
      [
        'cafe',
        'Breakfast',
        'A long introduction. '.repeat(10) + 'Then a café au lait by the river.',
      ],
      ['trashed', 'Zebra in the trash', 'gone'],
      ['exact', 'Launch', 'Countdown.'],
      ['prefix', 'Launchpad ideas', 'Pads.'],
      ['inside', 'Relaunch plan', 'Second try.'],
      ['typo', 'Launhc party', 'A typo in the title.'],
      ['trashedTypo', 'Launch in the trash', 'gone'],
    ];
    for (const [key, title, body] of notes) {
      const { rows } = await stack.db.query<{ id: string }>(
        `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, $3, $4) returning id`,
        [world.notebookId, world.owner.id, title, body],
      );
      ids[key] = rows[0]!.id;
    }
    await stack.db.query('update public.notes set deleted_at = now() where id = any ($1)', [
      [ids.trashed, ids.trashedTypo],
    ]);
    const own = await stack.db.query<{ id: string }>(
      `insert into public.notebooks (name, owner_id) values ('Strangers', $1) returning id`,
      [world.stranger.id],
    );
    const { rows } = await stack.db.query<{ id: string }>(
      `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, 'Launch day', '') returning id`,
      [own.rows[0]!.id, world.stranger.id],
    );
    ids.strangers = rows[0]!.id;
  });
  afterAll(() => stack?.close());

  async function search(client: SupabaseClient, query: string): Promise<Hit[]> {
    const { data, error } = await client.rpc('search_notes', { query, max_results: 20 });
    expect(error).toBeNull();
    return data as Hit[];
  }

  it('finds a word from its first letters, title matches first, and leaves the trash out', async () => {
    const hits = await search(viewer, 'zebr');
    expect(hits.map((h) => h.id)).toEqual([ids.zebra, ids.body]);
    expect(hits[0]!.notebook_name).toBe('Research');
  });

  it('ignores accents both ways and finds English word forms', async () => {
    expect((await search(viewer, 'cafe')).map((h) => h.id)).toEqual([ids.cafe]);
    expect((await search(viewer, 'CAFÉ')).map((h) => h.id)).toEqual([ids.cafe]);
    expect((await search(viewer, 'crossings')).map((h) => h.id)).toEqual([ids.zebra]);
  });

  it('needs every word, and shows a plain-text snippet around a match deep in the body', async () => {
    expect(await search(viewer, 'zebra lion')).toHaveLength(1);
    const [hit] = await search(viewer, 'cafe river');
    expect(hit!.snippet.startsWith('…')).toBe(true);
    expect(hit!.snippet).toContain('café au lait by the river.');
    const [body] = await search(viewer, 'lion');
    expect(body!.snippet).toBe('We saw a zebra and a lion.');
  });

  it('treats quotes, backslashes and query operators as text, and an empty query as nothing', async () => {
    for (const query of [`o'neil & | ! \\ :* (`, '"zebra', '   ', '***', 'zebra:*'])
      expect(Array.isArray(await search(viewer, query))).toBe(true);
    expect(await search(viewer, '')).toEqual([]);
    expect((await search(viewer, '"zebra')).length).toBe(2);
  });

  it('searches only notebooks the caller can read', async () => {
    expect(await search(stranger, 'zebra')).toEqual([]);
    const anon = await stack.anon().rpc('search_notes', { query: 'zebra' });
    expect(anon.error?.code).toBe('42501');
  });

  it('ranks only candidates the caller may read, even when the candidates are asked for directly', async () => {
    const candidates = async (client: SupabaseClient) => {
      const { data, error } = await client.rpc('search_candidates', { tsq: "'zebra':*", cap: 50 });
      expect(error).toBeNull();
      // A one-column RETURNS TABLE still answers objects, as PostgREST does (PostgREST#1931).
      return (data as { id: string }[]).map((row) => row.id).sort();
    };
    const ranked = async (client: SupabaseClient) => {
      const { data, error } = await client.rpc('search_ranked', {
        tsq: "'zebra':*",
        words: "'zebra'",
        cap: 50,
        max_results: 20,
      });
      expect(error).toBeNull();
      return (data as { id: string }[]).map((row) => row.id).sort();
    };
    expect(await candidates(viewer)).toEqual([ids.zebra, ids.body].sort());
    expect(await ranked(viewer)).toEqual([ids.zebra, ids.body].sort());
    expect(await candidates(stranger)).toEqual([]);
    expect(await ranked(stranger)).toEqual([]);
    const ownerWithoutSecondStep = clientFor(stack.url, stack.keys.anonKey, {
      token: await tokenFor(stack, world.owner, 'aal1'),
    });
    expect(await candidates(ownerWithoutSecondStep)).toEqual([]);
    expect(await ranked(ownerWithoutSecondStep)).toEqual([]);
  });

  it('finds a word from inside another, below nothing, and leaves the trash out', async () => {
    expect((await search(viewer, 'ebra')).map((h) => h.id)).toEqual([ids.zebra, ids.body]);
    expect((await search(viewer, 'ÉBRA')).map((h) => h.id)).toEqual([ids.zebra, ids.body]);
    // Every word must be found, inside a word or as a prefix.
    expect((await search(viewer, 'ebra ion')).map((h) => h.id)).toEqual([ids.body]);
    const [deep] = await search(viewer, 'ait');
    expect(deep!.id).toBe(ids.cafe);
    expect(deep!.snippet).toContain('café au lait');
  });

  it('finds a word despite a typo, the closest word first', async () => {
    // The note with that very typo is an exact match; then "launch" before "launchpad".
    expect((await search(viewer, 'launhc')).map((h) => h.id)).toEqual([
      ids.typo,
      ids.exact,
      ids.prefix,
    ]);
    expect((await search(viewer, 'zebar')).map((h) => h.id)).toEqual([ids.zebra, ids.body]);
    expect(await search(viewer, 'qqqq')).toEqual([]);
  });

  it('ranks exact, then prefix, then inside a word, then typo matches', async () => {
    const hits = await search(viewer, 'launch');
    expect(hits.map((h) => h.id)).toEqual([ids.exact, ids.prefix, ids.inside, ids.typo]);
    const ranks = (hits as unknown as { rank: number }[]).map((h) => h.rank);
    expect(ranks[1]).toBeGreaterThanOrEqual(0);
    expect(ranks[2]).toBeLessThan(0);
    expect(ranks[2]).toBeGreaterThanOrEqual(-1);
    expect(ranks[3]).toBeLessThan(-1);
    // Only the first results are asked for: the full-text matches fill them.
    const { data } = await viewer.rpc('search_notes', { query: 'launch', max_results: 2 });
    expect((data as Hit[]).map((h) => h.id)).toEqual([ids.exact, ids.prefix]);
  });

  it('looks for words of one or two letters only as prefixes, as before', async () => {
    expect(await search(viewer, 'eb')).toEqual([]);
    expect((await search(viewer, 'ze')).map((h) => h.id)).toEqual([ids.zebra, ids.body]);
    // A short word next to a typo stays a prefix: "cr" starts "crossing", "ebra" is inside "zebra".
    expect((await search(viewer, 'ebra cr')).map((h) => h.id)).toEqual([ids.zebra]);
    expect(await search(viewer, 'ebra xz')).toEqual([]);
  });

  it('forgives only within what the caller may read', async () => {
    expect((await search(stranger, 'launhc')).map((h) => h.id)).toEqual([ids.strangers]);
    expect((await search(stranger, 'ebra')).map((h) => h.id)).toEqual([]);
    expect((await search(viewer, 'launhc')).map((h) => h.id)).not.toContain(ids.strangers);
    const direct = await stranger.rpc('search_matches', { query: 'ebra', max_results: 20 });
    expect(direct.error).toBeNull();
    expect(direct.data).toEqual([]);
    const ownerWithoutSecondStep = clientFor(stack.url, stack.keys.anonKey, {
      token: await tokenFor(stack, world.owner, 'aal1'),
    });
    const aal1 = await ownerWithoutSecondStep.rpc('search_matches', { query: 'ebra' });
    expect(aal1.data).toEqual([]);
    const anon = await stack.anon().rpc('search_matches', { query: 'ebra' });
    expect(anon.error?.code).toBe('42501');
    // The words of every note are looked up only inside search_matches: nobody reads them.
    for (const client of [viewer, stranger, stack.anon()]) {
      const words = await client.from('search_vocabulary').select('word').limit(1);
      expect(words.data ?? []).toEqual([]);
    }
    const { rows } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.search_vocabulary where word in ('zebra', 'launchpad')`,
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('keeps a plain-text excerpt of each note for lists', async () => {
    const { rows } = await stack.db.query<{ excerpt: string }>(
      `insert into public.notes (notebook_id, author_id, title, body) values ($1, $2, 'x', $3) returning excerpt`,
      [
        world.notebookId,
        world.owner.id,
        '# Title\n\n- [ ] task with **bold** and `code`\n\n[a link](https://x.test) ![pic](attachment:p)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nlet x;\n```\n<b>kept</b>',
      ],
    );
    expect(rows[0]!.excerpt).toBe(
      'Title task with bold and code a link pic a b 1 2 let x; <b>kept</b>',
    );
  });
});
