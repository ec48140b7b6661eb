import { describe, expect, it } from 'vitest';
import { applyDelta } from './text-delta.ts';

describe('a shared text change applied to a field', () => {
  it('inserts before the caret and moves it along', () => {
    const next = applyDelta({ value: 'trip', start: 4, end: 4 }, [{ insert: 'Japan ' }]);
    expect(next).toEqual({ value: 'Japan trip', start: 10, end: 10 });
  });

  it('leaves the caret alone for a change after it', () => {
    const next = applyDelta({ value: 'Japan', start: 2, end: 2 }, [
      { retain: 5 },
      { insert: ' trip' },
    ]);
    expect(next).toEqual({ value: 'Japan trip', start: 2, end: 2 });
  });

  it('pulls the caret back over deleted text before it, and into a deleted range', () => {
    const state = { value: 'The big trip', start: 12, end: 12 };
    expect(applyDelta(state, [{ retain: 4 }, { delete: 4 }])).toEqual({
      value: 'The trip',
      start: 8,
      end: 8,
    });
    const inside = { value: 'The big trip', start: 6, end: 6 };
    expect(applyDelta(inside, [{ retain: 4 }, { delete: 4 }])).toEqual({
      value: 'The trip',
      start: 4,
      end: 4,
    });
  });

  it('keeps a selection around text changed elsewhere', () => {
    const next = applyDelta({ value: 'a b c', start: 2, end: 3 }, [
      { insert: '>' },
      { retain: 4 },
      { delete: 1 },
    ]);
    expect(next).toEqual({ value: '>a b ', start: 3, end: 4 });
  });
});
