import { describe, expect, it } from 'vitest';
import { objectName } from './upload-attachment.ts';

describe('objectName', () => {
  it('keeps simple names after a unique prefix', () => {
    expect(objectName('photo.png')).toMatch(/^[0-9a-f-]{36}-photo\.png$/);
  });

  it('replaces characters Storage keys should not carry', () => {
    const name = objectName('<img src=x onerror=alert(1)>.txt');
    expect(name).toMatch(/^[0-9a-f-]{36}-[A-Za-z0-9._-]+$/);
    expect(name).not.toMatch(/[<>=() ]/);
  });

  it('never starts the file part with a dot and keeps a name for empty input', () => {
    expect(objectName('../../etc/passwd')).not.toContain('..');
    expect(objectName('')).toMatch(/-file$/);
  });
});
