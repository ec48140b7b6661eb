import { describe, expect, it } from 'vitest';
import { renewSignedFiles, type SignedFile } from './signed-files.ts';

const LIFE = 600;

describe('renewSignedFiles', () => {
  it('takes the first URLs as they come', () => {
    const { files, renewed } = renewSignedFiles(new Map(), { 'a/b/x.png': 'u1' }, 1000, LIFE);
    expect([...files]).toEqual([['a/b/x.png', { url: 'u1', at: 1000 }]]);
    expect(renewed).toEqual([]);
  });

  it('keeps a URL with more than half its life left, and renews it after', () => {
    const kept = new Map<string, SignedFile>([['x.png', { url: 'u1', at: 0 }]]);
    const early = renewSignedFiles(kept, { 'x.png': 'u2' }, 299_000, LIFE);
    expect(early.files.get('x.png')).toEqual({ url: 'u1', at: 0 });
    expect(early.renewed).toEqual([]);
    const late = renewSignedFiles(kept, { 'x.png': 'u3' }, 300_000, LIFE);
    expect(late.files.get('x.png')).toEqual({ url: 'u3', at: 300_000 });
    expect(late.renewed).toEqual(['x.png']);
  });

  it('forgets files the note no longer has', () => {
    const kept = new Map<string, SignedFile>([['gone.png', { url: 'u1', at: 0 }]]);
    const { files } = renewSignedFiles(kept, { 'new.png': 'u2' }, 10, LIFE);
    expect([...files.keys()]).toEqual(['new.png']);
  });
});
