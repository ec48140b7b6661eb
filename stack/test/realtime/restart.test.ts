import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  DRIVERS,
  createTestDatabase,
  makeWorkdir,
  startTestStack,
  type TestStack,
} from '../support/stack.ts';
import { REALTIME_MIGRATION } from './fixtures.ts';
import { Inbox, closeAll, realtimeClient } from './support.ts';

type Change = RealtimePostgresChangesPayload<{ body: string }>;

describe.each(DRIVERS)('realtime across a restart on %s', (driver) => {
  it('lets clients reconnect and rejoin on their own, with Postgres Changes and broadcast working again', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-realtime-restart-'));
    const workdir = makeWorkdir({ migrations: { '0001_app.sql': REALTIME_MIGRATION } });
    const database = driver === 'postgres' ? await createTestDatabase() : undefined;
    let stack: TestStack = await startTestStack({
      driver,
      workdir,
      dataDir,
      databaseUrl: database?.url,
    });
    const port = Number(new URL(stack.url).port);
    const start = () =>
      startTestStack({ driver, workdir, dataDir, databaseUrl: database?.url, port });
    // Reconnect quickly; the default backoff (1 s, 2 s, 5 s …) works the same, only slower.
    const options = { realtime: { reconnectAfterMs: () => 200 } };
    const watcher = realtimeClient(stack, { key: stack.keys.serviceRoleKey, ...options });
    const sender = realtimeClient(stack, options);
    try {
      const statuses = new Inbox<string>();
      const changes = new Inbox<Change>();
      const broadcasts = new Inbox<{ event: string }>();
      await watcher.realtime.setAuth();
      watcher
        .channel('after-restart')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'notices' },
          changes.push,
        )
        .on('broadcast', { event: '*' }, broadcasts.push)
        .subscribe((status) => statuses.push(status));
      expect(await statuses.next()).toBe('SUBSCRIBED');
      await stack.db.query(`insert into public.notices (body) values ('before')`);
      expect(((await changes.next()).new as { body: string }).body).toBe('before');

      await stack.stop();
      stack = await start();
      // The channel errors when the socket drops, then joins again once the stack is back.
      const next = await statuses.take(2, 30_000);
      expect(next).toEqual(['CHANNEL_ERROR', 'SUBSCRIBED']);

      await stack.db.query(`insert into public.notices (body) values ('after')`);
      expect(((await changes.next()).new as { body: string }).body).toBe('after');
      const out = sender.channel('after-restart');
      await new Promise<void>((resolve) => out.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
      await out.send({ type: 'broadcast', event: 'hello-again', payload: {} });
      expect((await broadcasts.next()).event).toBe('hello-again');
    } finally {
      await closeAll(watcher, sender);
      await stack.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(path.dirname(workdir), { recursive: true, force: true });
    }
  });
});
