import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRestClient } from '../src/lib/rest-client.ts';
import { noteKeys } from '../src/notes/data/keys.ts';
import { prefetchNotebook } from '../src/notes/data/prefetch.ts';
import { captureRequests } from './early-requests.ts';
import { PLACEHOLDER } from './early-script.ts';

const env = { supabaseUrl: 'https://abcd.supabase.co', supabaseKey: 'sb_publishable_test' };
const rest = 'https://abcd.supabase.co/rest/v1/';

describe('captureRequests', () => {
  it('records the notebook page’s prefetch: the notebook, the person’s pins, the first notes', async () => {
    const requests = await captureRequests(env, { notebookId: PLACEHOLDER.notebookId });
    const paths = requests.map((r) => r.url.slice(rest.length).split('?')[0]);
    expect(paths).toEqual(['notebook_members', 'note_pins', 'notes']);
    const notes = new URL(requests[2]!.url);
    expect(notes.searchParams.get('notebook_id')).toBe(`eq.${PLACEHOLDER.notebookId}`);
    expect(notes.searchParams.get('order')).toBe('updated_at.desc,id.desc');
    expect(new URL(requests[1]!.url).searchParams.get('user_id')).toBe(`eq.${PLACEHOLDER.userId}`);
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
    expect(requests).toHaveLength(4);
    expect(new URL(requests[3]!.url).searchParams.get('id')).toBe(`eq.${PLACEHOLDER.noteId}`);
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
    const rows = {
      notebook_members: { role: 'owner', notebooks: { id: NOTEBOOK, name: 'Plans' } },
    };
    const responses = Object.fromEntries(
      captured.map((r) => [
        fill(r.url),
        Promise.resolve(
          Response.json(r.url.includes('notebook_members') ? [rows.notebook_members] : []),
        ),
      ]),
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
    expect(Object.keys(responses)).toHaveLength(0);
  });
});
