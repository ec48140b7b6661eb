// Who really sent a message on a note's channel. Realtime lets a client send on a private channel
// if the channel's policies allowed it when it joined (or last changed its token), and a message
// names its sender as the sender states it — so someone whose edit rights ended while connected
// could go on broadcasting edits, and others would apply them and might store them for them.
// Here every message is signed by its sender with a key of its own (ECDSA P-256 through
// WebCrypto; the private half cannot leave the browser), whose public half the database keeps
// stamped with the person who registered it (writer_keys, 20261127140000_sheaf_writer_keys.sql).
// A receiver opens each message only if its signature holds, for this note, by a key of the
// person the message names, who may edit the note now — asked of the database, remembered for
// KEY_TTL_MS, and asked again at once when that person's role changes. Anything else is
// dropped before it reaches the document: not shown, not held, never stored by anyone.
//
//   envelope: 0x53 0x01 | key id (16 bytes, a uuid) | signature (64 bytes, P1363) | message
//   signed:   the note id (UTF-8) | 0x00 | message
import { decodeMessage } from './messages.ts';
import type { ChannelHandlers, Clock, SyncChannel } from './ports.ts';

const MAGIC = [0x53, 0x01] as const;
const KEY_BYTES = 16;
const SIG_BYTES = 64;
const HEADER = MAGIC.length + KEY_BYTES + SIG_BYTES;
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
/** How long a key's "may edit" answer is trusted (a role change also clears it at once). */
export const KEY_TTL_MS = 2000;

/** A writer's key as the database describes it to a member of the note's notebook. */
export interface WriterKey {
  userId: string;
  publicKey: JsonWebKey;
  mayWrite: boolean;
}

/** Where keys are registered and looked up (the database functions, or memory in tests). */
export interface WriterKeys {
  /** Registers the signed-in person's public key; its id (a uuid). */
  register(publicKey: JsonWebKey): Promise<string>;
  /** The key with this id, for this note; null when unknown or not readable by the caller. */
  lookup(keyId: string): Promise<WriterKey | null>;
}

/** Signs for one person: one key pair per tab, registered once. */
export interface Signer {
  sign(noteId: string, message: Uint8Array): Promise<Uint8Array>;
}

const encoder = new TextEncoder();

function signedBytes(noteId: string, message: Uint8Array): Uint8Array<ArrayBuffer> {
  const note = encoder.encode(noteId);
  const out = new Uint8Array(note.length + 1 + message.length);
  out.set(note);
  out.set(message, note.length + 1);
  return out;
}

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`not a uuid: ${uuid}`);
  return Uint8Array.from({ length: KEY_BYTES }, (_, i) =>
    parseInt(hex.slice(i * 2, i * 2 + 2), 16),
  );
}

function uuidOf(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A signer whose key pair is made on first use and registered with `register` (retried on the
 * next message when registering fails, as offline). */
export function createSigner(
  register: (publicKey: JsonWebKey) => Promise<string>,
  subtle: SubtleCrypto = crypto.subtle,
): Signer {
  const pair = subtle.generateKey(ALGORITHM, false, ['sign', 'verify']) as Promise<CryptoKeyPair>;
  let keyId: Promise<Uint8Array> | null = null;
  const registered = () =>
    (keyId ??= pair
      .then(({ publicKey }) => subtle.exportKey('jwk', publicKey))
      .then((jwk) => register({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }))
      .then(uuidBytes)
      .catch((error: unknown) => {
        keyId = null;
        throw error;
      }));
  return {
    async sign(noteId, message) {
      const [id, { privateKey }] = await Promise.all([registered(), pair]);
      const signature = new Uint8Array(
        await subtle.sign(SIGNING, privateKey, signedBytes(noteId, message)),
      );
      const out = new Uint8Array(HEADER + message.length);
      out.set(MAGIC);
      out.set(id, MAGIC.length);
      out.set(signature, MAGIC.length + KEY_BYTES);
      out.set(message, HEADER);
      return out;
    },
  };
}

interface Known {
  key: WriterKey | null;
  crypto: CryptoKey | null;
  at: number;
}

/** Opens signed messages of one note: the message, or null when it must be dropped. */
export class Verifier {
  private readonly known = new Map<string, Promise<Known>>();

  constructor(
    private readonly noteId: string,
    private readonly keys: WriterKeys,
    private readonly clock: Clock,
    private readonly subtle: SubtleCrypto = crypto.subtle,
  ) {}

  /** Someone's rights changed: ask about their keys again before taking their next message. */
  forget(userId: string): void {
    for (const [id, known] of this.known)
      void known.then((k) => {
        if (!k.key || k.key.userId === userId) this.known.delete(id);
      });
  }

  async open(envelope: Uint8Array): Promise<Uint8Array | null> {
    if (envelope.length <= HEADER || envelope[0] !== MAGIC[0] || envelope[1] !== MAGIC[1])
      return null;
    const keyId = uuidOf(envelope.subarray(MAGIC.length, MAGIC.length + KEY_BYTES));
    const signature = new Uint8Array(envelope.subarray(MAGIC.length + KEY_BYTES, HEADER));
    const message = envelope.slice(HEADER);
    const known = await this.keyOf(keyId);
    if (!known.key?.mayWrite || !known.crypto) return null;
    const sender = decodeMessage(message);
    if (!sender || sender.userId !== known.key.userId) return null;
    const valid = await this.subtle
      .verify(SIGNING, known.crypto, signature, signedBytes(this.noteId, message))
      .catch(() => false);
    return valid ? message : null;
  }

  private keyOf(keyId: string): Promise<Known> {
    const cached = this.known.get(keyId);
    const now = this.clock.now();
    if (cached) {
      return cached.then((k) => {
        if (now - k.at < KEY_TTL_MS) return k;
        if (this.known.get(keyId) === cached) this.known.delete(keyId);
        return this.keyOf(keyId);
      });
    }
    const fresh = this.keys
      .lookup(keyId)
      .then(async (key): Promise<Known> => {
        const crypto = key
          ? await this.subtle
              .importKey('jwk', key.publicKey, ALGORITHM, false, ['verify'])
              .catch(() => null)
          : null;
        return { key, crypto, at: this.clock.now() };
      })
      .catch((): Known => {
        // Not answered (offline): nothing is taken, and the next message asks again.
        this.known.delete(keyId);
        return { key: null, crypto: null, at: -Infinity };
      });
    this.known.set(keyId, fresh);
    return fresh;
  }
}

/**
 * A note's channel whose messages are signed going out and opened coming in, one after
 * another in the order they came (a message waits for those before it to be checked).
 */
export function signedChannel(
  inner: SyncChannel,
  noteId: string,
  signer: Signer,
  verifier: Verifier,
): SyncChannel {
  let incoming: Promise<void> = Promise.resolve();
  let outgoing: Promise<unknown> = Promise.resolve();
  return {
    open(handlers: ChannelHandlers) {
      inner.open({
        status: (status) => handlers.status(status),
        message: (bytes) => {
          incoming = incoming.then(async () => {
            const message = await verifier.open(bytes);
            if (message) handlers.message(message);
          });
        },
      });
    },
    send(bytes) {
      outgoing = outgoing
        .then(() => signer.sign(noteId, bytes))
        .then((sealed) => inner.send(sealed))
        .catch(() => false); // not registered yet (offline): stored edits reach peers through the log
      return true;
    },
    async close() {
      await outgoing;
      await inner.close();
    },
  };
}
