// One client socket: frames decoded by its serializer (chosen by `vsn`), each message handed to
// the event table (socket/events.ts) in order per topic, replies and pushes encoded back. The
// socket lives while the client heartbeats and has channels; a client too slow to read its
// messages is cut off rather than buffered without end. Every frame is weighed against the
// socket's own limits as it arrives (limits/client.ts), before it is queued: the first one over
// stops the reading at once, and once what came before has run the socket is refused in
// Realtime's words — each channel shut down with the reason, or a join answered
// ClientJoinRateLimitReached — and closed (1008).
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { Identity } from '../access/token.ts';
import { CLOSE, JoinError, SHUTDOWN } from '../errors.ts';
import type { RealtimeDeps } from '../deps.ts';
import { ClientLimiter, type ClientExcess } from '../limits/client.ts';
import { senderOf } from '../limits/limits.ts';
import { MalformedFrame, reply, type Inbound, type Outbound } from '../protocol/frames.ts';
import type { Serializer } from '../protocol/serializer.ts';
import type { Channel, ChannelSocket } from './channel.ts';
import { closeChannel } from './lifecycle.ts';

/** Bytes waiting to be sent beyond which the socket is closed. */
const MAX_BACKLOG = 16 * 1024 * 1024;
/** Malformed frames logged per socket (the rest are ignored silently). */
const MALFORMED_LOGGED = 5;

export type Dispatch = (conn: Connection, message: Inbound) => Promise<void>;

/** What each channel is told, and the close, when the socket goes over one of its limits. */
const EXCESS: Record<Exclude<ClientExcess, 'joins'>, [string, readonly [number, string]]> = {
  messages: [SHUTDOWN.tooManyMessages, CLOSE.messageRate],
  bytes: [SHUTDOWN.tooManyBytes, CLOSE.byteRate],
  presence: [SHUTDOWN.tooManyPresence, CLOSE.presenceRate],
};

export class Connection implements ChannelSocket {
  readonly id = randomUUID();
  readonly channels = new Map<string, Channel>();
  private queues = new Map<string, Promise<void>>();
  private idle: NodeJS.Timeout;
  private noChannel: NodeJS.Timeout | undefined;
  private malformed = 0;
  private readonly limiter: ClientLimiter;
  /** Over a limit: nothing more it sends is read. */
  private refused = false;

  constructor(
    private readonly deps: RealtimeDeps,
    private readonly ws: WebSocket,
    private readonly serializer: Serializer,
    /** Who the socket connected as (its API key), the default for channels without a token. */
    readonly identity: Identity,
    /** The upgrade request's `x-` headers, as Realtime hands them to policies. */
    readonly headers: Record<string, string>,
    private readonly dispatch: Dispatch,
  ) {
    const { websocketTimeoutMs } = deps.config.limits;
    this.limiter = new ClientLimiter(deps.config.limits);
    this.idle = setTimeout(() => this.close(CLOSE.idle), websocketTimeoutMs);
    this.channelsChanged();
    ws.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary));
    ws.on('close', () => this.closed());
    ws.on('error', () => ws.terminate());
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  get vsn(): string {
    return this.serializer.vsn;
  }

  /** Who this socket's messages count for when a channel's token names nobody. */
  get sender(): string {
    return senderOf(this.identity.claims, `socket:${this.id}`);
  }

  send(message: Outbound): void {
    const frame = this.serializer.encode(message);
    if (frame !== undefined) this.sendFrame(frame);
  }

  sendFrame(frame: string | Buffer): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BACKLOG) {
      this.close(CLOSE.backlog);
      return;
    }
    this.ws.send(frame, { binary: typeof frame !== 'string' });
  }

  close([code, reason]: readonly [number, string]): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)
      this.ws.close(code, reason);
    // A peer that never answers the close handshake is cut off.
    setTimeout(() => this.ws.terminate(), 2000).unref();
  }

  /** No channel for NO_CHANNEL_TIMEOUT_IN_MS → closed. */
  channelsChanged(): void {
    clearTimeout(this.noChannel);
    this.noChannel = undefined;
    if (this.channels.size === 0 && this.ws.readyState === WebSocket.OPEN)
      this.noChannel = setTimeout(
        () => this.close(CLOSE.idle),
        this.deps.config.limits.noChannelTimeoutMs,
      ).unref();
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (this.refused) return;
    this.idle.refresh();
    const excess = this.limiter.frame(data.length);
    if (excess) return this.overLimit(excess);
    let message: Inbound;
    try {
      message = this.serializer.decode(data, isBinary);
    } catch (error) {
      // Whatever a frame holds, it never takes the socket (or the stack) down.
      if (this.malformed++ < MALFORMED_LOGGED)
        this.deps.log.warn(
          `MalformedWebSocketMessage: ${error instanceof MalformedFrame ? error.message : String(error)}`,
        );
      return;
    }
    const topic = message.topic;
    const event = message.kind === 'push' ? message.event : 'broadcast';
    const over = this.limiter.message(topic, event, data.length, this.channels.has(topic));
    if (over) return this.overLimit(over, message);
    const previous = this.queues.get(topic) ?? Promise.resolve();
    const next = previous
      .then(() => this.dispatch(this, message))
      .catch((error: unknown) => this.failed(topic, error))
      .finally(() => {
        if (this.queues.get(topic) === next) this.queues.delete(topic);
      });
    this.queues.set(topic, next);
  }

  /**
   * The socket went over one of its own limits: nothing more it sends is read, what it sent
   * before runs, and then it is refused in Realtime's words — a join answered
   * ClientJoinRateLimitReached (as a project over its join rate answers), otherwise each channel
   * shut down with the reason — and closed (1008).
   */
  private overLimit(excess: ClientExcess, message?: Inbound): void {
    this.refused = true;
    const limits = this.deps.config.limits;
    const detail =
      excess === 'messages'
        ? `${limits.clientMaxEventsPerSecond}/s, ${limits.channelMaxEventsPerSecond}/s a channel`
        : excess === 'bytes'
          ? `${limits.clientMaxBytesPerSecond} B/s, ${limits.channelMaxBytesPerSecond} B/s a channel`
          : excess === 'joins'
            ? `${limits.clientMaxJoinsPerSecond}/s, ${limits.channelMaxJoinsPerSecond}/s a topic`
            : `${limits.clientMaxPresenceEventsPerSecond}/s`;
    this.deps.log.warn(`ClientRateLimitReached: ${excess} over ${detail} (socket ${this.id})`);
    void Promise.allSettled([...this.queues.values()]).then(() => {
      if (excess === 'joins') {
        if (message)
          this.send(
            reply(message, 'error', {
              reason: new JoinError('ClientJoinRateLimitReached').message,
            }),
          );
        this.close(CLOSE.joinRate);
        return;
      }
      const [reason, close] = EXCESS[excess];
      for (const channel of [...this.channels.values()])
        closeChannel(this.deps, channel, { kind: 'shutdown', reason });
      this.close(close);
    });
  }

  /**
   * A message whose handling failed unexpectedly ends its channel as a crashed Phoenix channel
   * does: `phx_error` to the client (which then joins again); the socket carries on.
   */
  private failed(topic: string, error: unknown): void {
    this.deps.log.error(`UnknownErrorOnChannel on ${topic}`, error);
    const channel = this.channels.get(topic);
    if (!channel) return;
    this.send({
      kind: 'message',
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic,
      event: 'phx_error',
      payload: {},
    });
    closeChannel(this.deps, channel, { kind: 'socket' });
  }

  private closed(): void {
    clearTimeout(this.idle);
    clearTimeout(this.noChannel);
    for (const channel of [...this.channels.values()])
      closeChannel(this.deps, channel, { kind: 'socket' });
    this.deps.limits.users.delete(this);
  }
}
