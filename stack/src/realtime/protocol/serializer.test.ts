import Serializer from '@supabase/realtime-js/dist/main/lib/serializer.js';
import { describe, expect, it } from 'vitest';
import { MalformedFrame } from './frames.ts';
import { serializerFor } from './serializer.ts';

const client = new Serializer();
const v1 = serializerFor('1.0.0')!;
const v2 = serializerFor('2.0.0')!;

function clientEncode(msg: Parameters<Serializer['encode']>[0]): Buffer | string {
  return client.encode(msg, (result: ArrayBuffer | string) =>
    typeof result === 'string' ? result : Buffer.from(result),
  ) as Buffer | string;
}

function clientDecode(frame: Buffer | string): Record<string, unknown> {
  const raw =
    typeof frame === 'string'
      ? frame
      : frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.byteLength);
  return client.decode(raw as ArrayBuffer, (msg: Record<string, unknown>) => msg) as Record<
    string,
    unknown
  >;
}

describe('realtime serializers', () => {
  it('reads the JSON arrays realtime-js sends with vsn 2.0.0', () => {
    const frame = clientEncode({
      join_ref: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'phx_join',
      payload: { config: { private: false } },
    });
    expect(v2.decode(Buffer.from(frame as string), false)).toEqual({
      kind: 'push',
      joinRef: '1',
      ref: '2',
      topic: 'realtime:room',
      event: 'phx_join',
      payload: { config: { private: false } },
    });
  });

  it('reads a binary user broadcast push with a JSON and with a binary payload', () => {
    const json = clientEncode({
      join_ref: '1',
      ref: '3',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 1, é: '✓' } },
    });
    expect(v2.decode(json as Buffer, true)).toMatchObject({
      kind: 'user-broadcast',
      joinRef: '1',
      ref: '3',
      topic: 'realtime:room',
      userEvent: 'cursor',
      encoding: 'json',
    });
    const decoded = v2.decode(json as Buffer, true);
    expect(decoded.kind === 'user-broadcast' && JSON.parse(decoded.body.toString())).toEqual({
      x: 1,
      é: '✓',
    });
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const binary = clientEncode({
      join_ref: '1',
      ref: '4',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'blob', payload: bytes.buffer },
    });
    const got = v2.decode(binary as Buffer, true);
    expect(got).toMatchObject({ encoding: 'binary', userEvent: 'blob' });
    expect(got.kind === 'user-broadcast' && [...got.body]).toEqual([0, 1, 2, 255]);
  });

  it('writes user broadcasts that realtime-js decodes, with metadata', () => {
    const frame = v2.encode({
      kind: 'user-broadcast',
      topic: 'realtime:room',
      userEvent: 'cursor',
      encoding: 'json',
      body: Buffer.from('{"x":1}'),
      meta: { id: 'abc' },
    });
    expect(clientDecode(frame as Buffer)).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'cursor', payload: { x: 1 }, meta: { id: 'abc' } },
    });
  });

  it('gives vsn 1.0.0 clients JSON broadcasts and drops binary ones', () => {
    const frame = v1.encode({
      kind: 'user-broadcast',
      topic: 'realtime:room',
      userEvent: 'cursor',
      encoding: 'json',
      body: Buffer.from('{"x":1}'),
    });
    expect(JSON.parse(frame as string)).toEqual({
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { event: 'cursor', payload: { x: 1 }, type: 'broadcast' },
      ref: null,
    });
    const binary = v1.encode({
      kind: 'user-broadcast',
      topic: 't',
      userEvent: 'e',
      encoding: 'binary',
      body: Buffer.from([1]),
    });
    expect(binary).toBeUndefined();
  });

  it('writes replies as each version frames them', () => {
    const message = {
      kind: 'message' as const,
      joinRef: '1',
      ref: '1',
      topic: 'realtime:room',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    };
    expect(JSON.parse(v2.encode(message) as string)).toEqual([
      '1',
      '1',
      'realtime:room',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    expect(JSON.parse(v1.encode(message) as string)).toEqual({
      topic: 'realtime:room',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '1',
    });
  });

  it('embeds an already serialized payload as it is (one payload fanned out)', () => {
    const message = {
      kind: 'message' as const,
      joinRef: null,
      ref: null,
      topic: 'realtime:t',
      event: 'postgres_changes',
      payload: {},
      payloadText: '{"ids":[1],"data":{"a":1}}',
    };
    expect(JSON.parse(v2.encode(message) as string)).toEqual([
      null,
      null,
      'realtime:t',
      'postgres_changes',
      { ids: [1], data: { a: 1 } },
    ]);
    expect(JSON.parse(v1.encode(message) as string)).toEqual({
      topic: 'realtime:t',
      event: 'postgres_changes',
      payload: { ids: [1], data: { a: 1 } },
      ref: null,
    });
  });

  it('falls back to a JSON frame when a topic is too long for a binary one', () => {
    const topic = `realtime:${'t'.repeat(300)}`;
    const frame = v2.encode({
      kind: 'user-broadcast',
      topic,
      userEvent: 'e',
      encoding: 'json',
      body: Buffer.from('[1]'),
    });
    expect(JSON.parse(frame as string)).toEqual([
      null,
      null,
      topic,
      'broadcast',
      { event: 'e', payload: [1], type: 'broadcast' },
    ]);
  });

  it('refuses malformed frames with MalformedFrame', () => {
    const bad = [
      () => v2.decode(Buffer.from('not json'), false),
      () => v2.decode(Buffer.from('{"topic":"t"}'), false),
      () => v2.decode(Buffer.from('[null,null,"t","e"]'), false),
      () => v2.decode(Buffer.from('[null,null,"t","e","payload"]'), false),
      () => v2.decode(Buffer.from([3, 10, 0, 0, 0, 0, 1]), true),
      () => v2.decode(Buffer.from([9]), true),
      () => v1.decode(Buffer.from('[1,2,3,4,5]'), false),
      () => v1.decode(Buffer.from([3]), true),
    ];
    for (const decode of bad) expect(decode).toThrow(MalformedFrame);
  });

  it('knows the versions realtime-js speaks', () => {
    expect(serializerFor(null)?.vsn).toBe('1.0.0');
    expect(serializerFor('2.0.0')?.vsn).toBe('2.0.0');
    expect(serializerFor('3.0.0')).toBeUndefined();
  });
});
