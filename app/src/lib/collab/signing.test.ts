import { describe, expect, it, vi } from 'vitest';
import { encodeMessage } from './messages.ts';
import { realClock, type ChannelHandlers, type SyncChannel } from './ports.ts';
import {
  KEY_TTL_MS,
  Verifier,
  createSigner,
  signedChannel,
  type WriterKey,
  type WriterKeys,
} from './signing.ts';

const NOTE = '11111111-2222-4333-8444-555555555555';

/** The database's keys, in memory: who registered each, and who may edit the note now. */
class MemoryKeys {
  readonly keys = new Map<string, { userId: string; publicKey: JsonWebKey }>();
  readonly writers = new Set<string>();
  lookups = 0;

  as(userId: string): WriterKeys {
    return {
      register: async (publicKey) => {
        const id = crypto.randomUUID();
        this.keys.set(id, { userId, publicKey });
        return id;
      },
      lookup: async (keyId): Promise<WriterKey | null> => {
        this.lookups += 1;
        const key = this.keys.get(keyId);
        return key ? { ...key, mayWrite: this.writers.has(key.userId) } : null;
      },
    };
  }
}

const message = (userId: string, text: string) =>
  encodeMessage({
    userId,
    clientId: 7,
    parts: [{ kind: 'update', n: 1, update: new TextEncoder().encode(text) }],
  });

function setup() {
  const db = new MemoryKeys();
  db.writers.add('ana');
  const ana = createSigner(db.as('ana').register);
  let now = 0;
  const clock = { ...realClock, now: () => now };
  const verifier = new Verifier(NOTE, db.as('ben'), clock);
  return { db, ana, verifier, advance: (ms: number) => (now += ms) };
}

describe('signed messages on a note’s channel', () => {
  it('opens what a writer of the note signed, as it was sent', async () => {
    const { ana, verifier } = setup();
    const sent = message('ana', 'hello');
    const sealed = await ana.sign(NOTE, sent);
    expect(await verifier.open(sealed)).toEqual(sent);
  });

  it('drops what is unsigned, altered, signed for another note or names someone else', async () => {
    const { ana, verifier } = setup();
    expect(await verifier.open(message('ana', 'plain'))).toBeNull();
    const sealed = await ana.sign(NOTE, message('ana', 'hello'));
    const altered = sealed.slice();
    altered[altered.length - 1] = altered[altered.length - 1]! ^ 1;
    expect(await verifier.open(altered)).toBeNull();
    const elsewhere = await ana.sign('99999999-2222-4333-8444-555555555555', message('ana', 'x'));
    expect(await verifier.open(elsewhere)).toBeNull();
    // Ana's key on a message that says it is Ben's: not Ben's words.
    expect(await verifier.open(await ana.sign(NOTE, message('ben', 'forged')))).toBeNull();
  });

  it('drops the messages of someone who may no longer edit, at once when told', async () => {
    const { db, ana, verifier } = setup();
    expect(await verifier.open(await ana.sign(NOTE, message('ana', 'one')))).not.toBeNull();
    db.writers.delete('ana'); // lowered to viewer while connected
    verifier.forget('ana');
    await Promise.resolve();
    expect(await verifier.open(await ana.sign(NOTE, message('ana', 'two')))).toBeNull();
  });

  it('asks again about a key after a short while, not for every message', async () => {
    const { db, ana, verifier, advance } = setup();
    for (const text of ['a', 'b', 'c'])
      expect(await verifier.open(await ana.sign(NOTE, message('ana', text)))).not.toBeNull();
    expect(db.lookups).toBe(1);
    db.writers.delete('ana');
    advance(KEY_TTL_MS);
    expect(await verifier.open(await ana.sign(NOTE, message('ana', 'd')))).toBeNull();
    expect(db.lookups).toBe(2);
  });

  it('signs going out and opens coming in, in order, dropping what does not hold', async () => {
    const { db, ana, verifier } = setup();
    const wire: Uint8Array[] = [];
    const inner = (): { channel: SyncChannel; handlers: () => ChannelHandlers } => {
      let handlers: ChannelHandlers | null = null;
      return {
        channel: {
          open: (h) => (handlers = h),
          send: (bytes) => (wire.push(bytes), true),
          close: async () => undefined,
        },
        handlers: () => handlers!,
      };
    };
    const out = inner();
    const sending = signedChannel(out.channel, NOTE, ana, verifier);
    sending.open({ message: () => undefined, status: () => undefined });
    for (const text of ['1', '2', '3']) sending.send(message('ana', text));
    await sending.close();
    expect(wire).toHaveLength(3);

    const got: string[] = [];
    const into = inner();
    const receiving = signedChannel(
      into.channel,
      NOTE,
      createSigner(db.as('ben').register),
      verifier,
    );
    receiving.open({
      message: (bytes) => got.push(new TextDecoder().decode(bytes.slice(-1))),
      status: () => undefined,
    });
    into.handlers().message(wire[0]!);
    into.handlers().message(message('ana', 'x')); // unsigned: dropped
    into.handlers().message(wire[1]!);
    into.handlers().message(wire[2]!);
    // Opening is asynchronous (WebCrypto): wait for the three, in order, and nothing else.
    await vi.waitFor(() => expect(got).toEqual(['1', '2', '3']));
  });
});
