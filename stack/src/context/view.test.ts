import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';

import { viewOf, type BodyReader } from './view.ts';

/** A request whose body must not be read through it: the view reads Node's stream instead. */
function untouchedBody(method = 'PUT'): Request {
  const request = new Request('http://stack/x', { method, body: method === 'GET' ? null : 'web' });
  Object.defineProperty(request, 'body', {
    get: () => expect.fail('the Web body was read'),
  });
  return request;
}

async function readAll(body: BodyReader): Promise<string> {
  let text = '';
  for (let chunk = await body.read(); chunk; chunk = await body.read())
    text += Buffer.from(chunk).toString();
  return text;
}

describe('viewOf', () => {
  it("reads Node's raw headers as Web Headers would: lower-case names, repeats joined", () => {
    const raw = ['X-Trace', 'a', 'Accept', 'text/plain', 'x-trace', 'b', ':authority', 'stack'];
    const fromRaw = viewOf(new Request('http://stack/x'), raw).headerRecord();
    const web = new Headers();
    for (let i = 0; i < raw.length; i += 2)
      if (!raw[i]!.startsWith(':')) web.append(raw[i]!, raw[i + 1]!);
    const fromWeb: Record<string, string> = {};
    web.forEach((value, name) => (fromWeb[name] = value));
    expect({ ...fromRaw }).toEqual(fromWeb);
  });

  it('keeps a header named like an inherited property as a header like any other', () => {
    const raw = ['constructor', 'c', '__proto__', 'p'];
    const record = viewOf(new Request('http://stack/x'), raw).headerRecord();
    expect(record.constructor).toBe('c');
    expect(record['__proto__']).toBe('p');
    expect(viewOf(new Request('http://stack/x'), []).headerRecord().constructor).toBeUndefined();
  });

  it("reads a request's own Web Headers when no raw headers came with it, once", () => {
    const request = new Request('http://stack/x?y=1', { headers: { Apikey: 'k' } });
    const view = viewOf(request);
    expect(view.headerRecord().apikey).toBe('k');
    expect(view.headerRecord()).toBe(view.headerRecord());
    expect(view.url()).toBe(view.url());
    expect(view.url().searchParams.get('y')).toBe('1');
  });

  it("reads the body from Node's stream, not the Web Request, through one reader", async () => {
    const view = viewOf(untouchedBody(), [], Readable.from([Buffer.from('ab'), Buffer.from('c')]));
    const body = view.body()!;
    expect(view.body()).toBe(body);
    expect(body.started).toBe(false);
    expect(await readAll(body)).toBe('abc');
    expect(body.started).toBe(true);
    expect(await body.read()).toBeUndefined();
  });

  it("stops Node's stream when the body is cancelled", async () => {
    const stream = Readable.from([Buffer.from('a'), Buffer.from('b')]);
    const body = viewOf(untouchedBody(), [], stream).body()!;
    await body.cancel();
    expect(body.started).toBe(true);
    expect(stream.destroyed).toBe(true);
  });

  it('has no body for GET and HEAD, and reads a Web body when no stream came with it', async () => {
    expect(viewOf(untouchedBody('GET'), [], Readable.from([])).body()).toBeNull();
    const web = viewOf(new Request('http://stack/x', { method: 'POST', body: 'hello' }));
    const body = web.body()!;
    expect(body.started).toBe(false);
    expect(await readAll(body)).toBe('hello');
    expect(body.started).toBe(true);
  });
});
