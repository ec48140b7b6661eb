// The DocumentStore of a note over supabase-js: the database functions of the collaboration
// migrations (note_document, append_note_update, set_note_text, compact_note_updates), called
// with the user's session, so row-level security decides. PostgREST errors become StoreErrors:
// 42501 forbidden, P0002 gone (no such note, or not readable), 23514 too_large, and network
// failures, timeouts, 401s (no valid session yet: a token being refreshed) and 5xx offline, to be
// tried again.
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeFrames, toBase64 } from './codec.ts';
import {
  StoreError,
  type AppendOptions,
  type AppendResult,
  type DocumentStore,
  type LoadedDocument,
  type NoteText,
} from './ports.ts';
import { createSigner, type Signer, type WriterKeys } from './signing.ts';

const TIMEOUT = 30_000;

export interface RpcAnswer {
  data: unknown;
  error: { code?: string; message: string } | null;
  status: number;
}

/** The StoreError a failed answer of the database functions means. */
export function failure(answer: RpcAnswer): StoreError {
  const code = answer.error?.code ?? '';
  const message = answer.error?.message ?? 'request failed';
  // 401: the request went without a valid session — a token being refreshed, or none yet after
  // an offline start (PostgREST answers an anonymous caller's 42501 with 401, a signed-in one's
  // with 403): not a refusal of this person, so tried again.
  if (answer.status === 401) return new StoreError('offline', message, code);
  if (code === '42501') return new StoreError('forbidden', message, code);
  if (code === 'P0002') return new StoreError('gone', message, code);
  if (code === '23514') return new StoreError('too_large', message, code);
  if (answer.status === 0 || answer.status === 401 || answer.status >= 500 || answer.status === 408)
    return new StoreError('offline', message, code);
  return new StoreError('invalid', message, code);
}

/** A text to write, as the functions' arguments. */
const textArgs = (text: NoteText) => ({
  new_title: text.title ?? null,
  new_body: text.body ?? null,
  too_large: text.tooLarge === true,
});

export function supabaseDocumentStore(client: SupabaseClient, noteId: string): DocumentStore {
  async function call<T>(fn: string, args: Record<string, unknown>): Promise<T> {
    let answer: RpcAnswer;
    try {
      answer = await client.rpc(fn, args).abortSignal(AbortSignal.timeout(TIMEOUT));
    } catch (error) {
      throw new StoreError('offline', error instanceof Error ? error.message : String(error));
    }
    if (answer.error) throw failure(answer);
    return answer.data as T;
  }

  return {
    async load(afterSeq: number): Promise<LoadedDocument> {
      const doc = await call<{
        frames: string;
        last_seq: number;
        stored: number;
        body_seq: number;
        seed: string | null;
        title: string;
        title_seq: number;
        title_seed: string | null;
        body_too_large: boolean;
      }>('note_document', { note: noteId, after_seq: afterSeq });
      return {
        updates: decodeFrames(doc.frames),
        lastSeq: doc.last_seq,
        stored: doc.stored,
        bodySeq: doc.body_seq,
        seed: doc.seed,
        title: doc.title,
        titleSeq: doc.title_seq,
        titleSeed: doc.title_seed,
        bodyTooLarge: doc.body_too_large,
      };
    },

    async append(update: Uint8Array, options: AppendOptions): Promise<AppendResult> {
      const result = await call<{
        seed_conflict?: boolean;
        seq: number;
        frames: string;
        body_saved: boolean;
        text_error: string | null;
      }>('append_note_update', {
        note: noteId,
        doc_update: toBase64(update),
        after_seq: options.afterSeq,
        seed_sha256: options.seedSha256 ?? null,
        ...textArgs(options.text ?? {}),
      });
      if (result.seed_conflict) return { kind: 'seed-conflict' };
      return {
        kind: 'stored',
        seq: result.seq,
        between: decodeFrames(result.frames),
        textSaved: result.body_saved,
        textTooLarge: result.text_error === 'too_large',
      };
    },

    setText(throughSeq: number, text: NoteText): Promise<boolean> {
      return call('set_note_text', { note: noteId, through_seq: throughSeq, ...textArgs(text) });
    },

    compact(throughSeq: number, snapshot: Uint8Array, text: NoteText): Promise<boolean> {
      return call('compact_note_updates', {
        note: noteId,
        through_seq: throughSeq,
        snapshot: toBase64(snapshot),
        ...textArgs(text),
      });
    },
  };
}

async function registerKey(client: SupabaseClient, publicKey: JsonWebKey): Promise<string> {
  const { data, error, status } = await client.rpc('register_writer_key', {
    public_key: publicKey,
  });
  if (error) throw failure({ data, error, status });
  return data as string;
}

/** Writers' keys over supabase-js (register_writer_key, note_writer_key): see signing.ts. */
export function supabaseWriterKeys(client: SupabaseClient, noteId: string): WriterKeys {
  return {
    register: (publicKey) => registerKey(client, publicKey),
    async lookup(keyId) {
      const { data, error, status } = await client
        .rpc('note_writer_key', { key_id: keyId, note: noteId })
        .abortSignal(AbortSignal.timeout(TIMEOUT));
      if (error) throw failure({ data, error, status });
      const row = (data as { user_id: string; public_key: JsonWebKey; may_write: boolean }[])[0];
      return row
        ? { userId: row.user_id, publicKey: row.public_key, mayWrite: row.may_write }
        : null;
    },
  };
}

const signers = new WeakMap<SupabaseClient, Map<string, Signer>>();

/** The signer of this tab for this person (one key pair, registered once). */
export function signerFor(client: SupabaseClient, userId: string): Signer {
  let byUser = signers.get(client);
  if (!byUser) signers.set(client, (byUser = new Map()));
  let signer = byUser.get(userId);
  if (!signer) {
    signer = createSigner((key) => registerKey(client, key));
    byUser.set(userId, signer);
  }
  return signer;
}
