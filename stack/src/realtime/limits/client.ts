// The stack's own limits on one socket and on each of its channels: messages, bytes, joins and
// presence calls per second (SHEAF_REALTIME_CLIENT_* / _CHANNEL_*). Checked on every frame as it
// arrives, before anything is queued, so a client over a limit is stopped at that frame — not
// at the project's next tick, and never by closing anyone else. Hosted Realtime has no such
// limits (it counts the whole project); they sit under the project's, which still apply.
import type { RealtimeLimits } from '../../config/realtime.ts';
import { TokenBucket } from './token-bucket.ts';

/** Which of the socket's limits a frame went over. */
export type ClientExcess = 'messages' | 'bytes' | 'joins' | 'presence';

interface TopicBuckets {
  messages: TokenBucket;
  bytes: TokenBucket;
  joins: TokenBucket;
}

export class ClientLimiter {
  private readonly messages: TokenBucket;
  private readonly bytes: TokenBucket;
  private readonly joins: TokenBucket;
  private readonly presence: TokenBucket;
  private readonly topics = new Map<string, TopicBuckets>();

  constructor(
    private readonly limits: RealtimeLimits,
    now = performance.now(),
  ) {
    this.messages = new TokenBucket(limits.clientMaxEventsPerSecond, undefined, now);
    this.bytes = new TokenBucket(limits.clientMaxBytesPerSecond, undefined, now);
    // A socket that comes back joins all its channels at once.
    this.joins = new TokenBucket(
      limits.clientMaxJoinsPerSecond,
      Math.max(limits.clientMaxJoinsPerSecond, limits.maxChannelsPerClient),
      now,
    );
    this.presence = new TokenBucket(limits.clientMaxPresenceEventsPerSecond, undefined, now);
  }

  /** A frame of `size` bytes arrived, decoded or not: the socket's messages and bytes. */
  frame(size: number, now = performance.now()): ClientExcess | undefined {
    if (!this.messages.take(1, now)) return 'messages';
    if (!this.bytes.take(size, now)) return 'bytes';
  }

  /**
   * The decoded message on `topic`: a join counts against the socket's and the topic's joins; a
   * message on a joined topic against the topic's messages and bytes, a presence call also
   * against the socket's presence calls.
   */
  message(
    topic: string,
    event: string,
    size: number,
    joined: boolean,
    now = performance.now(),
  ): ClientExcess | undefined {
    if (event === 'phx_join') {
      if (!this.joins.take(1, now)) return 'joins';
      if (!this.topic(topic, now).joins.take(1, now)) return 'joins';
      return;
    }
    if (!joined) return;
    const buckets = this.topic(topic, now);
    if (!buckets.messages.take(1, now)) return 'messages';
    if (!buckets.bytes.take(size, now)) return 'bytes';
    if (event === 'presence' && !this.presence.take(1, now)) return 'presence';
  }

  private topic(topic: string, now: number): TopicBuckets {
    let buckets = this.topics.get(topic);
    if (!buckets) {
      // Topics joined and left leave full buckets behind: those are the same as new ones.
      if (this.topics.size > 2 * this.limits.maxChannelsPerClient)
        for (const [name, b] of this.topics)
          if (b.messages.full(now) && b.bytes.full(now) && b.joins.full(now))
            this.topics.delete(name);
      const l = this.limits;
      buckets = {
        messages: new TokenBucket(l.channelMaxEventsPerSecond, undefined, now),
        bytes: new TokenBucket(l.channelMaxBytesPerSecond, undefined, now),
        joins: new TokenBucket(l.channelMaxJoinsPerSecond, undefined, now),
      };
      this.topics.set(topic, buckets);
    }
    return buckets;
  }
}
