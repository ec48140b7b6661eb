// Delivering one broadcast to an audience — from a client, the broadcast API or the database —
// and counting it against the project's message rate, for its sender. Private channels receive
// it only when their read policy admitted broadcasts. Receiving never closes a channel: the
// rate is enforced on senders (broadcast/push.ts, http.ts, changes/feed.ts), where hosted
// Realtime closes every channel that receives once the project is over it.
import type { RealtimeDeps } from '../deps.ts';
import type { JsonObject, Outbound } from '../protocol/frames.ts';
import type { Channel } from '../socket/channel.ts';
import { canReadBroadcast, recheckReads } from '../socket/lifecycle.ts';

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

/**
 * Sends one message to its audience, counted for `sender` against the project's rate (one per
 * channel reached). Private channels whose read decision has grown old ask again after it.
 */
export function broadcast(
  deps: RealtimeDeps,
  audience: { private: boolean; subTopic: string },
  body: BroadcastBody,
  sender: string,
  except?: Channel,
): void {
  const key = `${audience.private ? 'private' : 'public'}:${audience.subTopic}`;
  const reached = deps.hub.fanout(key, outboundFor(audience.subTopic, body), {
    except,
    accept: canReadBroadcast,
  });
  deps.limits.count('events', sender, reached.length);
  if (audience.private) for (const channel of reached) recheckReads(deps, channel);
}
