import { describe, expect, it } from 'vitest';
import { ParseError } from '../errors.ts';
import { parseRequest, type RawRequest } from './request.ts';

const raw = (
  method: string,
  path: string,
  search = '',
  headers: Record<string, string> = {},
  body?: string,
): RawRequest => ({
  method,
  path,
  search,
  headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  body,
});

const parse = (r: RawRequest) => parseRequest(r, ['public', 'other']);

describe('requests', () => {
  it('name a table, a function or the root, and the action', () => {
    expect(parse(raw('GET', '/items'))).toMatchObject({
      action: 'read',
      target: 'items',
      rpc: false,
    });
    expect(parse(raw('PATCH', '/items', '', {}, '{}'))).toMatchObject({ action: 'update' });
    expect(parse(raw('POST', '/rpc/fn', '', {}, '{}'))).toMatchObject({
      action: 'call',
      target: 'fn',
      rpc: true,
    });
    expect(parse(raw('GET', '/'))).toMatchObject({ action: 'openapi' });
  });

  it('refuse what PostgREST refuses, with its codes', () => {
    const code = (r: RawRequest) => {
      try {
        parse(r);
      } catch (error) {
        return error instanceof ParseError ? error.code : 'other';
      }
      return 'none';
    };
    expect(code(raw('DELETE', '/rpc/fn'))).toBe('PGRST101');
    expect(code(raw('POST', '/'))).toBe('PGRST117');
    expect(code(raw('GET', '/a/b'))).toBe('PGRST125');
    expect(code(raw('GET', '/items', '', { 'Accept-Profile': 'nope' }))).toBe('PGRST106');
    expect(code(raw('GET', '/items', '', { Accept: 'image/png' }))).toBe('PGRST107');
    expect(code(raw('GET', '/items', 'select=a)'))).toBe('PGRST100');
    expect(code(raw('GET', '/items', '', { Range: '5-2' }))).toBe('PGRST103');
  });

  it('choose the schema from the profile header of the method', () => {
    expect(parse(raw('GET', '/things', '', { 'Accept-Profile': 'other' }))).toMatchObject({
      schema: 'other',
      negotiated: true,
    });
    expect(parse(raw('POST', '/things', '', { 'Content-Profile': 'other' }, '{}')).schema).toBe(
      'other',
    );
  });

  it('parse the query string and the body in this stage', () => {
    const r = parse(
      raw(
        'POST',
        '/items',
        'select=id&columns=a,b',
        { Prefer: 'return=representation' },
        '[{"a":1,"b":2}]',
      ),
    );
    expect(r.query.columns).toEqual(['a', 'b']);
    expect(r.query.select).toEqual([{ type: 'field', field: { name: 'id', json: [] } }]);
    expect(r.payload).toMatchObject({ kind: 'json', keys: ['a', 'b'] });
    expect(r.prefs.return).toBe('representation');
  });

  it('read the arguments of GET /rpc from what is not a filter', () => {
    const r = parse(raw('GET', '/rpc/fn', 'a=1&b=eq.2'));
    expect(r.query.params).toEqual([['a', '1']]);
    expect(r.query.filters).toHaveLength(1);
  });

  it('leave the body of a DELETE unread', () => {
    expect(parse(raw('DELETE', '/items', 'id=eq.1', {}, 'not json')).payload).toBeUndefined();
  });
});
