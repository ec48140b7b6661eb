import { describe, expect, it } from 'vitest';
import { RestError } from '../errors.ts';
import { parseFilterValue, parseLogicValue } from './filter.ts';
import { parseOrder } from './order.ts';
import { parsePrefer } from './prefer.ts';
import { decodeQuery, parseQuery } from './query.ts';

describe('filters', () => {
  it('reads operators, negation, quantifiers and languages', () => {
    expect(parseFilterValue('a', 'eq.1')).toEqual({
      negate: false,
      operation: { op: 'eq', value: '1' },
    });
    expect(parseFilterValue('a', 'not.like(any).{a*,b*}')).toEqual({
      negate: true,
      operation: { op: 'like', value: '{a*,b*}', quant: 'any' },
    });
    expect(parseFilterValue('a', 'fts(english).cat & dog')).toEqual({
      negate: false,
      operation: { op: 'fts', lang: 'english', value: 'cat & dog' },
    });
    expect(parseFilterValue('a', 'in.(1,"a,b",c)')).toEqual({
      negate: false,
      operation: { op: 'in', values: ['1', 'a,b', 'c'] },
    });
    expect(parseFilterValue('a', 'is.NULL')).toEqual({
      negate: false,
      operation: { op: 'is', value: 'null' },
    });
    expect(parseFilterValue('a', 'eq.a.b.c')).toEqual({
      negate: false,
      operation: { op: 'eq', value: 'a.b.c' },
    });
  });

  it('refuses unknown operators and is values', () => {
    expect(() => parseFilterValue('a', 'zz.1')).toThrow(RestError);
    expect(() => parseFilterValue('a', 'is.maybe')).toThrow(RestError);
    expect(() => parseFilterValue('a', 'neq(any).1')).toThrow(RestError);
  });

  it('reads nested logic trees with quoted values and arrays', () => {
    const leaf = (name: string, negate: boolean, op: string, value: string) => ({
      type: 'filter',
      filter: { field: { name, json: [] }, negate, operation: { op, value } },
    });
    expect(parseLogicValue('or', '(a.eq."x,y",and(b.gt.1,c.not.cs.{1,2}))', false, 'or')).toEqual({
      type: 'expr',
      negate: false,
      op: 'or',
      children: [
        leaf('a', false, 'eq', 'x,y'),
        {
          type: 'expr',
          negate: false,
          op: 'and',
          children: [leaf('b', false, 'gt', '1'), leaf('c', true, 'cs', '{1,2}')],
        },
      ],
    });
  });
});

describe('order, prefer and the query string', () => {
  it('reads order terms', () => {
    expect(parseOrder('a.desc.nullslast,rel(b).asc,c')).toEqual([
      { field: { name: 'a', json: [] }, direction: 'desc', nulls: 'last' },
      { relation: 'rel', field: { name: 'b', json: [] }, direction: 'asc' },
      { field: { name: 'c', json: [] } },
    ]);
  });

  it('reads preferences and ignores invalid ones unless strict', () => {
    expect(
      parsePrefer(['return=representation, count=exact, tx=rollback, max-affected=5']),
    ).toMatchObject({
      return: 'representation',
      count: 'exact',
      tx: 'rollback',
      maxAffected: 5,
    });
    expect(parsePrefer(['bogus'])).toEqual({});
    expect(() => parsePrefer(['handling=strict, bogus'])).toThrow(RestError);
  });

  it('decodes + as space and places filters on embed paths', () => {
    expect(decodeQuery('?a=x+y&b=%2C')).toEqual([
      ['a', 'x y'],
      ['b', ','],
    ]);
    const parts = parseQuery(
      decodeQuery('select=*,rel(*)&rel.name=eq.x&rel.order=id&rel.limit=2&or=(a.eq.1)&apikey=k'),
    );
    expect(parts.filters).toEqual([
      {
        path: ['rel'],
        value: {
          field: { name: 'name', json: [] },
          negate: false,
          operation: { op: 'eq', value: 'x' },
        },
      },
    ]);
    expect(parts.limits).toEqual([{ path: ['rel'], value: 2 }]);
    expect(parts.order[0]!.path).toEqual(['rel']);
    expect(parts.logic).toHaveLength(1);
  });
});
