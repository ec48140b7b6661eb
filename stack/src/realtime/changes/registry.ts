// The live Postgres Changes subscriptions of every channel, found by the table a change comes
// from (a subscription to `*` schemas or tables matches any published table).
import type { Channel } from '../socket/channel.ts';
import type { SubscriptionParams } from './params.ts';

export interface Subscription {
  /** Unique per binding (the database sees only this and the subscriber's identity). */
  id: string;
  channel: Channel;
  /** The binding id the client knows (in the join reply and every change). */
  bindingId: number;
  params: SubscriptionParams;
}

const key = (schema: string, table: string) => `${schema}\u0000${table}`;

export class ChangeRegistry {
  private byId = new Map<string, Subscription>();
  private byTable = new Map<string, Set<Subscription>>();

  add(subscription: Subscription): void {
    this.byId.set(subscription.id, subscription);
    const k = key(subscription.params.schema, subscription.params.table);
    let set = this.byTable.get(k);
    if (!set) this.byTable.set(k, (set = new Set()));
    set.add(subscription);
  }

  removeChannel(channel: Channel): void {
    for (const binding of channel.pgBindings) {
      const subscription = this.byId.get(binding.subscription);
      if (!subscription) continue;
      this.byId.delete(subscription.id);
      const k = key(subscription.params.schema, subscription.params.table);
      this.byTable.get(k)?.delete(subscription);
      if (this.byTable.get(k)?.size === 0) this.byTable.delete(k);
    }
  }

  get(id: string): Subscription | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Every open channel with at least one subscription. */
  channels(): Set<Channel> {
    const out = new Set<Channel>();
    for (const s of this.byId.values()) if (!s.channel.closed) out.add(s.channel);
    return out;
  }

  /** Subscriptions that listen to this table and operation. */
  candidates(schema: string, table: string, type: string): Subscription[] {
    const out: Subscription[] = [];
    for (const k of [key(schema, table), key(schema, '*'), key('*', table), key('*', '*')]) {
      for (const s of this.byTable.get(k) ?? [])
        if (!s.channel.closed && (s.params.event === '*' || s.params.event === type)) out.push(s);
    }
    return out;
  }
}
