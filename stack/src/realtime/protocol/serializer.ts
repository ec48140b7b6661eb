// The two wire formats realtime-js speaks, chosen by the socket's `vsn`:
// 1.0.0 — JSON objects {topic, event, payload, ref} (join_ref read, never written);
// 2.0.0 — JSON arrays [join_ref, ref, topic, event, payload], plus binary frames: a client's
// "user broadcast push" (kind 3) in, and "user broadcast" (kind 4) out, whose user payload
// travels as raw JSON bytes or opaque binary.
import {
  MalformedFrame,
  isJsonObject,
  refOf,
  type Inbound,
  type JsonObject,
  type Outbound,
  type OutboundUserBroadcast,
} from './frames.ts';

export type Vsn = '1.0.0' | '2.0.0';

export interface Serializer {
  readonly vsn: Vsn;
  decode(data: Buffer, isBinary: boolean): Inbound;
  /** The frame for a message, or undefined when this format cannot carry it. */
  encode(message: Outbound): string | Buffer | undefined;
}

const KIND_PUSH = 0;
const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;

function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch (error) {
    throw new MalformedFrame((error as Error).message);
  }
}

function push(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): Inbound {
  if (typeof topic !== 'string' || typeof event !== 'string')
    throw new MalformedFrame('expected a string topic and event');
  if (!isJsonObject(payload)) throw new MalformedFrame('expected the payload to be an object');
  return { kind: 'push', joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload };
}

/** The user payload as a JSON value's text, for embedding without re-encoding. */
function userBroadcastPayload(message: OutboundUserBroadcast): string {
  const meta = message.meta ? `,"meta":${JSON.stringify(message.meta)}` : '';
  return `{"event":${JSON.stringify(message.userEvent)},"payload":${message.body.toString('utf8')},"type":"broadcast"${meta}}`;
}

const v1: Serializer = {
  vsn: '1.0.0',
  decode(data, isBinary) {
    if (isBinary) throw new MalformedFrame('binary frames need vsn 2.0.0');
    const msg = parseJson(data);
    if (!isJsonObject(msg)) throw new MalformedFrame('expected a JSON object');
    return push(msg.join_ref, msg.ref, msg.topic, msg.event, msg.payload);
  },
  encode(message) {
    if (message.kind === 'message') {
      const { topic, event, payload, ref, payloadText } = message;
      if (payloadText !== undefined)
        return `{"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadText},"ref":${JSON.stringify(ref)}}`;
      return JSON.stringify({ topic, event, payload, ref });
    }
    if (message.encoding === 'binary') return undefined;
    return `{"topic":${JSON.stringify(message.topic)},"event":"broadcast","payload":${userBroadcastPayload(message)},"ref":null}`;
  },
};

function byteField(value: string, name: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > 255) throw new MalformedFrame(`${name} longer than 255 bytes`);
  return bytes;
}

function decodeBinary(data: Buffer): Inbound {
  const kind = data[0];
  if (kind === KIND_USER_BROADCAST_PUSH) {
    if (data.length < 7) throw new MalformedFrame('truncated user broadcast frame');
    const sizes = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
    const encoding = data[6];
    let offset = 7;
    const fields = sizes.map((size) => {
      if (offset + size > data.length) throw new MalformedFrame('truncated user broadcast frame');
      const field = data.subarray(offset, offset + size).toString('utf8');
      offset += size;
      return field;
    });
    if (encoding !== 0 && encoding !== 1) throw new MalformedFrame('unknown payload encoding');
    const [joinRef, ref, topic, userEvent] = fields as [string, string, string, string];
    return {
      kind: 'user-broadcast',
      joinRef: joinRef || null,
      ref: ref || null,
      topic,
      userEvent,
      encoding: encoding === 1 ? 'json' : 'binary',
      body: Buffer.from(data.subarray(offset)),
    };
  }
  if (kind === KIND_PUSH) throw new MalformedFrame('binary push payloads are not supported');
  throw new MalformedFrame(`unknown binary frame kind ${String(kind)}`);
}

function encodeUserBroadcast(message: OutboundUserBroadcast): Buffer | string | undefined {
  let header: Buffer[];
  try {
    header = [
      byteField(message.topic, 'topic'),
      byteField(message.userEvent, 'event'),
      byteField(message.meta ? JSON.stringify(message.meta) : '', 'metadata'),
    ];
  } catch {
    // Too long for the binary frame: JSON still carries a JSON payload.
    if (message.encoding === 'binary') return undefined;
    return JSON.stringify([
      null,
      null,
      message.topic,
      'broadcast',
      JSON.parse(userBroadcastPayload(message)) as JsonObject,
    ]);
  }
  const [topic, event, meta] = header as [Buffer, Buffer, Buffer];
  const prefix = Buffer.from([
    KIND_USER_BROADCAST,
    topic.length,
    event.length,
    meta.length,
    message.encoding === 'json' ? 1 : 0,
  ]);
  return Buffer.concat([prefix, topic, event, meta, message.body]);
}

const v2: Serializer = {
  vsn: '2.0.0',
  decode(data, isBinary) {
    if (isBinary) return decodeBinary(data);
    const msg = parseJson(data);
    if (!Array.isArray(msg) || msg.length < 5) throw new MalformedFrame('expected a V2 array');
    return push(msg[0], msg[1], msg[2], msg[3], msg[4]);
  },
  encode(message) {
    if (message.kind === 'user-broadcast') return encodeUserBroadcast(message);
    const { joinRef, ref, topic, event, payload, payloadText } = message;
    if (payloadText !== undefined)
      return `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadText}]`;
    return JSON.stringify([joinRef, ref, topic, event, payload]);
  },
};

/** The serializer for a `vsn` query parameter (absent means 1.0.0, as Phoenix reads it). */
export function serializerFor(vsn: string | null): Serializer | undefined {
  if (vsn === null || vsn === '' || vsn === '1.0.0') return v1;
  if (vsn === '2.0.0') return v2;
  return undefined;
}
