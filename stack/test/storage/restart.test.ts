import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DRIVERS,
  createTestDatabase,
  makeWorkdir,
  startTestStack,
  type TestStack,
} from '../support/stack.ts';
import { STORAGE_CONFIG, serviceClient, storageFetch } from './helpers.ts';

describe.each(DRIVERS)('storage across restarts on %s', (driver) => {
  it('keeps objects, sweeps unreferenced bytes and serves HTML as plain text', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-storage-restart-'));
    const workdir = makeWorkdir({ config: STORAGE_CONFIG });
    const database = driver === 'postgres' ? await createTestDatabase() : undefined;
    const start = () => startTestStack({ driver, workdir, dataDir, databaseUrl: database?.url });
    let stack: TestStack = await start();
    try {
      const files = () => serviceClient(stack).storage.from('private');
      expect(
        (await files().upload('keep.html', '<b>hi</b>', { contentType: 'text/html' })).error,
      ).toBeNull();
      const html = await storageFetch(stack, '/object/private/keep.html');
      expect(html.headers.get('content-type')).toBe('text/plain');
      await stack.stop();

      const orphan = randomUUID();
      const orphanDir = path.join(dataDir, 'storage', 'versions', orphan.slice(0, 2));
      mkdirSync(orphanDir, { recursive: true });
      writeFileSync(path.join(orphanDir, orphan), 'left behind by a crash');

      stack = await start();
      expect(await (await files().download('keep.html')).data?.text()).toBe('<b>hi</b>');
      const versions = readdirSync(path.join(dataDir, 'storage', 'versions'), { recursive: true });
      expect(versions.some((v) => String(v).endsWith(orphan))).toBe(false);
    } finally {
      await stack.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(path.dirname(workdir), { recursive: true, force: true });
    }
  });
});
