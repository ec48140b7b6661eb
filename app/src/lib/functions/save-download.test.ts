import { describe, expect, it } from 'vitest';
import { dispositionName } from './save-download.ts';

describe('dispositionName', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      dispositionName(
        `attachment; filename="R_cits 2026.zip"; filename*=UTF-8''R%C3%A9cits%202026.zip`,
        'x',
      ),
    ).toBe('Récits 2026.zip');
  });

  it('reads a plain name, or falls back', () => {
    expect(dispositionName('attachment; filename="sheaf-export.zip"', 'x')).toBe(
      'sheaf-export.zip',
    );
    expect(dispositionName(null, 'fallback.zip')).toBe('fallback.zip');
    expect(dispositionName('attachment', 'fallback.zip')).toBe('fallback.zip');
  });
});
