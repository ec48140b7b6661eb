// Delivering one broadcast to an audience — from a client, the broadcast API or the database —
// and counting it against the project's message rate. Private channels receive it only when
// their read policy admitted broadcasts. Once the rate is over its limit, each channel that
// receives a message is closed with Realtime's "Too many messages per second".
import type { RealtimeDeps } from '../deps.ts';
import { SHUTDOWN } from '../errors.ts';
import type { JsonObject, Outbound } from '../protocol/frames.ts';
import type { Channel } from '../socket/channel.ts';
import { canReadBroadcast, closeChannel } from '../socket/lifecycle.ts';

export type BroadcastBody =
  /** A JSON push's whole payload (`{type, event, payload, …}`), sent on as it came. */
  | { kind: 'json'; payload: JsonObject }
  /** A user payload still encoded (v2 binary frames, the API, the database). */
  | { kind: 'user'; event: string; encoding: 'json' | 'binary'; body: Buffer; meta?: JsonObject };

export function outboundFor(subTopic: string, body: BroadcastBody): Outbound {
  const topic = `realtime:${subTopic}`;
  if (body.kind === 'json')
    return {
      kind: 'message',
      joinRef: null,
      ref: null,
      topic,
      event: 'broadcast',
      payload: body.payload,
    };
  return {
    kind: 'user-broadcast',
    topic,
    userEvent: body.event,
    encoding: body.encoding,
    body: body.body,
    meta: body.meta,
  };
}

/** The payload's size as Realtime weighs it against TENANT_MAX_PAYLOAD_SIZE_IN_KB. */
export function bodySize(body: BroadcastBody): number {
  return body.kind === 'json' ? Buffer.byteLength(JSON.stringify(body.payload)) : body.body.length;
}

export function broadcast(
  deps: RealtimeDeps,
  audience: { private: boolean; subTopic: string },
  body: BroadcastBody,
  except?: Channel,
): void {
  const key = `${audience.private ? 'private' : 'public'}:${audience.subTopic}`;
  const reached = deps.hub.fanout(key, outboundFor(audience.subTopic, body), {
    except,
    accept: canReadBroadcast,
  });
  deps.limits.events.add(reached.length);
  if (!deps.limits.events.triggered) return;
  for (const channel of reached)
    closeChannel(deps, channel, { kind: 'shutdown', reason: SHUTDOWN.tooManyMessages });
}
