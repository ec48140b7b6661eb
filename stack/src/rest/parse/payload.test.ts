import { describe, expect, it } from 'vitest';
import { ParseError } from '../errors.ts';
import { parsePayload, type PayloadContext } from './payload.ts';

const json: PayloadContext = { contentType: 'json', mime: 'application/json', rpc: false };

describe('request bodies', () => {
  it('keep JSON as sent (big numbers too), with its object’s keys', () => {
    expect(parsePayload('{"a": 1, "b": 12345678901234567890}', json)).toMatchObject({
      kind: 'json',
      text: '{"a": 1, "b": 12345678901234567890}',
      keys: ['a', 'b'],
    });
  });

  it('want the same keys in every object of an array, unless columns= names them', () => {
    expect(parsePayload('[{"a":1},{"a":2}]', json)).toMatchObject({ keys: ['a'] });
    expect(() => parsePayload('[{"a":1},{"b":2}]', json)).toThrow('All object keys must match');
    expect(parsePayload('[{"a":1},{"b":2}]', { ...json, columns: ['a', 'b'] })).toMatchObject({
      keys: ['a', 'b'],
    });
  });

  it('read anything but objects and arrays of them as an empty array, as PostgREST does', () => {
    expect(parsePayload('5', json)).toEqual({ kind: 'json', text: '[]', value: [], keys: [] });
    expect(parsePayload('[]', json)).toMatchObject({ text: '[]', keys: [] });
    expect(() => parsePayload('[1]', json)).toThrow(ParseError);
  });

  it('answer PGRST102 for JSON that does not parse, and an empty object for an empty RPC body', () => {
    expect(() => parsePayload('{', json)).toThrow(expect.objectContaining({ code: 'PGRST102' }));
    expect(() => parsePayload('', json)).toThrow('Empty or invalid json');
    expect(parsePayload('', { ...json, rpc: true })).toMatchObject({ text: '{}', keys: [] });
  });

  it('turn CSV and forms into JSON, but keep a form on RPC as text arguments', () => {
    const csv = { ...json, contentType: 'csv' as const };
    expect(parsePayload('a,b\n1,NULL\n', csv)).toMatchObject({
      value: [{ a: '1', b: null }],
      keys: ['a', 'b'],
    });
    const form = { ...json, contentType: 'form' as const };
    expect(parsePayload('a=1&b=x+y', form)).toMatchObject({ value: { a: '1', b: 'x y' } });
    expect(parsePayload('a=1&a=2', { ...form, rpc: true })).toEqual({
      kind: 'form',
      pairs: [
        ['a', '1'],
        ['a', '2'],
      ],
    });
  });

  it('keep text, xml and bytes whole on RPC and refuse them elsewhere', () => {
    const bytes = new Uint8Array([0, 255]);
    expect(
      parsePayload(bytes, { contentType: 'binary', mime: 'application/octet-stream', rpc: true }),
    ).toEqual({
      kind: 'raw',
      body: bytes,
    });
    expect(() =>
      parsePayload('x', { contentType: 'text', mime: 'text/plain', rpc: false }),
    ).toThrow('Content-Type not acceptable: text/plain');
  });
});
