// A bounded load test: 200 sockets (supabase-js clients, as four users) listen to one table under
// RLS while 50 changes a second are committed for 8 seconds. Every subscriber must receive every
// change exactly once, in commit order. It asserts nothing about time.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { newUser } from './fixtures.ts';
import { closeAll, joined, realtimeClient, until } from './support.ts';

const CONNECTIONS = 200;
const PER_SECOND = 50;
const SECONDS = 8;
const CHANGES = PER_SECOND * SECONDS;

const MIGRATION = `
create table public.feed (id bigint generated always as identity primary key, n int not null);
alter table public.feed enable row level security;
create policy "signed-in read" on public.feed for select to authenticated using (auth.uid() is not null);
alter publication supabase_realtime add table public.feed;
`;

describe.each(DRIVERS)('realtime under load on %s', (driver) => {
  let stack: TestStack;
  const clients: SupabaseClient[] = [];
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      migrations: { '0001_feed.sql': MIGRATION },
      // Hosted's defaults would cut this test off (100 messages a second for the project).
      env: {
        TENANT_MAX_CONCURRENT_USERS: '1000',
        TENANT_MAX_EVENTS_PER_SECOND: '1000000',
      },
    });
  });
  afterAll(async () => {
    for (let i = 0; i < clients.length; i += 50) await closeAll(...clients.slice(i, i + 50));
    await stack?.close();
  });

  it(`delivers ${PER_SECOND} changes a second to ${CONNECTIONS} connections, each exactly once and in order`, async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => newUser(stack)));
    const received: number[][] = [];
    for (let i = 0; i < CONNECTIONS; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, CONNECTIONS - i) }, async (_, j) => {
          const client = realtimeClient(stack, { token: users[(i + j) % users.length]!.token });
          clients.push(client);
          const got: number[] = [];
          received.push(got);
          await joined(
            client
              .channel(`feed-${i + j}`)
              .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'feed' }, (c) =>
                got.push((c.new as { n: number }).n),
              ),
          );
        }),
      );
    }

    const started = Date.now();
    for (let n = 1; n <= CHANGES; n++) {
      await stack.db.query('insert into public.feed (n) values ($1)', [n]);
      const due = started + (n * 1000) / PER_SECOND;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    }
    await until(() => received.every((got) => got.length >= CHANGES), 120_000);
    const expected = Array.from({ length: CHANGES }, (_, i) => i + 1);
    for (const got of received) expect(got).toEqual(expected);
  }, 300_000);
});
