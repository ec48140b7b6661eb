import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.ts';
import { signHs256 } from '../keys/legacy.ts';
import { loadKeys } from '../keys/keys.ts';
import { apiKeyValue, bearerToken, isOpaqueKey, resolveCaller, resolveToken } from './caller.ts';
import { incomingFrom } from './route.ts';
import { viewOf } from './view.ts';

const request = (headers: Record<string, string>, url = 'http://stack/rest/v1/notes') =>
  new Request(url, { headers });

describe('reading credentials', () => {
  it('reads the bearer token with the scheme in any case, trimmed', () => {
    expect(bearerToken(request({ authorization: 'Bearer a.b.c' }))).toBe('a.b.c');
    expect(bearerToken(request({ authorization: '  bearer   a.b.c  ' }))).toBe('a.b.c');
    expect(bearerToken(request({ authorization: 'BEARER x' }))).toBe('x');
    expect(bearerToken(request({ authorization: 'Basic x' }))).toBeUndefined();
    expect(bearerToken(request({ authorization: 'Bearer' }))).toBeUndefined();
    expect(bearerToken(request({}))).toBeUndefined();
  });

  it('reads the API key from the apikey header, else the query parameter', () => {
    expect(apiKeyValue(request({ apikey: 'h' }, 'http://stack/x?apikey=q'))).toBe('h');
    expect(apiKeyValue(request({}, 'http://stack/x?apikey=q'))).toBe('q');
    expect(apiKeyValue(request({}))).toBeUndefined();
  });

  it("reads both from the view's record of Node's raw headers, never building Web Headers", () => {
    // A request whose Web Headers must not be built: a view over Node's raw headers reads them.
    const untouched = new Request('http://stack/x?apikey=q');
    Object.defineProperty(untouched, 'headers', {
      get: () => expect.fail('the Web Headers were built'),
    });
    const raw = ['Authorization', 'Bearer a.b.c', 'APIKEY', 'h'];
    const view = viewOf(untouched, raw);
    expect(bearerToken(view)).toBe('a.b.c');
    expect(apiKeyValue(view)).toBe('h');
    expect(apiKeyValue(viewOf(untouched, []))).toBe('q');
    expect(bearerToken(viewOf(untouched, []))).toBeUndefined();
  });

  it('tells an opaque project key by its form alone', () => {
    expect(isOpaqueKey('sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH')).toBe(true);
    expect(isOpaqueKey('sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz')).toBe(true);
    expect(isOpaqueKey('sb_other_x')).toBe(false);
    expect(isOpaqueKey('sb_secret_a.b.c')).toBe(false);
    expect(isOpaqueKey('eyJ.eyJ.sig')).toBe(false);
  });
});

describe('resolving the caller', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sheaf-caller-'));
  const config = parseConfig({}, dir);
  const keys = await loadKeys(config);
  const now = Math.floor(Date.now() / 1000);

  it('gives a project key its role, a JWT its claims', async () => {
    expect(await resolveToken(keys, keys.secretKey)).toMatchObject({
      ok: true,
      value: { via: 'key', role: 'service_role' },
    });
    const jwt = await keys.signAccessToken({ role: 'authenticated', sub: 'u', exp: now + 60 });
    expect(await resolveToken(keys, jwt)).toMatchObject({
      ok: true,
      value: { via: 'jwt', role: 'authenticated', claims: { sub: 'u' } },
    });
  });

  it('types every failure', async () => {
    const kind = async (token: string, accept?: 'jwt') => {
      const resolved = await resolveToken(keys, token, accept);
      return resolved.ok ? 'ok' : resolved.failure.kind;
    };
    expect(await kind('abc')).toBe('malformed');
    expect(await kind('sb_secret_unknown')).toBe('unknown-key');
    expect(await kind(keys.publishableKey, 'jwt')).toBe('malformed');
    expect(await kind(signHs256({ role: 'anon', exp: now - 60 }, config.auth.jwtSecret))).toBe(
      'expired',
    );
    expect(await kind(signHs256({ role: 'anon' }, 'x'.repeat(32)))).toBe('bad-signature');
  });

  it('falls back to the API key without a bearer token, and is missing without either', async () => {
    const anon = { role: 'anon', kind: 'publishable' } as const;
    const resolved = await resolveCaller(
      incomingFrom(request({}), { ip: '::1', apikey: anon }),
      keys,
    );
    expect(resolved).toMatchObject({ ok: true, value: { role: 'anon', path: '/rest/v1/notes' } });
    const keyless = incomingFrom(request({}), { ip: '::1', apikey: undefined });
    expect(await resolveCaller(keyless, keys)).toEqual({
      ok: false,
      failure: { kind: 'missing' },
    });
  });
});
