import { createBrowserClient } from '@supabase/ssr';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { clientHeaders } from './client-config.ts';

describe('the client header', () => {
  it('is the header createBrowserClient sends, with the installed version', async () => {
    const sent: Headers[] = [];
    const client = createBrowserClient('https://abcd.supabase.co', 'sb_publishable_test', {
      isSingleton: false,
      cookies: { getAll: () => [], setAll: () => {} },
      // Node 20 has no WebSocket of its own; realtime-js needs one to make the client at all.
      realtime: { transport: WebSocket as never },
      global: {
        fetch: async (_input, init) => {
          sent.push(new Headers(init?.headers));
          return new Response('[]', { headers: { 'Content-Type': 'application/json' } });
        },
      },
    });
    await client.from('notes').select('id');
    expect(sent[0]!.get('X-Client-Info')).toBe(clientHeaders()['X-Client-Info']);
    expect(clientHeaders()['X-Client-Info']).toMatch(
      /^supabase-ssr\/\d+\.\d+\.\d+ createBrowserClient$/,
    );
  });
});
