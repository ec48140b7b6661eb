// The library's own browser storage, to prove ours reads what it wrote and the other way round
// (the app itself may only use the package's public entry).
// eslint-disable-next-line no-restricted-imports
import { createStorageFromOptions } from '@supabase/ssr/dist/module/cookies.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCookieStorage, type CookieStorage } from './cookie-storage.ts';

/** `document.cookie` as a browser keeps it for one path: set through Set-Cookie strings. */
class CookieDocument {
  readonly jar = new Map<string, string>();
  readonly writes: string[] = [];
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  set cookie(header: string) {
    this.writes.push(header);
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const maxAge = attributes.find((a) => /^max-age=/i.test(a))?.split('=')[1];
    if (maxAge !== undefined && Number(maxAge) <= 0) this.jar.delete(name);
    else this.jar.set(name, pair.slice(at + 1));
  }
}

const KEY = 'sb-abcd-auth-token';
const library = () => createStorageFromOptions({ cookieEncoding: 'base64url' }, false).storage;
const ours = () => createCookieStorage();

/** A session as auth-js stores it, large enough to need several cookies, with non-ASCII text. */
function session(seed: string, size = 5000): string {
  return JSON.stringify({
    access_token: `${seed}.`.padEnd(size, 'x'),
    refresh_token: `${seed}-refresh`,
    expires_at: 1_900_000_000,
    user: { id: seed, user_metadata: { name: 'Zoë Ångström 東京 🎉' } },
  });
}

/** The cookies a value takes: `base64-` + base64url, cut every 3180 characters (MAX_CHUNK_SIZE). */
function chunkNames(value: string): string[] {
  const length = `base64-${Buffer.from(value).toString('base64url')}`.length;
  if (length <= 3180) return [KEY];
  return Array.from({ length: Math.ceil(length / 3180) }, (_, i) => `${KEY}.${i}`);
}

let doc: CookieDocument;
beforeEach(() => {
  doc = new CookieDocument();
  vi.stubGlobal('document', doc);
  vi.stubGlobal('window', { document: doc });
});
afterEach(() => vi.unstubAllGlobals());

describe('the session cookies', () => {
  it('a session the library stored (before this storage existed) is read back', async () => {
    const value = session('before');
    await library().setItem(KEY, value);
    expect([...doc.jar.keys()]).toEqual(chunkNames(value));
    expect(doc.jar.size).toBe(3);
    expect(doc.jar.get(`${KEY}.0`)).toMatch(/^base64-/);
    expect(await ours().getItem(KEY)).toBe(value);
  });

  it('the library reads a session stored here', async () => {
    const value = session('after', 9000);
    await ours().setItem(KEY, value);
    expect([...doc.jar.keys()]).toEqual(chunkNames(value));
    expect(doc.jar.size).toBe(4);
    expect(await library().getItem(KEY)).toBe(value);
  });

  it('writes the same Set-Cookie headers as the library: chunks, stale chunks cleared, removal', async () => {
    const steps = async (storage: Pick<CookieStorage, 'setItem' | 'removeItem'>) => {
      await storage.setItem(KEY, session('long', 9000));
      await storage.setItem(KEY, session('as-long', 9000));
      await storage.setItem(KEY, session('less-long', 5000));
      await storage.setItem(KEY, session('short', 200));
      await storage.setItem(KEY, session('long-again', 5000));
      await storage.removeItem(KEY);
      await storage.removeItem(KEY);
    };
    await steps(library());
    const theirs = doc.writes.splice(0);
    expect(doc.jar.size).toBe(0);
    await steps(ours());
    expect(doc.writes).toEqual(theirs);
    expect(theirs[0]).toMatch(
      /^sb-abcd-auth-token\.0=base64-[\w-]+; Max-Age=34560000; Path=\/; SameSite=Lax$/,
    );
    expect(theirs).toContain(`${KEY}.3=; Max-Age=0; Path=/; SameSite=Lax`);
  });

  it('a session stored whole (one cookie) replaces its chunks, and the other way round', async () => {
    await library().setItem(KEY, session('chunked', 9000));
    await ours().setItem(KEY, session('whole', 100));
    expect([...doc.jar.keys()]).toEqual([KEY]);
    expect(await library().getItem(KEY)).toBe(session('whole', 100));
    await ours().setItem(KEY, session('chunked-again', 7000));
    expect([...doc.jar.keys()]).toEqual(chunkNames(session('chunked-again', 7000)));
    expect(await library().getItem(KEY)).toBe(session('chunked-again', 7000));
  });

  it('chunks from two different writes are no session, for both', async () => {
    await library().setItem(KEY, session('one', 9000));
    const first = doc.jar.get(`${KEY}.1`)!;
    await library().setItem(KEY, session('two', 9000));
    doc.jar.set(`${KEY}.1`, first.replace(/^.{10}/, 'XXXXXXXXXX'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await library().getItem(KEY)).toBeNull();
    warn.mockRestore();
    expect(await ours().getItem(KEY)).toBeNull();
  });

  it('a value stored without the base64 prefix (an older library) is read as it is', async () => {
    doc.cookie = `${KEY}=${encodeURIComponent('{"legacy":true}')}; Path=/`;
    expect(await library().getItem(KEY)).toBe('{"legacy":true}');
    expect(await ours().getItem(KEY)).toBe('{"legacy":true}');
  });
});

describe('the PKCE code verifiers', () => {
  const VERIFIER = `${KEY}-code-verifier`;
  const SLOT = `${KEY}-flow-0123456789abcdef0123456789abcdef-code-verifier`;
  const INDEX = `${KEY}-flows-code-verifier`;

  it('a flow started before this storage existed finishes with it, and the other way round', async () => {
    const theirs = library();
    await theirs.setItem(SLOT, JSON.stringify('verifier-a'));
    await theirs.setItem(INDEX, JSON.stringify(['0123456789abcdef0123456789abcdef']));
    await theirs.setItem(VERIFIER, JSON.stringify('verifier-a'));
    const mine = ours();
    expect(await mine.getItem(SLOT)).toBe('"verifier-a"');
    expect(await mine.getItem(INDEX)).toBe('["0123456789abcdef0123456789abcdef"]');
    expect(await mine.getItem(VERIFIER)).toBe('"verifier-a"');
    // The session's cookie is not a chunk of the verifier's, nor the slot's a chunk of either.
    await mine.setItem(KEY, session('signed-in'));
    for (const key of [SLOT, INDEX, VERIFIER]) await mine.removeItem(key);
    expect([...doc.jar.keys()]).toEqual(chunkNames(session('signed-in')));

    await mine.setItem(VERIFIER, JSON.stringify('verifier-b'));
    expect(await theirs.getItem(VERIFIER)).toBe('"verifier-b"');
  });
});
