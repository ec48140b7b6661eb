import { describe, expect, it } from 'vitest';
import { describePeople } from './people.ts';

const m = (user_id: string, name: string) => ({ user_id, name, role: 'editor' as const });

describe('describePeople', () => {
  it('names the other people in a notebook', () => {
    expect(describePeople([m('me', 'Me')], 'me')).toBe('Only you');
    expect(describePeople([m('me', 'Me'), m('a', 'Ana')], 'me')).toBe('With Ana');
    expect(describePeople([m('me', 'Me'), m('a', 'Ana'), m('b', 'Ben')], 'me')).toBe(
      'With Ana and Ben',
    );
    expect(describePeople([m('a', 'Ana'), m('b', 'Ben'), m('c', 'Cy'), m('d', 'Di')], 'me')).toBe(
      'With Ana, Ben and 2 others',
    );
  });
});
