// kill -9 of the stack during uploads: the stack CLI runs as a child process under a mixed load of
// uploads, replacements and removals (some requests only half sent), is killed with SIGKILL, and
// restarted on the same data. After the restart no row may lack its bytes, no bytes may lack a
// row, no staged file may remain, and every write the client saw acknowledged must be there.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DRIVERS,
  createTestDatabase,
  makeWorkdir,
  startTestStack,
  type TestStack,
} from '../support/stack.ts';
import { STORAGE_CONFIG } from './helpers.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/sheaf-stack.mjs');

const md5 = (data: string | Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `sheaf-stack start` and resolves with its secret key once it serves requests. */
async function startChild(args: string[]): Promise<{ child: ChildProcess; key: string }> {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [BIN, 'start', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  for (let i = 0; i < 600; i++) {
    const key = /secret key:\s+(\S+)/.exec(output)?.[1];
    if (key) return { child, key };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the stack did not start:\n${output}`);
}

/**
 * Per key: the last state the client saw acknowledged (an ETag, or 'absent' after a removal), and
 * the states sent after it without an OK answer — a write cut off by the kill may or may not have
 * committed. Each key is written by one client, one request at a time.
 */
class Ledger {
  private keys = new Map<string, { acked?: string; unsure: string[] }>();
  begin(key: string, state: string) {
    const entry = this.keys.get(key) ?? { unsure: [] };
    entry.unsure.push(state);
    this.keys.set(key, entry);
  }
  end(key: string, state: string, ok: boolean) {
    if (ok) this.keys.set(key, { acked: state, unsure: [] });
  }
  get acknowledged() {
    return [...this.keys.values()].filter((entry) => entry.acked !== undefined).length;
  }
  /** Key → the states it may be in now. */
  possible(): Map<string, string[]> {
    return new Map(
      [...this.keys].map(([key, { acked, unsure }]) => [key, [acked ?? 'absent', ...unsure]]),
    );
  }
}

describe.each(DRIVERS)('storage after kill -9 during uploads on %s', (driver) => {
  it('keeps no row without bytes, no bytes without a row, and every acknowledged write', async () => {
    const workdir = makeWorkdir({ config: STORAGE_CONFIG });
    const dataDir = path.join(path.dirname(workdir), '.sheaf');
    const database = driver === 'postgres' ? await createTestDatabase() : undefined;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/storage/v1`;
    const { child, key } = await startChild([
      '--workdir',
      workdir,
      '--port',
      String(port),
      ...(database ? ['--database-url', database.url] : []),
    ]);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const headers = { apikey: key, authorization: `Bearer ${key}` };
    const ledger = new Ledger();
    let killed = false;
    let stack: TestStack | undefined;

    const send = async (method: string, name: string, body: string | null) => {
      const state = body === null ? 'absent' : md5(body);
      ledger.begin(name, state);
      let ok = false;
      try {
        const res =
          body === null
            ? await fetch(`${base}/object/private`, {
                method: 'DELETE',
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify({ prefixes: [name] }),
              })
            : await fetch(`${base}/object/private/${name}`, {
                method,
                headers: { ...headers, 'content-type': 'text/plain', 'x-upsert': 'true' },
                body,
              });
        ok = res.ok;
        await res.body?.cancel();
      } catch {
        // the stack went away
      }
      ledger.end(name, state, ok);
    };

    /** One client: new objects, replacements of its own file, removals of its older objects. */
    const client = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const body = `${w}-${i}-${randomBytes(16 * 1024 * (1 + (i % 8))).toString('hex')}`;
        await send('POST', `w${w}/obj${i}.txt`, body);
        if (i % 3 === 0) await send('PUT', `w${w}/same.txt`, `${w}-same-${i}-${body}`);
        if (i % 5 === 4) await send('DELETE', `w${w}/obj${i - 2}.txt`, null);
      }
    };

    /** Uploads whose body stops half way: in flight when the stack dies. */
    const halfSent = Array.from({ length: 4 }, (_, n) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/storage/v1/object/private/partial/${n}.txt`,
        headers: { ...headers, 'content-type': 'text/plain', 'content-length': 4 * 1024 * 1024 },
      });
      req.on('error', () => undefined);
      req.write('x'.repeat(256 * 1024));
      return req;
    });

    try {
      const clients = Array.from({ length: 4 }, (_, w) => client(w));
      while (ledger.acknowledged < 40) await new Promise((r) => setTimeout(r, 20));
      killed = true;
      child.kill('SIGKILL');
      await exited;
      await Promise.all(clients);
      for (const req of halfSent) req.destroy();

      stack = await startTestStack({ driver, workdir, dataDir, databaseUrl: database?.url });
      const store = path.join(dataDir, 'storage');
      const files = readdirSync(path.join(store, 'versions'), { recursive: true })
        .map(String)
        .filter((f) => statSync(path.join(store, 'versions', f)).isFile());
      const { rows } = await stack.db.query<{
        name: string;
        version: string;
        metadata: { size: number; eTag: string };
      }>(`select name, version, metadata from storage.objects where bucket_id = 'private'`);

      // Every row has its bytes, whole; every file has its row; nothing staged remains.
      for (const row of rows) {
        const file = path.join(store, 'versions', row.version.slice(0, 2), row.version);
        expect(existsSync(file), `bytes of ${row.name}`).toBe(true);
        const bytes = readFileSync(file);
        expect(bytes.length).toBe(row.metadata.size);
        expect(md5(bytes)).toBe(row.metadata.eTag);
      }
      const versions = new Set(rows.map((r) => r.version));
      expect(files.map((f) => path.basename(f)).filter((v) => !versions.has(v))).toEqual([]);
      expect(readdirSync(path.join(store, 'tmp'))).toEqual([]);

      // Every key holds its last acknowledged state, or one written after it and cut off.
      const current = new Map(rows.map((r) => [r.name, r.metadata.eTag]));
      for (const [name, states] of ledger.possible())
        expect(states, name).toContain(current.get(name) ?? 'absent');
      expect(rows.filter((r) => r.name.startsWith('partial/'))).toEqual([]);
      expect(ledger.acknowledged).toBeGreaterThanOrEqual(40);
    } finally {
      if (!killed) child.kill('SIGKILL');
      await stack?.stop();
      await database?.drop();
      rmSync(path.dirname(workdir), { recursive: true, force: true });
    }
  });
});
