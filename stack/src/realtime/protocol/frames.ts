// The Phoenix channel messages the service reads and writes, independent of how a serializer
// puts them on the wire (JSON objects for vsn 1.0.0; JSON arrays and binary frames for 2.0.0).

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A message from a client, as decoded from one frame. */
export type Inbound =
  | {
      kind: 'push';
      joinRef: string | null;
      ref: string | null;
      topic: string;
      event: string;
      payload: JsonObject;
    }
  | {
      /** A broadcast sent as v2's binary "user broadcast push" frame. */
      kind: 'user-broadcast';
      joinRef: string | null;
      ref: string | null;
      topic: string;
      userEvent: string;
      encoding: 'json' | 'binary';
      /** The user payload's bytes: JSON text, or opaque binary. */
      body: Buffer;
    };

/** A message to a client: a reply or push (ref / joinRef null for fan-out). */
export interface OutboundMessage {
  kind: 'message';
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: JsonObject;
  /** The payload already serialized (one payload fanned out to many), used instead of it. */
  payloadText?: string;
}

/**
 * A broadcast whose user payload stays encoded (JSON text or binary): v2 clients get it as a
 * binary "user broadcast" frame, v1 clients as JSON (binary ones cannot be represented there).
 */
export interface OutboundUserBroadcast {
  kind: 'user-broadcast';
  topic: string;
  userEvent: string;
  encoding: 'json' | 'binary';
  body: Buffer;
  meta?: JsonObject;
}

export type Outbound = OutboundMessage | OutboundUserBroadcast;

/** A frame the service cannot read; the connection logs it and carries on, as Realtime does. */
export class MalformedFrame extends Error {
  override name = 'MalformedFrame';
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Phoenix refs are strings; clients may send numbers. Anything else is no ref. */
export function refOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function reply(
  to: { joinRef: string | null; ref: string | null; topic: string },
  status: 'ok' | 'error',
  response: JsonObject = {},
): OutboundMessage {
  return {
    kind: 'message',
    joinRef: to.joinRef,
    ref: to.ref,
    topic: to.topic,
    event: 'phx_reply',
    payload: { status, response },
  };
}
