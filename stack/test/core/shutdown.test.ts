// Graceful shutdown: stop() refuses new connections but lets a request already in flight (here a
// slowly streamed upload) finish, then closes the database cleanly.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { DRIVERS, startTestStack } from '../support/stack.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DRIVERS)('stopping the stack on %s', (driver) => {
  it('lets an in-flight request finish, then refuses new ones', async () => {
    const stack = await startTestStack({ driver });
    expect((await stack.service().storage.createBucket('files')).error).toBeNull();

    const url = new URL(`${stack.url}/storage/v1/object/files/slow.txt`);
    const key = stack.keys.serviceRoleKey;
    const req = http.request(url, {
      method: 'POST',
      headers: {
        apikey: key,
        authorization: `Bearer ${key}`,
        'content-type': 'text/plain',
        'transfer-encoding': 'chunked',
      },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    req.write('first part, ');
    await new Promise<void>((resolve) =>
      req.once('socket', (s) => (s.connecting ? s.once('connect', () => resolve()) : resolve())),
    );
    await sleep(300); // the server has parsed the headers: the request is in flight

    const stopped = stack.stop();
    await sleep(200);
    req.write('second part, ');
    await sleep(200);
    req.end('last part');

    const res = await response;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ Key: 'files/slow.txt' });
    await stopped;
    await expect(fetch(`${stack.url}/health`)).rejects.toThrow();
    await stack.close();
  });
});
