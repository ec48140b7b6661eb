// A joined channel: one topic on one socket, with what the join settled (private or public,
// broadcast self/ack, presence key, Postgres Changes bindings) and what has been authorised so
// far (policies are asked lazily, and asked again once older than the authorisation TTL or when
// the token changes: socket/authorization.ts).
import type { Identity } from '../access/token.ts';
import { senderOf } from '../limits/limits.ts';
import type { Json, JsonObject, Outbound } from '../protocol/frames.ts';

export interface ChannelOptions {
  private: boolean;
  self: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
}

/** undefined: not asked yet. */
export interface Policies {
  broadcast: { read?: boolean; write?: boolean };
  presence: { read?: boolean; write?: boolean };
  /** When the read and the write decisions were asked (performance.now()). */
  readAt?: number;
  writeAt?: number;
}

/** One `postgres_changes` binding of the join, as the client sent it plus its id. */
export interface PgBinding {
  /** The id the join reply and each change carry (a hash of the params, as Realtime's). */
  id: number;
  /** The subscription's own id in the change registry. */
  subscription: string;
  params: JsonObject;
}

/** What a channel needs from its socket (a Connection). */
export interface ChannelSocket {
  readonly id: string;
  /** Who the socket's messages count for when a channel's token names nobody (limits). */
  readonly sender: string;
  readonly headers: Record<string, string>;
  readonly vsn: string;
  /** The socket's joined channels by topic. */
  readonly channels: Map<string, Channel>;
  send(message: Outbound): void;
  sendFrame(frame: string | Buffer): void;
  /** Told when a channel opened or closed (a socket without channels is closed in time). */
  channelsChanged(): void;
}

export class Channel {
  readonly subTopic: string;
  policies: Policies = { broadcast: {}, presence: {} };
  pgBindings: PgBinding[] = [];
  /** The payload last tracked, to skip a track that changes nothing. */
  tracked: JsonObject | undefined;
  presenceCalls = { count: 0, resetAt: 0 };
  tokenTimer: NodeJS.Timeout | undefined;
  /** A re-check of the read policies under way (one at a time). */
  readCheck: Promise<void> | undefined;
  closed = false;

  constructor(
    readonly socket: ChannelSocket,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly options: ChannelOptions,
    public identity: Identity,
  ) {
    this.subTopic = topic.slice('realtime:'.length);
  }

  /** Public and private channels of one name are separate audiences, as on Supabase. */
  get audience(): string {
    return `${this.options.private ? 'private' : 'public'}:${this.subTopic}`;
  }

  get private(): boolean {
    return this.options.private;
  }

  /** Who this channel's messages count for against the project's rates. */
  get sender(): string {
    return senderOf(this.identity.claims, this.socket.sender);
  }

  push(event: string, payload: JsonObject): void {
    if (this.closed) return;
    this.socket.send({
      kind: 'message',
      joinRef: this.joinRef,
      ref: null,
      topic: this.topic,
      event,
      payload,
    });
  }

  /** A `system` message, as Realtime reports subscriptions and shutdowns. */
  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic } as Record<
      string,
      Json
    >);
  }
}
