import { request as httpRequest } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';
import { STORAGE_CONFIG, serviceClient, storageFetch } from './helpers.ts';

/** Every file under a directory (recursively). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe.each(DRIVERS)('storage limits and safety on %s', (driver) => {
  let stack: TestStack;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-storage-test-'));
    stack = await startTestStack({ driver, config: STORAGE_CONFIG, dataDir });
  });
  afterAll(async () => {
    await stack?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every file of the stack's byte store (tmp/ and versions/). */
  const storageFiles = () => filesUnder(path.join(dataDir, 'storage'));

  it('rejects objects over the bucket limit and over the global limit with 413', async () => {
    const avatars = serviceClient(stack).storage.from('avatars');
    const big = 'x'.repeat(1024 * 1024 + 1);
    const overBucket = await avatars.upload('big.txt', big, { contentType: 'text/plain' });
    expect(overBucket.error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const exact = await avatars.upload('exact.txt', 'x'.repeat(1024 * 1024), {
      contentType: 'text/plain',
    });
    expect(exact.error).toBeNull();
    const overGlobal = await serviceClient(stack)
      .storage.from('private')
      .upload('huge.bin', new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]));
    expect(overGlobal.error).toMatchObject({ statusCode: '413' });
    expect((await serviceClient(stack).storage.from('private').exists('huge.bin')).data).toBe(
      false,
    );
  });

  it('answers a refused large upload in Storage shape rather than dropping the connection', async () => {
    const body = new Uint8Array(4 * 1024 * 1024);
    const noBucket = await storageFetch(stack, '/object/no-such-bucket/big.bin', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    expect(noBucket.status).toBe(400);
    expect(await noBucket.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
    const badToken = await storageFetch(stack, '/object/private/big.bin', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
      bearer: 'not.a.jwt',
    });
    expect(await badToken.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
  });

  it('rejects MIME types the bucket does not allow, honouring wildcards', async () => {
    const avatars = serviceClient(stack).storage.from('avatars');
    expect((await avatars.upload('ok.png', 'png', { contentType: 'image/png' })).error).toBeNull();
    const pdf = await avatars.upload('no.pdf', 'pdf', { contentType: 'application/pdf' });
    expect(pdf.error).toMatchObject({
      statusCode: '415',
      message: 'mime type application/pdf is not supported',
    });
    const raw = await storageFetch(stack, '/object/avatars/no2.pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: 'pdf',
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ code: 'InvalidMimeType', error: 'invalid_mime_type' });
  });

  it.each([
    ['../escape.txt', '/object/private/../escape.txt'],
    ['encoded dot segments', '/object/private/a/%2e%2e/%2e%2e/escape.txt'],
    ['encoded slashes', '/object/private/%2e%2e%2f%2e%2e%2fescape.txt'],
    ['an absolute path', '/object/private//etc/passwd'],
    ['a NUL byte', '/object/private/a%00b.txt'],
    ['a backslash', '/object/private/..%5c..%5cescape.txt'],
  ])('refuses a key with %s as InvalidKey', async (_label, url) => {
    const before = storageFiles().length;
    const res = await storageFetch(stack, url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'escape',
    });
    // fetch normalises plain ../ away, which then is simply a key in another place; anything
    // that reaches the server with a traversal segment must be refused.
    if (res.status !== 200) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    expect(storageFiles().length).toBeLessThanOrEqual(before + 1);
    for (const file of storageFiles())
      expect(file.startsWith(path.join(dataDir, 'storage', 'versions') + path.sep)).toBe(true);
  });

  it('refuses traversal keys sent raw on the wire', async () => {
    const url = new URL(stack.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/storage/v1/object/private/../../escape.txt',
          headers: {
            apikey: stack.keys.serviceRoleKey,
            authorization: `Bearer ${stack.keys.serviceRoleKey}`,
            'content-type': 'text/plain',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('escape');
    });
    expect([400, 404]).toContain(status);
    const { rows } = await stack.db.query(
      `select name from storage.objects where name like '%..%'`,
    );
    expect(rows).toEqual([]);
  });

  it('leaves neither bytes nor a row when an upload is cut off, and keeps the old version', async () => {
    const files = serviceClient(stack).storage.from('private');
    await files.upload('cut.txt', 'old version', { contentType: 'text/plain' });
    const before = storageFiles().sort();
    expect(before.length).toBeGreaterThan(0);
    const url = new URL(stack.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/storage/v1/object/private/cut.txt',
        headers: {
          apikey: stack.keys.serviceRoleKey,
          authorization: `Bearer ${stack.keys.serviceRoleKey}`,
          'content-type': 'text/plain',
          'content-length': String(1024 * 1024),
          'x-upsert': 'true',
        },
      });
      req.on('error', () => resolve());
      req.write('x'.repeat(64 * 1024));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    const newKey = new Promise<void>((resolve) => {
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/storage/v1/object/private/cut-new.txt',
        headers: {
          apikey: stack.keys.serviceRoleKey,
          authorization: `Bearer ${stack.keys.serviceRoleKey}`,
          'content-type': 'text/plain',
          'content-length': String(1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      req.write('y'.repeat(32 * 1024));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    await newKey;
    // Give the server a moment to notice the aborts and clean up.
    for (let i = 0; i < 50 && storageFiles().length !== before.length; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(storageFiles().sort()).toEqual(before);
    expect(await (await files.download('cut.txt')).data?.text()).toBe('old version');
    expect((await files.exists('cut-new.txt')).data).toBe(false);
  });

  it('keeps exactly one complete version when uploads to one key race', async () => {
    const files = serviceClient(stack).storage.from('private');
    const bodies = Array.from({ length: 6 }, (_, i) => String(i).repeat(50_000));
    const results = await Promise.all(
      bodies.map((body) =>
        files.upload('race.txt', body, { contentType: 'text/plain', upsert: true }),
      ),
    );
    expect(results.every((r) => r.error === null)).toBe(true);
    const final = await (await files.download('race.txt')).data!.text();
    expect(bodies).toContain(final);
    const { rows } = await stack.db.query<{ version: string }>(
      `select version from storage.objects where bucket_id = 'private' and name = 'race.txt'`,
    );
    expect(rows).toHaveLength(1);
    const versionFiles = storageFiles().filter((f) => f.endsWith(rows[0]!.version));
    expect(versionFiles).toHaveLength(1);

    const creates = await Promise.all(
      bodies.map((body) => files.upload('race-new.txt', body, { contentType: 'text/plain' })),
    );
    expect(creates.filter((r) => r.error === null)).toHaveLength(1);
    expect(creates.filter((r) => r.error?.statusCode === '409')).toHaveLength(5);
  });
});
