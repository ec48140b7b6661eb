import { describe, expect, it } from 'vitest';
import { PreparedStatements } from './prepared.ts';

describe('PreparedStatements', () => {
  it('names a statement once and gives the same name on repeats', () => {
    const prepared = new PreparedStatements(3);
    const a = prepared.nameFor('select 1');
    expect(prepared.nameFor('select 1')).toBe(a);
    expect(prepared.nameFor('select 2')).not.toBe(a);
    expect(prepared.takeStale()).toEqual([]);
  });

  it('evicts the least recently used statement beyond the limit, once', () => {
    const prepared = new PreparedStatements(2);
    const one = prepared.nameFor('one');
    const two = prepared.nameFor('two');
    prepared.nameFor('one'); // 'two' is now the least recently used
    prepared.nameFor('three');
    expect(prepared.takeStale()).toEqual([two]);
    expect(prepared.takeStale()).toEqual([]);
    expect(prepared.nameFor('one')).toBe(one);
  });

  it('never reuses a name, even for a statement that comes back after eviction', () => {
    const prepared = new PreparedStatements(1);
    const first = prepared.nameFor('a');
    prepared.nameFor('b');
    const again = prepared.nameFor('a');
    expect(again).not.toBe(first);
    expect(prepared.takeStale()).toHaveLength(2);
  });
});
