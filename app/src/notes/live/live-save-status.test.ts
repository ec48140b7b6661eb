import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../lib/collab/note-sync.ts';
import { liveSaveStatus } from './live-save-status.ts';

const idle: SyncStatus = {
  phase: 'ready',
  channel: 'joined',
  access: 'edit',
  pending: 0,
  saving: false,
  refused: null,
  bodyTooLarge: false,
  titleTooLong: false,
  documentless: false,
  titleless: false,
};

describe('the save state of a shared note', () => {
  it('is the fields’ state while the body has nothing waiting', () => {
    expect(liveSaveStatus('saved', idle, true)).toBe('saved');
    expect(liveSaveStatus('unsaved', idle, true)).toBe('unsaved');
    expect(liveSaveStatus('saving', null, true)).toBe('saving');
  });

  it('says the body’s edits are waiting, being stored, or kept offline', () => {
    expect(liveSaveStatus('saved', { ...idle, pending: 2 }, true)).toBe('unsaved');
    expect(liveSaveStatus('saved', { ...idle, pending: 2, saving: true }, true)).toBe('saving');
    expect(liveSaveStatus('saved', { ...idle, pending: 1 }, false)).toBe('offline');
  });

  it('says a body over the limit is too long, and a failed title save is not saved', () => {
    expect(liveSaveStatus('saved', { ...idle, bodyTooLarge: true }, true)).toBe('too-large');
    expect(liveSaveStatus('error', { ...idle, pending: 3 }, true)).toBe('error');
  });
});
