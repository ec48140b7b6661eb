import { describe, expect, it } from 'vitest';

import { viewOf } from './view.ts';

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
});
