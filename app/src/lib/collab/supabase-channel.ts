// A note's SyncChannel over Supabase Realtime: the private channel `note:<id>` (its policies on
// realtime.messages admit the notebook's members and let editors send), one binary broadcast
// event "y" carrying our messages — signed, and checked on arrival (signedNoteChannel). Sends go out only while the channel is joined (realtime-js
// would otherwise fall back to its REST endpoint, which does not carry binary payloads).
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { toArrayBuffer } from './codec.ts';
import { realClock, type ChannelHandlers, type SyncChannel } from './ports.ts';
import { Verifier, signedChannel } from './signing.ts';
import { signerFor, supabaseWriterKeys } from './supabase-store.ts';

export const EVENT = 'y';

export function noteTopic(noteId: string): string {
  return `note:${noteId}`;
}

export function supabaseSyncChannel(client: SupabaseClient, noteId: string): SyncChannel {
  let channel: RealtimeChannel | null = null;
  let closed = false;

  return {
    open(handlers: ChannelHandlers): void {
      handlers.status('joining');
      channel = client.channel(noteTopic(noteId), {
        config: { private: true, broadcast: { self: false, ack: false } },
      });
      channel.on('broadcast', { event: EVENT }, (message: { payload?: unknown }) => {
        if (message.payload instanceof ArrayBuffer)
          handlers.message(new Uint8Array(message.payload));
      });
      const subscribe = () =>
        channel?.subscribe((status, error) => {
          if (closed) return;
          if (status === 'SUBSCRIBED') handlers.status('joined');
          else if (
            status === 'CHANNEL_ERROR' &&
            /unauthori[sz]ed|permission/i.test(error?.message ?? '')
          )
            handlers.status('refused');
          else handlers.status('closed');
        });
      // Private channels are joined with the user's token: make sure the socket has it first.
      void client.realtime.setAuth().then(subscribe, subscribe);
    },

    send(bytes: Uint8Array): boolean {
      if (!channel || channel.state !== 'joined') return false;
      void channel.send({ type: 'broadcast', event: EVENT, payload: toArrayBuffer(bytes) });
      return true;
    },

    async close(): Promise<void> {
      closed = true;
      if (channel) await client.removeChannel(channel);
      channel = null;
    },
  };
}

/**
 * The note's channel as Sheaf uses it: messages signed by this person's key going out, and
 * opened coming in only when a current writer of the note signed them (signing.ts). `verifier`
 * is told when someone's rights change.
 */
export function signedNoteChannel(
  client: SupabaseClient,
  noteId: string,
  userId: string,
): { channel: SyncChannel; verifier: Verifier } {
  const verifier = new Verifier(noteId, supabaseWriterKeys(client, noteId), realClock);
  const channel = signedChannel(
    supabaseSyncChannel(client, noteId),
    noteId,
    signerFor(client, userId),
    verifier,
  );
  return { channel, verifier };
}
