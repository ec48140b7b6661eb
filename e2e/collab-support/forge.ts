// A viewer trying to write anyway, from outside the app with their own session: a row in the
// note's log through REST, a call of the append function, and an edit broadcast on the note's
// private channel over a real socket — each carrying a real Yjs update that would insert `text`.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { toArrayBuffer, toBase64 } from '../../app/src/lib/collab/codec.ts';
import { encodeMessage } from '../../app/src/lib/collab/messages.ts';
import { TEXT } from '../../app/src/lib/collab/seed.ts';
import type { BrowserContext } from 'playwright-core';
import type { E2E } from '../support/harness.ts';

export function forgedUpdate(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText(TEXT).insert(0, text);
  return Y.encodeStateAsUpdate(doc);
}

/** The REST insert and the RPC; returns their error codes (null when accepted). */
export async function forgeThroughRest(
  client: SupabaseClient,
  note: { noteId: string; notebookId: string },
  text: string,
): Promise<(string | null)[]> {
  const update = forgedUpdate(text);
  const insert = await client.from('note_updates').insert({
    note_id: note.noteId,
    notebook_id: note.notebookId,
    seq: 999_999,
    data: `\\x${Buffer.from(update).toString('hex')}`,
  });
  const rpc = await client.rpc('append_note_update', {
    note: note.noteId,
    doc_update: toBase64(update),
    after_seq: null,
    new_body: null,
    seed_sha256: null,
  });
  return [insert.error?.code ?? null, rpc.error?.code ?? null];
}

/** Joins the note's channel as this person (a socket of their own) and broadcasts the edit. */
export async function forgeThroughChannel(
  e2e: E2E,
  person: SupabaseClient,
  noteId: string,
  text: string,
): Promise<string> {
  const { data } = await person.auth.getSession();
  const token = data.session!.access_token;
  const client = createClient(e2e.stackUrl, e2e.stack.keys.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: async () => token,
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  await client.realtime.setAuth(token);
  const channel = client.channel(`note:${noteId}`, { config: { private: true } });
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR') reject(error ?? new Error(status));
    }),
  );
  const bytes = encodeMessage({
    userId: (await person.auth.getUser()).data.user!.id,
    clientId: 424242,
    parts: [{ kind: 'update', n: 1, update: forgedUpdate(text) }],
  });
  const answer = await channel.send({
    type: 'broadcast',
    event: 'y',
    payload: toArrayBuffer(bytes),
  });
  await client.removeChannel(channel);
  return answer;
}

/**
 * Makes the app in this browser context deaf to its person's own access changes — the database's
 * `access` broadcasts — as a client that ignores them would be: it goes on believing it may edit.
 * Every WebSocket opened from now on goes through Playwright (open the page after this).
 */
export async function ignoreAccessChanges(context: BrowserContext): Promise<void> {
  const isAccess = (message: string | Buffer) =>
    (typeof message === 'string' ? message : message.toString('latin1')).includes('"access"');
  await context.routeWebSocket(/.*/, (page) => {
    const server = page.connectToServer();
    server.onMessage((message) => {
      if (!isAccess(message)) page.send(message);
    });
    page.onMessage((message) => server.send(message));
    page.onClose((code, reason) => void server.close({ code, reason }));
    server.onClose((code, reason) => void page.close({ code, reason }));
  });
}
