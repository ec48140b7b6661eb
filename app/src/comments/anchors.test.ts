import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { anchorOf, rangeOf } from './anchors.ts';

/** Two replicas of one note's text, kept apart until `sync`. */
function pair(initial: string) {
  const a = new Y.Doc();
  a.getText('body').insert(0, initial);
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  const sync = () => {
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  };
  return { a, b, ta: a.getText('body'), tb: b.getText('body'), sync };
}

const slice = (t: Y.Text, r: { from: number; to: number } | null) =>
  r ? t.toString().slice(r.from, r.to) : null;

describe('comment anchors', () => {
  it('keep the commented words through concurrent inserts and deletes on two replicas', () => {
    const { a, b, ta, tb, sync } = pair('The quick brown fox jumps');
    const anchor = anchorOf(ta, { from: 4, to: 15 }); // "quick brown"
    ta.insert(0, 'Look: ');
    tb.delete(19, 6); // " jumps"
    tb.insert(10, 'very '); // inside the range: "quick very brown"
    sync();
    expect(ta.toString()).toBe(tb.toString());
    expect(slice(ta, rangeOf(a, ta, anchor))).toBe('quick very brown');
    expect(slice(tb, rangeOf(b, tb, anchor))).toBe('quick very brown');
  });

  it('leave text typed right before or right after the range outside it', () => {
    const { a, ta } = pair('one two three');
    const anchor = anchorOf(ta, { from: 4, to: 7 }); // "two"
    ta.insert(7, 'X');
    ta.insert(4, 'Y');
    expect(slice(ta, rangeOf(a, ta, anchor))).toBe('two');
  });

  it('shrink when part of the text is deleted, and orphan the thread when all of it is', () => {
    const { a, b, ta, tb, sync } = pair('alpha beta gamma');
    const anchor = anchorOf(ta, { from: 6, to: 10 }); // "beta"
    tb.delete(6, 2); // "ta" remains
    sync();
    expect(slice(ta, rangeOf(a, ta, anchor))).toBe('ta');
    ta.delete(4, 5); // deletes "a ta " — the rest of the range
    sync();
    expect(rangeOf(a, ta, anchor)).toBeNull();
    expect(rangeOf(b, tb, anchor)).toBeNull();
  });

  it('orphans an anchor that this replica has not received yet, or that is not base64', () => {
    const { a, b, ta, tb } = pair('');
    tb.insert(0, 'written elsewhere');
    const anchor = anchorOf(tb, { from: 0, to: 7 });
    expect(rangeOf(a, ta, anchor)).toBeNull();
    expect(rangeOf(b, tb, anchor)).toEqual({ from: 0, to: 7 });
    expect(rangeOf(a, ta, { start: '%%%', end: '%%%' })).toBeNull();
  });
});
