// Who listens to what: the joined channels of each audience (a topic, public or private), and
// the fan-out of one message to them. A message is encoded once per wire format, not once per
// subscriber.
import type { Outbound } from '../protocol/frames.ts';
import type { Serializer } from '../protocol/serializer.ts';
import type { Channel } from '../socket/channel.ts';

export interface FanoutOptions {
  /** Left out (a sender without `self`). */
  except?: Channel;
  /** Only channels this accepts (read permission …). */
  accept?: (channel: Channel) => boolean;
}

export class Hub {
  private audiences = new Map<string, Set<Channel>>();

  constructor(private readonly serializers: (vsn: string) => Serializer) {}

  add(channel: Channel): void {
    let set = this.audiences.get(channel.audience);
    if (!set) this.audiences.set(channel.audience, (set = new Set()));
    set.add(channel);
  }

  remove(channel: Channel): void {
    const set = this.audiences.get(channel.audience);
    if (!set) return;
    set.delete(channel);
    if (set.size === 0) this.audiences.delete(channel.audience);
  }

  channels(audience: string): Channel[] {
    return [...(this.audiences.get(audience) ?? [])];
  }

  /** Sends `message` to the audience; returns the channels it went to. */
  fanout(audience: string, message: Outbound, options: FanoutOptions = {}): Channel[] {
    const frames = new Map<string, string | Buffer | undefined>();
    const reached: Channel[] = [];
    for (const channel of this.audiences.get(audience) ?? []) {
      if (channel === options.except || channel.closed) continue;
      if (options.accept && !options.accept(channel)) continue;
      const vsn = channel.socket.vsn;
      if (!frames.has(vsn)) frames.set(vsn, this.serializers(vsn).encode(message));
      const frame = frames.get(vsn);
      if (frame === undefined) continue;
      channel.socket.sendFrame(frame);
      reached.push(channel);
    }
    return reached;
  }
}
