import { describe, expect, it } from 'vitest';
import { parseFilters, parseSubscription } from './params.ts';

describe('postgres_changes params', () => {
  it('reads schema, table, event and filter as Realtime does', () => {
    expect(
      parseSubscription({ event: 'insert', schema: 'public', table: 'todos', filter: 'id=eq.1' }),
    ).toEqual({
      event: 'INSERT',
      schema: 'public',
      table: 'todos',
      filters: [['id', 'eq', '1', false]],
      select: null,
    });
    expect(parseSubscription({ event: 'whatever', schema: 'public' })).toMatchObject({
      event: '*',
      table: '*',
    });
    expect(parseSubscription({ table: 'todos' })).toMatchObject({ schema: 'public' });
  });

  it('reads every operator, negation, in-lists and quoted values', () => {
    expect(
      parseFilters('id=gt.0,id=lt.100,title=not.like.a%,tag=in.(x,"y,z"),name=eq."a,b",d=is.null'),
    ).toEqual([
      ['id', 'gt', '0', false],
      ['id', 'lt', '100', false],
      ['title', 'like', 'a%', true],
      ['tag', 'in', '{x,"y,z"}', false],
      ['name', 'eq', 'a,b', false],
      ['d', 'is', 'null', false],
    ]);
    expect(parseFilters('  ')).toEqual([]);
    expect(parseFilters('q=eq."say \\"hi\\""')).toEqual([['q', 'eq', 'say "hi"', false]]);
  });

  it('answers bad filters with Realtime’s messages', () => {
    expect(parseFilters('subject=foo.hey')).toBe('Error parsing `filter` params: ["foo", "hey"]');
    expect(parseFilters('undefined')).toBe('Error parsing `filter` params: ["undefined"]');
    expect(parseFilters('id=eq.1,,id=eq.2')).toMatch(/empty segments/);
    expect(parseFilters('id=in.1,2')).toMatch(/must be wrapped by parentheses/);
    expect(parseSubscription({})).toMatch(/^No subscription params provided/);
    expect(parseSubscription({ schema: '*', table: '*', select: ['a'] })).toMatch(/wildcard/);
    expect(parseSubscription({ schema: 'public', table: 't', select: 'a' })).toMatch(
      /expected a list of column name strings/,
    );
  });
});
