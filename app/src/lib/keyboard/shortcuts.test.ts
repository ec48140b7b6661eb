import { describe, expect, it } from 'vitest';
import { describeKeys, matches } from './shortcuts.ts';

function key(init: Partial<KeyboardEvent> & { key: string }): KeyboardEvent {
  return {
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    code: '',
    ...init,
  } as KeyboardEvent;
}

describe('matches', () => {
  it('reads mod as Ctrl off Apple devices and ⌘ on them', () => {
    expect(matches('mod+k', key({ key: 'k', ctrlKey: true }), false)).toBe(true);
    expect(matches('mod+k', key({ key: 'k', metaKey: true }), false)).toBe(false);
    expect(matches('mod+k', key({ key: 'k', metaKey: true }), true)).toBe(true);
  });

  it('needs the exact modifiers, but lets symbols carry their own shift', () => {
    expect(matches('j', key({ key: 'j', ctrlKey: true }), false)).toBe(false);
    expect(matches('?', key({ key: '?', shiftKey: true }), false)).toBe(true);
    expect(matches('j', key({ key: 'J', shiftKey: true }), false)).toBe(true);
  });

  it('falls back to the physical key when alt composes a character', () => {
    expect(
      matches('mod+alt+n', key({ key: '˜', code: 'KeyN', metaKey: true, altKey: true }), true),
    ).toBe(true);
  });
});

describe('describeKeys', () => {
  it('writes shortcuts the way each platform does', () => {
    expect(describeKeys('mod+k', false)).toBe('Ctrl+K');
    expect(describeKeys('mod+k', true)).toBe('⌘K');
    expect(describeKeys('arrowdown', false)).toBe('↓');
  });
});
