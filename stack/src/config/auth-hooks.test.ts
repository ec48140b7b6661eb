import { describe, expect, it } from 'vitest';
import { readHooks } from './auth-hooks.ts';
import { Reader } from './values.ts';

const SECRET = `v1,whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const read = (hook: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) =>
  readHooks(new Reader(env), { hook: { send_email: { enabled: true, ...hook } } });

describe('[auth.hook.*]', () => {
  it('reads a Postgres function hook into its schema and function', () => {
    expect(read({ uri: 'pg-functions://postgres/public/custom_hook' })).toEqual({
      send_email: {
        kind: 'pg',
        uri: 'pg-functions://postgres/public/custom_hook',
        schema: 'public',
        fn: 'custom_hook',
      },
    });
  });

  it('reads an HTTP hook with its secrets, several joined by |, from env() too', () => {
    const other = `v1,whsec_${Buffer.alloc(24, 1).toString('base64')}`;
    expect(
      read(
        { uri: 'https://hooks.example.com/mail', secrets: 'env(HOOK_SECRETS)' },
        {
          HOOK_SECRETS: `${SECRET}|${other}`,
        },
      ),
    ).toEqual({
      send_email: { kind: 'http', uri: 'https://hooks.example.com/mail', secrets: [SECRET, other] },
    });
  });

  it('leaves out a hook that is not enabled, even with a bad URI', () => {
    expect(readHooks(new Reader({}), { hook: { send_sms: { uri: 'ftp://x' } } })).toEqual({});
  });

  it.each([
    [{}, /auth\.hook\.send_email\.uri: expected a hook URI/],
    [{ uri: 'ftp://example.com/x' }, /uri: expected a HTTP, HTTPS, or pg-functions URI/],
    [{ uri: 'pg-functions://postgres/public' }, /uri: expected "pg-functions:\/\/postgres/],
    [{ uri: 'pg-functions://postgres/public/bad-name' }, /uri: expected "pg-functions/],
    [{ uri: 'pg-functions://postgres/public/fn', secrets: SECRET }, /secrets: expected nothing/],
    [{ uri: 'https://example.com/hook' }, /secrets: expected a secret for an HTTP hook/],
    [{ uri: 'http://example.com/hook', secrets: SECRET }, /expected an https URL/],
    [{ uri: 'https://example.com/hook', secrets: 'whsec_abc' }, /secrets: expected "v1,whsec_/],
    [
      { uri: 'https://example.com/hook', secrets: 'v1,whsec_short' },
      /secrets: expected "v1,whsec_/,
    ],
  ])('refuses %j at start, naming the key', (hook, message) => {
    expect(() => read(hook)).toThrow(message);
  });

  it('allows plain http to this machine only, as Supabase Auth does', () => {
    expect(read({ uri: 'http://127.0.0.1:9999/hook', secrets: SECRET }).send_email?.kind).toBe(
      'http',
    );
    expect(read({ uri: 'http://localhost/hook', secrets: SECRET }).send_email?.kind).toBe('http');
  });

  it('never prints a secret in its error', () => {
    const bad = 'v1,whsec_this-is-secret-but-malformed-and-long-enough';
    expect(() => read({ uri: 'https://example.com/h', secrets: bad })).toThrow(/got "…"/);
  });
});
