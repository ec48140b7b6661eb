import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

const KEY = 'sb_publishable_abc123';

describe('readEnv', () => {
  it('accepts a URL and a publishable key', () => {
    expect(
      readEnv({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_PUBLISHABLE_KEY: KEY }),
    ).toEqual({ ok: true, env: { supabaseUrl: 'http://127.0.0.1:54321', supabaseKey: KEY } });
  });

  it('accepts a legacy anon JWT and drops a trailing slash', () => {
    const result = readEnv({
      VITE_SUPABASE_URL: 'https://abcd.supabase.co/',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'eyJh.eyJy.c2ln',
    });
    expect(result).toEqual({
      ok: true,
      env: { supabaseUrl: 'https://abcd.supabase.co', supabaseKey: 'eyJh.eyJy.c2ln' },
    });
  });

  it('names both variables when both are missing', () => {
    const result = readEnv({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.variable)).toEqual([
      'VITE_SUPABASE_URL',
      'VITE_SUPABASE_PUBLISHABLE_KEY',
    ]);
  });

  it.each([
    ['not a url', 'is not a URL'],
    ['ftp://example.com', 'http:// or https://'],
    ['https://abcd.supabase.co/rest/v1', 'without a path'],
  ])('rejects the URL %s', (url, message) => {
    const result = readEnv({ VITE_SUPABASE_URL: url, VITE_SUPABASE_PUBLISHABLE_KEY: KEY });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]?.message).toContain(message);
  });

  it('refuses a secret key', () => {
    const result = readEnv({
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_xyz',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]?.variable).toBe('VITE_SUPABASE_PUBLISHABLE_KEY');
  });

  it('rejects a malformed key', () => {
    const result = readEnv({
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'hello',
    });
    expect(result.ok).toBe(false);
  });
});
