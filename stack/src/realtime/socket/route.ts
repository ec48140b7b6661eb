// The shape of an entry in the socket's event table: typed params parsed from the message first,
// then the guards in order (the first refusal answers), then the handler. A guard that
// establishes something (who the token names, what the policies allow) returns it with the
// params, so the guards after it and the handler receive exactly what was decided. A message on
// a channel that closes while its guards are asked is dropped there.
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

type Awaitable<T> = T | Promise<T>;

/** A check: refuses the message, or lets it through (nothing returned) with the params it got. */
export type Guard<C, P> = (ctx: C, params: P) => Awaitable<Refusal | void>;

/** A guard that establishes something: refuses, or lets the message through with `pass`. */
export type Decision<C, P, Q> = (ctx: C, params: P) => Awaitable<Refusal | { pass: Q }>;

/** A table entry with its params type closed over. */
export interface RouteEntry {
  event: string;
  /** `phoenix`: the socket's own topic; `join`: any topic; `channel`: a topic this socket joined. */
  scope: 'phoenix' | 'join' | 'channel';
  run(ctx: EventContext | ChannelContext): Promise<void>;
}

/** An entry being written: its guards so far, and the params they hand on (`P`). */
export interface Route<C extends EventContext, P> {
  guard(check: Guard<C, P>): Route<C, P>;
  guard<Q>(decision: Decision<C, P, Q>): Route<C, Q>;
  handle(handler: (ctx: C, params: P) => Awaitable<void>): RouteEntry;
}

export function joinRefusal(error: JoinError): Refusal {
  return { kind: 'reply', response: { reason: error.message } };
}

/** Starts a table entry: the event, where it is accepted, and how its params are read. */
export function route<P = undefined>(
  event: string,
  scope: 'channel',
  parse?: (message: Inbound) => P,
): Route<ChannelContext, P>;
export function route<P = undefined>(
  event: string,
  scope: 'phoenix' | 'join',
  parse?: (message: Inbound) => P,
): Route<EventContext, P>;
export function route(
  event: string,
  scope: RouteEntry['scope'],
  parse: (message: Inbound) => unknown = () => undefined,
): unknown {
  return entry(event, scope, parse, []);
}

/** The table's own view of a guard and a handler: params of any type, contexts of either scope. */
type AnyGuard = (
  ctx: EventContext,
  params: unknown,
) => Awaitable<Refusal | void | { pass: unknown }>;
type AnyHandler = (ctx: EventContext, params: unknown) => Awaitable<void>;

function entry(
  event: string,
  scope: RouteEntry['scope'],
  parse: (message: Inbound) => unknown,
  guards: readonly AnyGuard[],
) {
  return {
    guard: (guard: AnyGuard) => entry(event, scope, parse, [...guards, guard]),
    handle: (handler: AnyHandler): RouteEntry => ({
      event,
      scope,
      async run(ctx) {
        let params = parse(ctx.message);
        for (const guard of guards) {
          const verdict = await guard(ctx, params);
          // The channel closed while a guard was asked (its socket went, a policy shut it): what
          // was sent on it goes no further — a track would leave a presence no close removes.
          if (closedMeanwhile(ctx)) return;
          if (!verdict) continue;
          if ('pass' in verdict) {
            params = verdict.pass;
            continue;
          }
          // Realtime pauses before refusing a join (CHANNEL_ERROR_BACKOFF_MS).
          const backoff = ctx.deps.config.limits.channelErrorBackoffMs;
          if (event === 'phx_join' && backoff > 0)
            await new Promise((resolve) => setTimeout(resolve, backoff));
          refuse(ctx, verdict);
          return;
        }
        await handler(ctx, params);
      },
    }),
  };
}

function closedMeanwhile(ctx: EventContext | ChannelContext): boolean {
  return 'channel' in ctx && ctx.channel.closed;
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
