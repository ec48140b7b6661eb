import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { decodeMessage } from './messages.ts';
import { Outbox } from './outbox.ts';
import { FakeClock } from './testing/fake-clock.ts';

function outbox() {
  const clock = new FakeClock();
  const sent: Uint8Array[] = [];
  const box = new Outbox(
    { open: () => undefined, send: (b) => (sent.push(b), true), close: async () => undefined },
    'me',
    () => 7,
    clock,
  );
  box.joined = true;
  const kinds = () => sent.map((b) => decodeMessage(b)!.parts.map((p) => p.kind));
  return { clock, box, kinds };
}

const update = (text: string) => {
  const doc = new Y.Doc();
  doc.getText('body').insert(0, text);
  return Y.encodeStateAsUpdate(doc);
};

describe('the outbox', () => {
  it('sends a keystroke and the cursor move it caused as one message, at once', () => {
    const { clock, box, kinds } = outbox();
    box.push({ kind: 'update', n: 1, update: update('a') });
    box.push({ kind: 'awareness', update: Uint8Array.of(1) });
    clock.advance(0);
    expect(kinds()).toEqual([['update', 'awareness']]);
  });

  it('merges what comes within the short window after a message into the next one', () => {
    const { clock, box, kinds } = outbox();
    box.push({ kind: 'update', n: 1, update: update('a') });
    clock.advance(0);
    box.push({ kind: 'update', n: 2, update: update('b') });
    box.push({ kind: 'update', n: 3, update: update('c') });
    box.push({ kind: 'awareness', update: Uint8Array.of(1) });
    box.push({ kind: 'awareness', update: Uint8Array.of(2) });
    clock.advance(10);
    expect(kinds()).toHaveLength(1);
    clock.advance(50);
    expect(kinds()).toEqual([['update'], ['update', 'awareness']]);
  });

  it('lets a saved notice ride along with the next message, or go alone later', () => {
    const { clock, box, kinds } = outbox();
    box.push({ kind: 'saved', through: 1, seq: 1 }, true);
    clock.advance(100);
    expect(kinds()).toEqual([]);
    box.push({ kind: 'update', n: 2, update: update('b') });
    clock.advance(0);
    expect(kinds()).toEqual([['update', 'saved']]);
    box.push({ kind: 'saved', through: 2, seq: 2 }, true);
    clock.advance(2000);
    expect(kinds()).toEqual([['update', 'saved'], ['saved']]);
  });

  it('sends nothing while the channel is not joined', () => {
    const { clock, box, kinds } = outbox();
    box.joined = false;
    box.push({ kind: 'update', n: 1, update: update('a') });
    clock.advance(100);
    expect(kinds()).toEqual([]);
  });
});
