import { describe, expect, it } from 'vitest';
import { RestError } from '../errors.ts';
import { parseSelect } from './select.ts';

describe('parseSelect', () => {
  it('reads fields with aliases, casts, JSON paths and aggregates', () => {
    expect(
      parseSelect('id,label:name,price::text,data->a->>b,total:amount.sum()::int,count()'),
    ).toEqual([
      { type: 'field', field: { name: 'id', json: [] } },
      { type: 'field', alias: 'label', field: { name: 'name', json: [] } },
      { type: 'field', cast: 'text', field: { name: 'price', json: [] } },
      {
        type: 'field',
        field: {
          name: 'data',
          json: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: 'b', index: false },
          ],
        },
      },
      {
        type: 'field',
        alias: 'total',
        aggregate: 'sum',
        aggregateCast: 'int',
        field: { name: 'amount', json: [] },
      },
      { type: 'field', aggregate: 'count', field: { name: '', json: [] } },
    ]);
  });

  it('reads embeds with hints, join types, spreads and nesting', () => {
    expect(parseSelect('*,c:clients!fk!inner(name,projects(*)),...owner!left(id)')).toEqual([
      { type: 'field', field: { name: '*', json: [] } },
      {
        type: 'embed',
        name: 'clients',
        alias: 'c',
        hint: 'fk',
        join: 'inner',
        spread: false,
        children: [
          { type: 'field', field: { name: 'name', json: [] } },
          {
            type: 'embed',
            name: 'projects',
            spread: false,
            children: [{ type: 'field', field: { name: '*', json: [] } }],
          },
        ],
      },
      {
        type: 'embed',
        name: 'owner',
        join: 'left',
        spread: true,
        children: [{ type: 'field', field: { name: 'id', json: [] } }],
      },
    ]);
  });

  it('reads array indexes in JSON paths and quoted names', () => {
    expect(parseSelect('data->0,"my col"')).toEqual([
      { type: 'field', field: { name: 'data', json: [{ arrow: '->', key: '0', index: true }] } },
      { type: 'field', field: { name: 'my col', json: [] } },
    ]);
  });

  it('fails with PostgREST’s PGRST100 message and column', () => {
    const error = (() => {
      try {
        parseSelect('id,name)');
      } catch (e) {
        return e;
      }
    })() as RestError;
    expect(error).toBeInstanceOf(RestError);
    expect(error.code).toBe('PGRST100');
    expect(error.message).toBe('"failed to parse select parameter (id,name))" (line 1, column 8)');
  });

  it('refuses nesting deeper than the limit', () => {
    const deep = 'a('.repeat(60) + 'id' + ')'.repeat(60);
    expect(() => parseSelect(deep)).toThrow(RestError);
  });
});
