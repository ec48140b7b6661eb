import { describe, expect, it } from 'vitest';
import { HELD_PRELOADS } from './early-script.ts';
import { ROUTE_MODULES } from './route-modules.ts';
import { routePreloadScript, type BuiltChunk } from './route-preload.ts';

const chunk = (
  fileName: string,
  modules: string[],
  more: Partial<BuiltChunk> = {},
): BuiltChunk => ({
  fileName,
  imports: [],
  moduleIds: modules.map((m) => `/repo/app/${m}`),
  facadeModuleId: null,
  isEntry: false,
  css: [],
  ...more,
});

// A build like Sheaf's: the entry with the framework, a grouped workspace chunk holding several
// routes' modules (no chunk of their own), a shared chunk, the data client, a guest page.
const built: BuiltChunk[] = [
  chunk('assets/index.js', ['src/main.tsx'], { isEntry: true, imports: ['assets/preact.js'] }),
  chunk('assets/preact.js', ['node_modules/preact/index.js']),
  chunk('assets/workspace.js', ['src/app/signed-in-layout.tsx', 'src/notes/notebook-layout.tsx'], {
    imports: ['assets/index.js', 'assets/preact.js', 'assets/use-query.js'],
    css: ['assets/workspace.css'],
  }),
  chunk('assets/use-query.js', ['node_modules/react-query/useQuery.js']),
  chunk('assets/data-client.js', ['src/lib/data-client.ts'], { imports: ['assets/use-query.js'] }),
  chunk('assets/sign-in-page.js', ['src/auth/sign-in-page.tsx'], { imports: ['assets/index.js'] }),
];

const table = [
  {
    path: '^/n/[^/]+/?$',
    signedIn: true,
    modules: ['src/app/signed-in-layout.tsx', 'src/notes/notebook-layout.tsx'],
    beside: ['src/lib/data-client.ts'],
  },
  { path: '^/sign-in/?$', signedIn: false, modules: ['src/auth/sign-in-page.tsx'] },
];

interface Link {
  rel: string;
  as?: string;
  href: string;
  fetchPriority: string;
}

/** Runs the script on a page at this path, with or without a session cookie (and with this
 * window: the early script's, holding preloads or not). */
function preloads(pathname: string, cookie: string, window: Record<string, unknown> = {}): Link[] {
  const head: Link[] = [];
  const document = {
    cookie,
    createElement: () => ({}) as Link,
    head: { appendChild: (l: Link) => head.push({ ...l }) },
  };
  new Function('window', 'document', 'location', routePreloadScript(built, table, '/'))(
    window,
    document,
    { pathname },
  );
  return head;
}

describe('the route preload script', () => {
  it('preloads a grouped page’s CSS (it is drawn with it), then its chunks, then what loads beside it', () => {
    const links = preloads('/n/abc', 'sb-127-auth-token=base64-x');
    expect(links.map((l) => [l.rel, l.href, l.fetchPriority])).toEqual([
      ['preload', '/assets/workspace.css', 'high'],
      ['modulepreload', '/assets/workspace.js', 'high'],
      ['modulepreload', '/assets/use-query.js', 'high'],
      ['modulepreload', '/assets/data-client.js', 'low'],
    ]);
    expect(links[0]!.as).toBe('style');
  });

  it('holds its scripts, not its stylesheets, while index.html draws the page before the app', () => {
    const window: Record<string, unknown> = { [HELD_PRELOADS]: [] };
    const links = preloads('/n/abc', 'sb-127-auth-token=base64-x', window);
    expect(links.map((l) => l.href)).toEqual(['/assets/workspace.css']);
    const held = window[HELD_PRELOADS] as (() => void)[];
    expect(held).toHaveLength(3);
    // Starting the app runs them (early-script.ts): the links are then as they would have been.
    for (const add of held) add();
    expect(links.slice(1).map((l) => [l.rel, l.href, l.fetchPriority])).toEqual([
      ['modulepreload', '/assets/workspace.js', 'high'],
      ['modulepreload', '/assets/use-query.js', 'high'],
      ['modulepreload', '/assets/data-client.js', 'low'],
    ]);
    // Once the app has started (the early script leaves null behind) nothing is held.
    expect(
      preloads('/n/abc', 'sb-127-auth-token=base64-x', { [HELD_PRELOADS]: null }),
    ).toHaveLength(4);
  });

  it('never preloads what the entry already loads', () => {
    const hrefs = preloads('/n/abc', 'sb-127-auth-token.0=x').map((l) => l.href);
    expect(hrefs).not.toContain('/assets/index.js');
    expect(hrefs).not.toContain('/assets/preact.js');
  });

  it('preloads signed-in pages only with a session cookie, guest pages only without', () => {
    expect(preloads('/n/abc', 'theme=dark')).toEqual([]);
    expect(preloads('/sign-in', 'sb-127-auth-token=x')).toEqual([]);
    expect(preloads('/sign-in', '').map((l) => l.href)).toEqual(['/assets/sign-in-page.js']);
  });

  it('fails the build when a route’s module is in no chunk (renamed)', () => {
    const renamed = [{ ...table[1]!, modules: ['src/auth/gone.tsx'] }];
    expect(() => routePreloadScript(built, renamed, '/')).toThrow(/gone\.tsx/);
  });

  it('preloads the sign-in page for a signed-in page opened without a session (the app goes there)', () => {
    const signedOut = (pathname: string) =>
      ROUTE_MODULES.find((r) => !r.signedIn && new RegExp(r.path).test(pathname))?.modules;
    for (const path of ['/', '/n/abc', '/n/abc/def', '/trash', '/transfer', '/settings/profile'])
      expect(signedOut(path), path).toEqual(['src/auth/sign-in-page.tsx']);
    expect(signedOut('/sign-up')).toEqual(['src/auth/sign-up-page.tsx']);
    expect(signedOut('/p/tok')).toContain('src/notes/publish/public-note-page.tsx');
    for (const path of ['/nowhere', '/settingsx', '/n', '/verify'])
      expect(signedOut(path)).toBeUndefined();
  });
});
