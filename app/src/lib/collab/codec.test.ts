import { describe, expect, it } from 'vitest';
import {
  decodeFrames,
  encodeFrames,
  fromBase64,
  sha256Hex,
  toArrayBuffer,
  toBase64,
} from './codec.ts';
import { decodeMessage, encodeMessage, type Message } from './messages.ts';
import { seedFromBody } from './seed.ts';
import * as Y from 'yjs';

describe('codec', () => {
  it('round-trips bytes through base64, including long runs', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 31) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });

  it('reads frames as the database writes them, and refuses a truncated one', () => {
    const rows = [Uint8Array.of(1, 2, 3), Uint8Array.of(), Uint8Array.of(255)];
    expect(decodeFrames(encodeFrames(rows))).toEqual(rows);
    expect(decodeFrames('')).toEqual([]);
    const cut = toBase64(fromBase64(encodeFrames(rows)).subarray(0, 6));
    expect(() => decodeFrames(cut)).toThrow('truncated');
  });

  it('hands Realtime an ArrayBuffer of exactly the bytes, even for a view into a larger one', () => {
    const whole = Uint8Array.of(9, 1, 2, 9);
    expect([...new Uint8Array(toArrayBuffer(whole.subarray(1, 3)))]).toEqual([1, 2]);
  });

  it('hashes text as the database does (SHA-256 of its UTF-8)', async () => {
    expect(await sha256Hex('é')).toBe(
      '4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c',
    );
    expect(await sha256Hex('')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});

describe('messages', () => {
  it('round-trips every kind of part', () => {
    const message: Message = {
      userId: '6f0c6c8e-6e0b-4a4e-9d55-1d2f3e4a5b6c',
      clientId: 123456789,
      parts: [
        { kind: 'update', n: 7, update: Uint8Array.of(1, 2) },
        { kind: 'saved', through: 7, seq: 42 },
        { kind: 'sync', stateVector: Uint8Array.of(3) },
        { kind: 'reply', to: 99, update: Uint8Array.of(4, 5) },
        { kind: 'awareness', update: Uint8Array.of(6) },
      ],
    };
    expect(decodeMessage(encodeMessage(message))).toEqual(message);
  });

  it('ignores bytes that are not a message, rather than throwing', () => {
    expect(decodeMessage(Uint8Array.of(2, 0))).toBeNull();
    expect(decodeMessage(Uint8Array.of(1, 200))).toBeNull();
    expect(decodeMessage(new Uint8Array())).toBeNull();
    const bad = encodeMessage({ userId: 'u', clientId: 1, parts: [] });
    bad[bad.length - 1] = 1; // claims one part, has none
    expect(decodeMessage(bad)).toBeNull();
  });
});

describe('seeding', () => {
  it('gives the same update for the same body, so two seeds merge into one text', async () => {
    const a = await seedFromBody('Shared text');
    const b = await seedFromBody('Shared text');
    expect(a.update).toEqual(b.update);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, a.update);
    Y.applyUpdate(doc, b.update);
    expect(doc.getText('body').toString()).toBe('Shared text');
  });

  it('keeps both texts when two clients seeded from different bodies', async () => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, (await seedFromBody('one')).update);
    Y.applyUpdate(doc, (await seedFromBody('two')).update);
    expect(doc.getText('body').toString().length).toBe(6);
  });
});
