import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';

describe('plainText', () => {
  it('drops markdown syntax and joins lines', () => {
    expect(
      plainText(
        '# Title\n\nSaw a **grey heron** near the `weir`.\n\n- one\n- [two](https://x.test)',
      ),
    ).toBe('Title Saw a grey heron near the weir. one two');
  });

  it('keeps HTML-looking text as text and cuts long bodies', () => {
    expect(plainText('<b>x</b>')).toBe('<b>x</b>');
    expect(plainText('a'.repeat(500))).toHaveLength(160);
  });
});
