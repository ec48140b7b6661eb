import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { sizeLimit, textBytes, utf8Length } from './size-limit.ts';

function editor(doc: string, max: number) {
  const refused: number[] = [];
  const state = EditorState.create({ doc, extensions: sizeLimit(max, (b) => refused.push(b)) });
  return { state, refused };
}

const tick = () => new Promise((resolve) => queueMicrotask(() => resolve(undefined)));

describe('the editor’s size limit', () => {
  it('counts UTF-8 bytes as TextEncoder does', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀é€\n', '\ud83d']) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });

  it('keeps the size current through changes', () => {
    const { state } = editor('héllo', 100);
    const next = state.update({ changes: { from: 1, to: 2, insert: '😀😀' } }).state;
    expect(next.field(textBytes)).toBe(utf8Length('h😀😀llo'));
  });

  it('refuses a paste that would pass the limit, whole, and says how large it would be', async () => {
    const { state, refused } = editor('12345', 10);
    const pasted = state.update({
      changes: { from: 5, insert: '678901' },
      userEvent: 'input.paste',
    });
    expect(pasted.state.doc.toString()).toBe('12345');
    await tick();
    expect(refused).toEqual([11]);
    const typed = state.update({ changes: { from: 5, insert: '67890' }, userEvent: 'input.type' });
    expect(typed.state.doc.toString()).toBe('1234567890');
  });

  it('lets the person delete, and never refuses a change from elsewhere', async () => {
    const { state, refused } = editor('x'.repeat(12), 10);
    const deleted = state.update({ changes: { from: 0, to: 1 }, userEvent: 'delete.backward' });
    expect(deleted.state.doc.length).toBe(11);
    const typedOver = state.update({
      changes: { from: 0, to: 2, insert: 'y' },
      userEvent: 'input',
    });
    expect(typedOver.state.doc.length).toBe(11);
    const remote = state.update({ changes: { from: 0, insert: 'zz' } });
    expect(remote.state.doc.length).toBe(14);
    await tick();
    expect(refused).toEqual([]);
  });
});
