// The sheaf-stack command line, run as a person runs it: a child process per command.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeWorkdir } from '../support/stack.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/sheaf-stack.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function run(args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '' },
  });
}

describe('sheaf-stack', () => {
  it('status --json prints the URL and every key', async () => {
    const workdir = makeWorkdir();
    const result = run(['status', '--json', '--workdir', workdir, '--port', '6123']);
    expect(result.status).toBe(0);
    const status = JSON.parse(result.stdout) as Record<string, string>;
    expect(Object.keys(status).sort()).toEqual([
      'anon_key',
      'api_url',
      'inbox_url',
      'publishable_key',
      'secret_key',
      'service_role_key',
    ]);
    expect(status.api_url).toBe('http://127.0.0.1:6123');
    expect(status.inbox_url).toBe('http://127.0.0.1:6123/inbox');
    expect(status.publishable_key).toMatch(/^sb_publishable_/);
    expect(status.secret_key).toMatch(/^sb_secret_/);
  });

  it('explains a usage mistake and exits 2', () => {
    const result = run(['start', '--port', 'x']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--port must be a number');
  });

  it('stops the start on a bad config value, naming the key', () => {
    const workdir = makeWorkdir({ config: '[auth]\nenable_signup = "maybe"\n' });
    const result = run(['start', '--workdir', workdir, '--memory', '--port', '6124']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('auth.enable_signup: expected true or false, got "maybe"');
  });

  it('starts, keeps data across a SIGTERM restart, and reset wipes it', async () => {
    const workdir = makeWorkdir({
      migrations: { '1_t.sql': 'create table public.t (v text);' },
      seed: "insert into public.t values ('seeded');",
    });
    const port = await freePort();
    const start = () =>
      new Promise<{ stop: () => Promise<number | null> }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [BIN, 'start', '--workdir', workdir, '--port', String(port)],
          { env: { ...process.env, DATABASE_URL: '' } },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Sheaf stack is running')) {
            resolve({
              stop: () =>
                new Promise((done) => {
                  child.once('exit', (code) => done(code));
                  child.kill('SIGTERM');
                }),
            });
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
    const first = await start();
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    expect(await first.stop()).toBe(0);
    expect(existsSync(path.join(path.dirname(workdir), '.sheaf', 'db'))).toBe(true);
    // The second start finds the database as it was: migration recorded, seed not run again.
    const second = await start();
    expect(await second.stop()).toBe(0);
    const { openPglite } = await import('../../src/db/pglite.ts');
    const db = await openPglite(path.join(path.dirname(workdir), '.sheaf', 'db'));
    expect((await db.query('select v from public.t')).rows).toEqual([{ v: 'seeded' }]);
    await db.close();

    const reset = run(['reset', '--workdir', workdir, '--port', String(port)]);
    expect(reset.status).toBe(0);
    const again = await openPglite(path.join(path.dirname(workdir), '.sheaf', 'db'));
    expect((await again.query('select count(*)::int as n from public.t')).rows).toEqual([{ n: 1 }]);
    await again.close();
    // Three starts of a process and two opens of its database: on a loaded machine (CI's stages
    // in parallel) this took 67 s, over the default 60 s guard.
  }, 180_000);
});
