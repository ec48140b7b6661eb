import { describe, expect, it } from 'vitest';
import { fixtureCache } from '../../test/fixtures/rest/schema-cache.ts';
import { parseRequest, type RawRequest } from './parse/request.ts';
import { plan } from './plan/plan.ts';
import { statementsFor } from './sql/statement.ts';
import { decodeQuery } from './parse/query.ts';
import { fillTemplate, learnTemplate, readShape, templatesOf } from './template.ts';

const cache = fixtureCache();
const options = { maxRows: 1000 };

function raw(target: string, headers: Record<string, string> = {}, method = 'GET'): RawRequest {
  const [path, search = ''] = target.split('?');
  return { method, path: path!, search, headers };
}

/** A read's shape, as handle.ts takes it. */
const shapeOf = (request: RawRequest) => readShape(request, decodeQuery(request.search));

/** The statements a read plans into in full. */
const planned = (request: RawRequest) =>
  statementsFor(plan(parseRequest(request, ['public']), cache, options));

/** The template learnt from one read of the shape (as handle.ts learns it). */
function templateFor(request: RawRequest) {
  const shape = shapeOf(request)!;
  const parsed = parseRequest(request, ['public'], shape.markedPairs);
  const marked = plan(parsed, cache, options);
  return learnTemplate(shape, parsed, marked, statementsFor(marked));
}

describe('read templates', () => {
  // Each read: learnt from the first value, then filled with every other value; the result must
  // be what planning that read in full gives, statement for statement, parameter for parameter.
  const reads: [string, string[], Record<string, string>?][] = [
    ['/items?id=eq.{}', ['1', '2', '0', '-5', 'abc', '', "o'neil", '"x"', 'ünï', '1,2', '.eq.3']],
    ['/items?select=id,name&name=neq.{}&order=id.desc&limit=5', ['a', 'b c', '%', '*']],
    ['/clients?select=name,projects(name)&projects.name=eq.{}&id=gt.{}', ['x', '1']],
    ['/items?id=gte.{}', ['3', '4'], { prefer: 'count=exact' }],
    ['/items?id=lt.{}', ['3', '4'], { prefer: 'count=planned' }],
    ['/items?id=lte.{}&offset=2', ['9', '10'], { range: '0-4' }],
  ];
  for (const [target, values, headers = {}] of reads) {
    it(`fills ${target} with any value as planning it in full does`, () => {
      const fill = (value: string) =>
        raw(target.replaceAll('{}', encodeURIComponent(value)), headers);
      const template = templateFor(fill(values[0]!));
      expect(template).toBeDefined();
      for (const value of values) {
        const request = fill(value);
        const shape = shapeOf(request)!;
        expect(shape.key).toBe(shapeOf(fill(values[0]!))!.key);
        expect(fillTemplate(template!, shape.values)).toEqual(planned(request));
        // The request a read of the shape is answered with: the template's, with its own query
        // pairs; all but the parsed query (which only planning reads) as parsing it gives.
        const { query: _marked, ...taken } = {
          ...template!.request,
          queryPairs: decodeQuery(request.search),
        };
        const { query: _real, ...parsed } = parseRequest(request, ['public']);
        expect(taken).toEqual(parsed);
      }
    });
  }

  it('gives reads that differ in anything but such a value different shapes', () => {
    const key = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
      shapeOf(raw(target, headers, method))?.key;
    const base = key('/items?id=eq.1');
    expect(key('/items?id=eq.2')).toBe(base);
    expect(key('/items?id=eq.1', {}, 'HEAD')).not.toBe(base);
    expect(key('/items?id=neq.1')).not.toBe(base);
    expect(key('/items?name=eq.1')).not.toBe(base);
    expect(key('/items?id=eq.1&select=id')).not.toBe(base);
    expect(key('/items?id=eq.1&limit=1')).not.toBe(base);
    expect(key('/clients?id=eq.1')).not.toBe(base);
    for (const header of ['accept', 'content-type', 'prefer', 'range', 'accept-profile'])
      expect(key('/items?id=eq.1', { [header]: 'x' })).not.toBe(base);
    // Headers the parser does not read are not part of it.
    expect(key('/items?id=eq.1', { 'x-request-id': 'abc' })).toBe(base);
  });

  it('has no shape for writes, calls, the root, reads without such a value, or marked values', () => {
    expect(shapeOf(raw('/items?id=eq.1', {}, 'POST'))).toBeUndefined();
    expect(shapeOf(raw('/items?id=eq.1', {}, 'PATCH'))).toBeUndefined();
    expect(shapeOf(raw('/rpc/fn?id=eq.1'))).toBeUndefined();
    expect(shapeOf(raw('/?id=eq.1'))).toBeUndefined();
    expect(shapeOf(raw('/items?select=id&limit=2'))).toBeUndefined();
    expect(shapeOf(raw('/items?id=in.(1,2)'))).toBeUndefined();
    expect(shapeOf(raw('/items?id=is.null'))).toBeUndefined();
    expect(shapeOf(raw('/items?name=like.*a*'))).toBeUndefined();
    expect(shapeOf(raw('/items?id=eq(any).{1,2}'))).toBeUndefined();
    expect(shapeOf(raw('/items?id=eq.%00'))).toBeUndefined();
  });

  it('learns no template when a marked value does not come out as one whole parameter', () => {
    const request = raw('/items?id=eq.1&name=eq.2');
    const shape = shapeOf(request)!;
    const parsed = parseRequest(request, ['public'], shape.markedPairs);
    const full = statementsFor(plan(parsed, cache, options));
    // As the planner would if it changed a value, dropped one, or wrote one into the SQL.
    const changed = {
      main: { ...full.main, params: full.main.params.map((p) => `%${String(p)}%`) },
    };
    expect(learnTemplate(shape, parsed, {} as never, changed)).toBeUndefined();
    const dropped = {
      main: { ...full.main, params: full.main.params.filter((p) => p !== '\u00001\u0000') },
    };
    expect(learnTemplate(shape, parsed, {} as never, dropped)).toBeUndefined();
    const inText = { main: { ...full.main, sql: `${full.main.sql} -- \u00000\u0000` } };
    expect(learnTemplate(shape, parsed, {} as never, inText)).toBeUndefined();
    expect(learnTemplate(shape, parsed, {} as never, full)).toBeDefined();
  });

  it('keys a shape by every header the REST parser reads', () => {
    const read = new Set<string>();
    const headers = new Proxy({} as Record<string, string>, {
      get: (_, name) => (typeof name === 'string' && read.add(name), undefined),
    });
    for (const method of ['GET', 'HEAD'])
      parseRequest({ method, path: '/items', search: 'id=eq.1', headers }, ['public']);
    for (const name of read) {
      const base = shapeOf(raw('/items?id=eq.1'))!.key;
      expect(shapeOf(raw('/items?id=eq.1', { [name]: 'x' }))!.key, name).not.toBe(base);
    }
    expect([...read].sort()).toEqual([
      'accept',
      'accept-profile',
      'content-type',
      'prefer',
      'range',
    ]);
  });

  it('keeps templates per schema-cache snapshot', () => {
    const first = templatesOf(cache);
    first.set('k', null);
    expect(templatesOf(cache).get('k')).toBeNull();
    expect(templatesOf(fixtureCache()).get('k')).toBeUndefined();
  });
});
