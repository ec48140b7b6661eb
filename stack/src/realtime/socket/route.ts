// The shape of an entry in the socket's event table: typed params parsed from the message first,
// then the guards in order (the first refusal answers), then the handler.
import type { RealtimeDeps } from '../deps.ts';
import type { JoinError } from '../errors.ts';
import { reply, type Inbound, type JsonObject } from '../protocol/frames.ts';
import type { Channel } from './channel.ts';
import type { Connection } from './connection.ts';
import { closeChannel } from './lifecycle.ts';

export interface EventContext {
  deps: RealtimeDeps;
  conn: Connection;
  message: Inbound;
}

export interface ChannelContext extends EventContext {
  /** The joined channel the message's topic names. */
  channel: Channel;
}

/** How a guard turns a message away. */
export type Refusal =
  /** A `phx_reply` error (`disconnect`: the socket is closed afterwards). */
  | { kind: 'reply'; response: JsonObject; disconnect?: readonly [number, string] }
  /** The channel ends: a system error with the reason, then phx_close. */
  | { kind: 'shutdown'; reason: string }
  /** Dropped without an answer (Realtime's behaviour, e.g. a refused broadcast without ack). */
  | { kind: 'ignore' };

export type Guard<C, P> = (ctx: C, params: P) => Promise<Refusal | void> | Refusal | void;

export interface EventRoute<C extends EventContext, P> {
  event: string;
  /** `phoenix`: the socket's own topic; `join`: any topic; `channel`: a topic this socket joined. */
  scope: C extends ChannelContext ? 'channel' : 'phoenix' | 'join';
  parse(message: Inbound): P;
  guards: Guard<C, P>[];
  handle(ctx: C, params: P): Promise<void> | void;
}

/** A table entry with its params type closed over. */
export interface RouteEntry {
  event: string;
  scope: 'phoenix' | 'join' | 'channel';
  run(ctx: EventContext | ChannelContext): Promise<void>;
}

export function joinRefusal(error: JoinError): Refusal {
  return { kind: 'reply', response: { reason: error.message } };
}

function refuse(ctx: EventContext | ChannelContext, refusal: Refusal): void {
  const { message, conn, deps } = ctx;
  if (refusal.kind === 'reply') {
    conn.send(reply(message, 'error', refusal.response));
    if (refusal.disconnect) conn.close(refusal.disconnect);
  } else if (refusal.kind === 'shutdown' && 'channel' in ctx) {
    deps.log.warn(`ChannelShutdown: ${refusal.reason}`);
    closeChannel(deps, ctx.channel, { kind: 'shutdown', reason: refusal.reason });
  }
}

export function route<C extends EventContext, P>(r: EventRoute<C, P>): RouteEntry {
  return {
    event: r.event,
    scope: r.scope,
    async run(ctx) {
      const params = r.parse(ctx.message);
      for (const guard of r.guards) {
        const refusal = await guard(ctx as C, params);
        if (refusal) {
          // Realtime pauses before refusing a join (CHANNEL_ERROR_BACKOFF_MS).
          const backoff = ctx.deps.config.limits.channelErrorBackoffMs;
          if (r.event === 'phx_join' && backoff > 0)
            await new Promise((resolve) => setTimeout(resolve, backoff));
          refuse(ctx, refusal);
          return;
        }
      }
      await r.handle(ctx as C, params);
    },
  };
}
