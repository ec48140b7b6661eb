import { describe, expect, it } from 'vitest';
import { afterFilter, cursorOf, quote } from './keyset.ts';
import type { NoteListItem } from './types.ts';

const row: NoteListItem = {
  id: '00000000-0000-4000-8000-000000000001',
  notebook_id: '00000000-0000-4000-8000-000000000002',
  author_id: null,
  title: 'A, "b" (c) \\ d',
  preview: '',
  tags: [],
  pinned: false,
  body_too_large: false,
  created_at: '2026-11-21T10:00:00.123456+00:00',
  updated_at: '2026-11-21T11:00:00.5+00:00',
};

describe('keyset pagination', () => {
  it('quotes values so commas, parentheses, quotes and backslashes stay one value', () => {
    expect(quote('A, "b" (c) \\ d')).toBe('"A, \\"b\\" (c) \\\\ d"');
  });

  it('continues after the last row in descending time order, ties broken by id', () => {
    expect(afterFilter('updated', cursorOf('updated', row))).toBe(
      `updated_at.lt."2026-11-21T11:00:00.5+00:00",and(updated_at.eq."2026-11-21T11:00:00.5+00:00",id.lt.${row.id})`,
    );
    expect(afterFilter('created', cursorOf('created', row))).toContain('created_at.lt.');
  });

  it('continues after the last row in ascending title order', () => {
    expect(afterFilter('title', cursorOf('title', row))).toBe(
      `title.gt.${quote(row.title)},and(title.eq.${quote(row.title)},id.gt.${row.id})`,
    );
  });
});
