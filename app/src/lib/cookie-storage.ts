// The session's storage in the browser's cookies, written and read exactly as @supabase/ssr's
// createBrowserClient stores them (its storage is internal to that function, which would bring
// all of supabase-js into the entry chunk): each item a `base64-` + base64url(JSON) cookie,
// split into `<key>.0`, `<key>.1`… when its URI-encoded value passes the library's chunk size,
// stale chunks of the key cleared on every write, the library's cookie options (path `/`,
// SameSite Lax, a 400-day Max-Age; Max-Age 0 to clear). Every key auth-js stores goes through
// it the same way: the session and PKCE's code verifiers (`<key>-code-verifier`, the per-flow
// `<key>-flow-<id>-code-verifier` slots and their `<key>-flows-code-verifier` index). Built only
// on @supabase/ssr's public utilities, so cookies the library wrote are read here and the other
// way round (cookie-storage.test.ts writes and reads with the library's own storage).
import {
  combineChunks,
  createChunks,
  DEFAULT_COOKIE_OPTIONS,
  isBrowser,
  isChunkLike,
  parseCookieHeader,
  serializeCookieHeader,
  stringFromBase64URL,
  stringToBase64URL,
  type CookieOptions,
} from '@supabase/ssr';

const BASE64_PREFIX = 'base64-';

type Cookie = { name: string; value: string; options?: CookieOptions };

/** What auth-js needs of a storage (its `SupportedStorage`), as the library's browser storage. */
export type CookieStorage = {
  isServer: false;
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
};

/** The page's cookies, and a way to set them; `document.cookie` unless a test gives its own. */
export type CookieJar = {
  getAll(): Cookie[];
  setAll(cookies: Cookie[]): void;
};

function documentJar(): CookieJar {
  if (!isBrowser()) {
    // As the library's browser client outside a browser: nothing to read, and a write fails.
    return {
      getAll: () => [],
      setAll: () => {
        throw new Error('cookie storage: the session cookies can only be written in a browser');
      },
    };
  }
  return {
    getAll: () => parseCookieHeader(document.cookie),
    setAll: (cookies) => {
      for (const { name, value, options } of cookies)
        document.cookie = serializeCookieHeader(name, value, options ?? {});
    },
  };
}

/**
 * A stored value as auth-js wrote it, or null when absent or when its `base64-` chunks do not
 * decode to JSON (chunks of two different writes): as the library, that is treated as absent.
 */
function decode(value: string): string | null {
  if (!value.startsWith(BASE64_PREFIX)) return value;
  try {
    const decoded = stringFromBase64URL(value.slice(BASE64_PREFIX.length));
    JSON.parse(decoded);
    return decoded;
  } catch {
    return null;
  }
}

const { maxAge, ...cookieScope } = DEFAULT_COOKIE_OPTIONS;
const SET_OPTIONS: CookieOptions = { ...cookieScope, maxAge };
const CLEAR_OPTIONS: CookieOptions = { ...cookieScope, maxAge: 0 };

export function createCookieStorage(jar: CookieJar = documentJar()): CookieStorage {
  const namesOf = (key: string) =>
    jar
      .getAll()
      .map(({ name }) => name)
      .filter((name) => isChunkLike(name, key));
  return {
    isServer: false,
    async getItem(key) {
      const cookies = jar.getAll();
      const value = await combineChunks(
        key,
        (name) => cookies.find((c) => c.name === name)?.value ?? null,
      );
      return value ? decode(value) : null;
    },
    async setItem(key, value) {
      const stale = new Set(namesOf(key));
      const chunks = createChunks(key, BASE64_PREFIX + stringToBase64URL(value));
      for (const { name } of chunks) stale.delete(name);
      const cookies: Cookie[] = [
        ...[...stale].map((name) => ({ name, value: '', options: CLEAR_OPTIONS })),
        ...chunks.map(({ name, value }) => ({ name, value, options: SET_OPTIONS })),
      ];
      if (cookies.length > 0) jar.setAll(cookies);
    },
    async removeItem(key) {
      const names = namesOf(key);
      if (names.length > 0)
        jar.setAll(names.map((name) => ({ name, value: '', options: CLEAR_OPTIONS })));
    },
  };
}
