import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.ts';
import { globToRegExp, isRedirectAllowed } from './redirect.ts';

const config = (siteUrl: string, additional: string[]) =>
  parseConfig({ auth: { site_url: siteUrl, additional_redirect_urls: additional } }, '/tmp/x', {});

describe('redirect URL allow-list', () => {
  const c = config('https://app.example.com', [
    'https://*.example.org/auth/*',
    'https://deploy-**.vercel.app/**',
    'myapp://callback',
    'https://{a,b}.example.net/?',
  ]);

  it('allows the site URL host with any path, and any port on loopback', () => {
    expect(isRedirectAllowed(c, 'https://app.example.com/welcome?x=1')).toBe(true);
    expect(isRedirectAllowed(c, 'http://app.example.com/welcome')).toBe(false);
    expect(isRedirectAllowed(c, 'https://app.example.com:8443/')).toBe(false);
    const local = config('http://localhost:3000', []);
    expect(isRedirectAllowed(local, 'http://localhost:5173/cb')).toBe(true);
    expect(isRedirectAllowed(local, 'http://127.0.0.1:9999/cb')).toBe(true);
    expect(isRedirectAllowed(local, 'http://10.0.0.1/cb')).toBe(false);
  });

  it('matches globs with . and / as separators', () => {
    expect(isRedirectAllowed(c, 'https://team.example.org/auth/callback')).toBe(true);
    expect(isRedirectAllowed(c, 'https://a.team.example.org/auth/callback')).toBe(false);
    expect(isRedirectAllowed(c, 'https://team.example.org/auth/a/b')).toBe(false);
    expect(isRedirectAllowed(c, 'https://deploy-pr-1.vercel.app/x/y#frag')).toBe(true);
    expect(isRedirectAllowed(c, 'myapp://callback')).toBe(true);
    expect(isRedirectAllowed(c, 'https://b.example.net/z')).toBe(true);
    expect(isRedirectAllowed(c, 'https://c.example.net/z')).toBe(false);
  });

  it('refuses odd hosts and empty values', () => {
    expect(isRedirectAllowed(c, '')).toBe(false);
    expect(isRedirectAllowed(c, 'not a url')).toBe(false);
    expect(isRedirectAllowed(c, 'http://2130706433/')).toBe(false);
  });

  it('compiles globs to anchored expressions', () => {
    expect(globToRegExp('https://*.x.com').test('https://a.x.com')).toBe(true);
    expect(globToRegExp('https://*.x.com').test('https://a.x.com/evil')).toBe(false);
    expect(globToRegExp('a[bc]d').test('acd')).toBe(true);
  });
});
