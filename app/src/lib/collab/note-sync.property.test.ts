// The merge, as a property: 2–5 editors of one note type and delete at random places of its
// body and its title while
// messages between them arrive in random interleavings, connections drop and return, answers
// from the database are lost after it stored the write, tabs are killed and reopened, the log
// is compacted, the database is out of reach while the channel works, and devices are lost
// for good. Once everyone left is back and everything has
// been delivered, every client, the stored log, notes.body / notes.title and a newcomer reading
// only the database hold the same title and body; they hold each character at most once, and
// every character that was typed on a device still here, or reached one, or was stored — unless
// someone deleted it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { World } from './testing/harness.ts';

/** Which text of the note an edit goes to. */
type Field = 'body' | 'title';

type Op =
  | { t: 'type'; c: number; at: number; len: number; f: Field }
  | { t: 'delete'; c: number; at: number; len: number; f: Field }
  | { t: 'deliver'; c: number; n: number }
  | { t: 'offline'; c: number }
  | { t: 'online'; c: number }
  | { t: 'reload'; c: number }
  | { t: 'step'; ms: number }
  | { t: 'compact'; c: number }
  | { t: 'lose'; c: number }
  | { t: 'vanish'; c: number }
  | { t: 'flaky'; c: number };

const client = fc.nat(4);
const field = fc.constantFrom<Field>('body', 'body', 'body', 'title');
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('type' as const),
      c: client,
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      len: fc.integer({ min: 1, max: 4 }),
      f: field,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('delete' as const),
      c: client,
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      len: fc.integer({ min: 1, max: 3 }),
      f: field,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('deliver' as const),
      c: client,
      n: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('offline' as const), c: client }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('online' as const), c: client }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reload' as const), c: client }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('step' as const),
      ms: fc.constantFrom(0, 50, 200, 2000, 16_000),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('compact' as const), c: client }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('lose' as const), c: client }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('vanish' as const), c: client }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('flaky' as const), c: client }) },
);

async function run(clients: number, ops: Op[], body: string, title: string): Promise<void> {
  const world = new World();
  world.server.body = body;
  world.server.title = title;
  const everTyped = new Set<string>([...body, ...title]);
  /** Characters that must survive unless deleted: typed on, or seen by, a device still here. */
  const kept = new Set<string>([...body, ...title]);
  const typedBy = new Map<string, Set<string>>();
  const seenBy = new Map<string, Set<string>>();
  const deleted = new Set<string>();
  let next = 0xac00;
  try {
    for (let i = 0; i < clients; i += 1) await world.client(`user-${i}`);
    for (const o of ops) {
      const live = world.clients;
      const c = 'c' in o ? live[o.c % live.length]! : null;
      switch (o.t) {
        case 'type': {
          const text = Array.from({ length: o.len }, () => String.fromCodePoint(next++)).join('');
          for (const ch of text) everTyped.add(ch);
          const mine = typedBy.get(c!.user) ?? new Set();
          for (const ch of text) mine.add(ch);
          typedBy.set(c!.user, mine);
          const target = o.f === 'title' ? c!.sync.title : c!.sync.text;
          target.insert(Math.floor(o.at * (target.length + 1)), text);
          break;
        }
        case 'delete': {
          const target = o.f === 'title' ? c!.sync.title : c!.sync.text;
          const length = target.length;
          if (!length) break;
          const at = Math.min(length - 1, Math.floor(o.at * length));
          const len = Math.min(o.len, length - at);
          for (const ch of target.toString().slice(at, at + len)) deleted.add(ch);
          target.delete(at, len);
          break;
        }
        case 'deliver':
          c!.channel.deliver(o.n);
          break;
        case 'offline':
          c!.setOnline(false);
          break;
        case 'online':
          c!.setOnline(true);
          break;
        case 'reload':
          await c!.reload();
          break;
        case 'step':
          await world.step(o.ms);
          break;
        case 'compact':
          await c!.compact();
          break;
        case 'lose':
          c!.store.loseNextAnswer = true;
          break;
        case 'flaky':
          // The database is out of reach while the channel still works (or back again).
          c!.store.online = !c!.store.online;
          break;
        case 'vanish':
          if (live.length > 1) {
            await world.vanish(c!);
            typedBy.delete(c!.user);
            seenBy.delete(c!.user);
          }
          break;
      }
      await world.step(0);
      for (const ch of world.server.storedText() + world.server.storedTitle()) kept.add(ch);
      for (const client of world.clients) {
        const seen = seenBy.get(client.user) ?? new Set();
        for (const ch of client.text + client.title) seen.add(ch);
        seenBy.set(client.user, seen);
      }
    }
    for (const set of [...typedBy.values(), ...seenBy.values()]) for (const ch of set) kept.add(ch);
    await world.quiesce();

    const texts = world.clients.map((c) => c.text);
    const text = texts[0]!;
    for (const other of texts) expect(other).toBe(text);
    const titles = world.clients.map((c) => c.title);
    const merged = titles[0]!;
    for (const other of titles) expect(other).toBe(merged);
    expect(world.server.storedText()).toBe(text);
    expect(world.server.body).toBe(text);
    expect(world.server.storedTitle()).toBe(merged);
    expect(world.server.title).toBe(merged);
    const newcomer = await world.client('newcomer');
    expect(newcomer.text).toBe(text);
    expect(newcomer.title).toBe(merged);
    const all = text + merged;
    expect(new Set(all).size).toBe([...all].length);
    for (const ch of all) expect(everTyped.has(ch)).toBe(true);
    const missing = [...kept].filter((ch) => !deleted.has(ch) && !all.includes(ch));
    expect(missing).toEqual([]);
  } finally {
    await world.close();
  }
}

describe('the merge of concurrent edits', () => {
  it('converges to identical text holding every character typed and not deleted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 5 }),
        fc.array(op, { minLength: 1, maxLength: 60 }),
        fc.constantFrom('', '甲乙丙\n丁戊己'),
        fc.constantFrom('', 'Plan'),
        run,
      ),
      { numRuns: 120 },
    );
  }, 600_000);
});
