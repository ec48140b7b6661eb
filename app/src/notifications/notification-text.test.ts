import { describe, expect, it } from 'vitest';
import type { AppNotification } from './data/types.ts';
import {
  bellLabel,
  notificationPath,
  notificationSentence,
  whenText,
} from './notification-text.ts';

const base: AppNotification = {
  id: 'n1',
  kind: 'mention',
  actorName: 'Ada',
  notebookId: 'nb',
  notebookName: 'Trip',
  noteId: 'note',
  noteTitle: 'Trip plan',
  anchor: null,
  role: null,
  createdAt: '2026-11-27T10:00:00Z',
  read: false,
};

describe('notification text', () => {
  it('says who did what where', () => {
    expect(notificationSentence(base)).toBe('Ada mentioned you in Trip plan');
    expect(notificationSentence({ ...base, kind: 'reply' })).toBe(
      'Ada replied in a thread you are in, on Trip plan',
    );
    const shared = { ...base, kind: 'shared' as const, noteId: null, noteTitle: null };
    expect(notificationSentence({ ...shared, role: 'editor' })).toBe(
      'Ada shared Trip with you as editor',
    );
    expect(notificationSentence({ ...shared, kind: 'role_changed', role: 'viewer' })).toBe(
      'Your role in Trip is now viewer',
    );
  });

  it('leads to the note, its thread, or the notebook', () => {
    expect(notificationPath(base)).toBe('/n/nb/note');
    expect(notificationPath({ ...base, anchor: { thread_id: 't 1' } })).toBe(
      '/n/nb/note?thread=t%201',
    );
    expect(notificationPath({ ...base, noteId: null })).toBe('/n/nb');
  });

  it('names the bell with its unread count', () => {
    expect(bellLabel(2)).toBe('Notifications, 2 unread');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(null)).toBe('Notifications');
  });

  it('says when, roughly', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(whenText('2026-11-27T09:59:30Z', now)).toBe('just now');
    expect(whenText('2026-11-27T09:55:00Z', now)).toBe('5 min ago');
    expect(whenText('2026-11-27T07:00:00Z', now)).toBe('3 h ago');
    expect(whenText('2026-11-25T10:00:00Z', now)).toBe('2 d ago');
  });
});
