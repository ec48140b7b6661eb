// An in-memory note channel for several clients: what one sends waits in each other joined
// client's queue, in the order sent, until the test delivers it, so a test decides exactly how
// messages interleave. A client that goes offline is closed, loses what was waiting for it and
// sends nothing; coming back it joins again, as realtime-js rejoins after a reconnect.
import type { ChannelHandlers, SyncChannel } from '../ports.ts';

export class MemoryHub {
  readonly channels: MemoryChannel[] = [];
  /** Messages sent, and copies handed to other clients (as hosted Realtime counts both). */
  sent = 0;
  delivered = 0;

  channel(): MemoryChannel {
    const channel = new MemoryChannel(this);
    this.channels.push(channel);
    return channel;
  }

  broadcast(from: MemoryChannel, bytes: Uint8Array): void {
    this.sent += 1;
    for (const to of this.channels)
      if (to !== from && to.joined) {
        to.queue.push(bytes.slice());
        this.delivered += 1;
      }
  }

  /** Messages waiting anywhere. */
  get waiting(): number {
    return this.channels.reduce((sum, c) => sum + c.queue.length, 0);
  }
}

export class MemoryChannel implements SyncChannel {
  queue: Uint8Array[] = [];
  joined = false;
  online = true;
  private handlers: ChannelHandlers | null = null;
  private closed = false;

  constructor(private readonly hub: MemoryHub) {}

  open(handlers: ChannelHandlers): void {
    this.handlers = handlers;
    handlers.status('joining');
    if (this.online) this.join();
  }

  send(bytes: Uint8Array): boolean {
    if (!this.joined) return false;
    this.hub.broadcast(this, bytes);
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.joined = false;
    this.queue = [];
  }

  /** Delivers up to `count` waiting messages, oldest first. */
  deliver(count = Infinity): number {
    let delivered = 0;
    while (this.joined && this.queue.length && delivered < count) {
      this.handlers?.message(this.queue.shift()!);
      delivered += 1;
    }
    return delivered;
  }

  setOnline(online: boolean): void {
    if (online === this.online || this.closed) return;
    this.online = online;
    if (online) this.join();
    else {
      this.joined = false;
      this.queue = [];
      this.handlers?.status('closed');
    }
  }

  private join(): void {
    if (!this.handlers || this.closed) return;
    this.joined = true;
    this.handlers.status('joined');
  }
}
