// Issue 24's notification benchmark: a mention reaching the other person's bell — the owner saves
// a note body that mentions a viewer (REST), the database records the notification and broadcasts
// on the viewer's private user:<id> topic, the viewer's live channel (the app's watchLive) hears
// it — next to a bare broadcast between the same two clients on a channel of their own, in one
// run on the real supabase/ folder (PGlite).
import type { SupabaseClient } from '@supabase/supabase-js';
import { watchLive } from '../app/src/lib/collab/live-changes.ts';
import { closeAll, realtimeClient, subscribe } from '../stack/test/realtime/support.ts';
import { startSheafStack, tokenFor } from '../stack/test/sheaf/support/sheaf-stack.ts';
import { buildWorld } from '../stack/test/sheaf/support/world.ts';
import { ms, ratio, table, type BenchSection } from './lib.ts';

const ITERATIONS = 40;
const WARMUP = 5;
const TIMEOUT_MS = 10_000;

/** Resolves at the next call of the returned `hear`, or fails after a timeout. */
function waiter() {
  let resolve: (() => void) | null = null;
  return {
    hear: () => {
      resolve?.();
      resolve = null;
    },
    next: () =>
      new Promise<void>((ok, fail) => {
        const timer = setTimeout(() => fail(new Error('nothing arrived')), TIMEOUT_MS);
        resolve = () => {
          clearTimeout(timer);
          ok();
        };
      }),
  };
}

interface Spans {
  p50: number;
  p95: number;
  p99: number;
}

/** Runs `fn` one call at a time; each returns the span it timed itself (set-up excluded). */
async function timed(fn: () => Promise<number>): Promise<Spans> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const spans: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) spans.push(await fn());
  spans.sort((a, b) => a - b);
  const at = (p: number) =>
    spans[Math.min(spans.length - 1, Math.ceil((p / 100) * spans.length) - 1)]!;
  return { p50: at(50), p95: at(95), p99: at(99) };
}

export default async function notificationsBench(): Promise<BenchSection[]> {
  const stack = await startSheafStack('pglite');
  const clients: SupabaseClient[] = [];
  try {
    const world = await buildWorld(stack.db);
    const owner = realtimeClient(stack, { token: await tokenFor(stack, world.owner, 'aal2') });
    const viewer = realtimeClient(stack, { token: await tokenFor(stack, world.viewer) });
    clients.push(owner, viewer);

    // The viewer's bell: the app's own live channel.
    const bell = waiter();
    const stop = watchLive(viewer, world.viewer.id, {
      change: () => undefined,
      access: () => undefined,
      pins: () => undefined,
      notifications: bell.hear,
      resync: () => undefined,
    });
    const mention = `[@Vera](sheaf:user/${world.viewer.id})`;
    let round = 0;
    const mentionToBell = async () => {
      // Not timed: a body without the mention, and no unread mention left (each is new).
      await owner
        .from('notes')
        .update({ body: `round ${round++}` })
        .eq('id', world.noteId);
      await stack.db.query('delete from public.notifications');
      const arrived = bell.next();
      const t0 = performance.now();
      const { error } = await owner
        .from('notes')
        .update({ body: `Ask ${mention}` })
        .eq('id', world.noteId);
      if (error) throw new Error(error.message);
      await arrived;
      return performance.now() - t0;
    };
    // Wait until the viewer's channel is live (a mention arrives).
    for (let i = 0; ; i++) {
      try {
        await mentionToBell();
        break;
      } catch (error) {
        if (i > 5) throw error;
      }
    }

    // The bare broadcast between the same two clients.
    const heard = waiter();
    const listening = viewer
      .channel('bench-bare')
      .on('broadcast', { event: 'ping' }, () => heard.hear());
    await subscribe(listening);
    const sending = owner.channel('bench-bare');
    await subscribe(sending);
    const bare = async () => {
      const arrived = heard.next();
      const t0 = performance.now();
      await sending.send({ type: 'broadcast', event: 'ping', payload: {} });
      await arrived;
      return performance.now() - t0;
    };

    const baseline = await timed(bare);
    const mentioned = await timed(mentionToBell);
    await stop();
    return [
      {
        title: 'Notifications: a mention reaching the bell vs a bare broadcast',
        body: [
          `${ITERATIONS} rounds each, one after another, PGlite, the repository's supabase/ folder. A mention: the owner saves a body mentioning the viewer (PATCH /rest/v1/notes), the trigger records the notification and broadcasts on user:<viewer>, the viewer's live channel (the app's watchLive) hears it. The baseline: a broadcast sent by the owner's client to the viewer's on a public channel.`,
          '',
          table(
            ['path', 'p50', 'p95', 'p99', 'p50 ÷ baseline'],
            [
              [
                'bare broadcast, client to client — baseline',
                ms(baseline.p50),
                ms(baseline.p95),
                ms(baseline.p99),
                '1.00×',
              ],
              [
                'mention saved → notification on the bell',
                ms(mentioned.p50),
                ms(mentioned.p95),
                ms(mentioned.p99),
                ratio(mentioned.p50, baseline.p50),
              ],
            ],
          ),
        ].join('\n'),
      },
    ];
  } finally {
    await closeAll(...clients);
    await stack.close();
  }
}
