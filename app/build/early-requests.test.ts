import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRestClient } from '../src/lib/rest-client.ts';
import { noteKeys } from '../src/notes/data/keys.ts';
import { prefetchNotebook } from '../src/notes/data/prefetch.ts';
import { captureRequests, entryFiles, paintIndex, startedByScript } from './early-requests.ts';
import { PLACEHOLDER } from './early-script.ts';

const env = { supabaseUrl: 'https://abcd.supabase.co', supabaseKey: 'sb_publishable_test' };

describe('captureRequests', () => {
  it('records the notebook page’s prefetch: one request for the notebook, the person’s role and pins, the first notes', async () => {
    const requests = await captureRequests(env, { notebookId: PLACEHOLDER.notebookId });
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/rest/v1/notebooks');
    expect(url.searchParams.get('id')).toBe(`eq.${PLACEHOLDER.notebookId}`);
    expect(url.searchParams.get('me.user_id')).toBe(`eq.${PLACEHOLDER.userId}`);
    expect(url.searchParams.get('pins.mine.user_id')).toBe(`eq.${PLACEHOLDER.userId}`);
    expect(url.searchParams.get('list.order')).toBe('updated_at.desc,id.desc');
    expect(url.searchParams.get('list.limit')).toBe('50');
    expect(paintIndex(requests)).toBe(0);
  });

  it('sends what the app’s REST client sends: the key, the client header and the token', async () => {
    const [first] = await captureRequests(env, { notebookId: PLACEHOLDER.notebookId });
    expect(first!.headers).toMatchObject({
      apikey: 'sb_publishable_test',
      authorization: `Bearer ${PLACEHOLDER.token}`,
      'x-client-info': expect.stringMatching(/^supabase-ssr\/\S+ createBrowserClient$/),
    });
  });

  it('adds the open note on a note’s page', async () => {
    const requests = await captureRequests(env, {
      notebookId: PLACEHOLDER.notebookId,
      noteId: PLACEHOLDER.noteId,
    });
    expect(requests).toHaveLength(2);
    expect(new URL(requests[1]!.url).searchParams.get('id')).toBe(`eq.${PLACEHOLDER.noteId}`);
  });
});

describe('the early responses in the app', () => {
  const NOTEBOOK = '0b7f3a4e-1111-4a2b-9c3d-5e6f7a8b9c0d';
  const USER = '2d9f5c6a-3333-4c4d-9e5f-7a8b9c0d1e2f';

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('answer the prefetch’s requests, so the REST client sends none of its own and the list is cached when the prefetch settles', async () => {
    const captured = await captureRequests(env, { notebookId: PLACEHOLDER.notebookId });
    const fill = (t: string) =>
      t.replaceAll(PLACEHOLDER.notebookId, NOTEBOOK).replaceAll(PLACEHOLDER.userId, USER);
    const note = {
      id: 'n1',
      notebook_id: NOTEBOOK,
      author_id: USER,
      title: 'First',
      preview: null,
      tags: [],
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-02T00:00:00Z',
    };
    const page = {
      id: NOTEBOOK,
      name: 'Plans',
      me: [{ role: 'owner' }],
      pins: [{ ...note, mine: [{ user_id: USER }] }],
      list: [note],
    };
    const responses = Object.fromEntries(
      captured.map((r) => [fill(r.url), Promise.resolve(Response.json([page]))]),
    );
    vi.stubGlobal('window', { __sheafEarly: { userId: USER, responses } });
    vi.spyOn(performance, 'now').mockReturnValue(500);
    const send = vi.fn(() => Promise.reject(new Error('sent')));
    const getSession = vi.fn(() => Promise.reject(new Error('waited for the session')));
    const auth = { getSession } as unknown as Parameters<typeof createRestClient>[1];
    const client = createRestClient(env, auth, send);
    const queryClient = new QueryClient();
    await prefetchNotebook(
      queryClient,
      { auth, rest: async () => client },
      new URL(`https://app.example/n/${NOTEBOOK}`),
      { notebookId: NOTEBOOK },
    );
    expect(send).not.toHaveBeenCalled();
    expect(getSession).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(noteKeys.notebook(NOTEBOOK))).toEqual({
      id: NOTEBOOK,
      name: 'Plans',
      role: 'owner',
    });
    expect(queryClient.getQueryData(noteKeys.pinned(NOTEBOOK))).toEqual([note]);
    expect(queryClient.getQueryData(noteKeys.list(NOTEBOOK, 'updated', null))).toEqual({
      pages: [[note]],
      pageParams: [null],
    });
    expect(Object.keys(responses)).toHaveLength(0);
  });
});

describe('index.html as the build writes it', () => {
  // Vite's index.html for a build: the entry module, the chunks it preloads, the stylesheet.
  const vite = `<!doctype html>
<html lang="en">
  <head>
    <script>route preloads</script>
    <meta charset="UTF-8" />
    <title>Sheaf</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-b2.js">
    <link rel="modulepreload" crossorigin href="/assets/preact-c3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-d4.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

  it('leaves every script to the early script, which fetches the entry and its chunks as it starts the app', () => {
    expect(entryFiles(vite)).toEqual({
      entry: '/assets/index-a1.js',
      preload: ['/assets/index-a1.js', '/assets/runtime-b2.js', '/assets/preact-c3.js'],
    });
    const html = startedByScript(vite, 'early()');
    expect(html).not.toMatch(/modulepreload|type="module"|\.js/);
    // The charset stays within the first 1024 bytes, the early script runs first, the
    // stylesheet stays in the markup (every page is drawn with it), the route preloads after.
    expect(html.indexOf('<meta charset="UTF-8" />')).toBeLessThan(1024);
    expect(html.indexOf('<script>early()</script>')).toBeLessThan(html.indexOf('route preloads'));
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-d4.css">');
    expect(html.match(/charset/g)).toHaveLength(1);
  });

  it('fails the build when index.html is not as expected', () => {
    expect(() => entryFiles('<html><head></head></html>')).toThrow(/no entry module/);
    expect(() => startedByScript(vite.replace(/<meta charset[^>]*>/, ''), 'x')).toThrow(
      /not as expected/,
    );
  });
});
