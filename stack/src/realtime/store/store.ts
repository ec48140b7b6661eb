// The Realtime service's database port: every statement the service sends, bound to the one
// database it is given. The rest of the service depends on this interface, never on SQL.
import type { Database } from '../../db/adapter.ts';
import {
  readDecisions,
  writeDecisions,
  type Decisions,
  type Extension,
  type TopicCaller,
} from './authorization.ts';
import {
  CHANGES_CHANNEL,
  checkSubscription,
  cleanOverflow,
  readOverflow,
  syncCapture,
  visibleGroups,
  type SubscriptionRow,
  type VisibleGroup,
} from './changes.ts';

export type { Decisions, Extension, SubscriptionRow, TopicCaller, VisibleGroup };

export interface RealtimeStore {
  readDecisions(caller: TopicCaller, extensions: Extension[]): Promise<Decisions>;
  writeDecisions(caller: TopicCaller, extensions: Extension[]): Promise<Decisions>;
  syncCapture(): Promise<void>;
  readOverflow(seq: number): Promise<string | undefined>;
  cleanOverflow(): Promise<void>;
  /** Deletes realtime.messages rows older than the replay window (72 hours). */
  cleanMessages(): Promise<void>;
  visibleGroups(
    change: string,
    subscriptions: SubscriptionRow[],
    maxRecordBytes: number,
  ): Promise<VisibleGroup[]>;
  checkSubscription(subscription: Parameters<typeof checkSubscription>[1]): Promise<string | null>;
  /** Subscribes to the capture triggers' notifications; returns the unsubscribe function. */
  /** Follows committed changes; onReconnect runs when the connection came back after a loss. */
  listenForChanges(
    onChange: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<() => Promise<void>>;
}

export function createRealtimeStore(db: Database): RealtimeStore {
  return {
    readDecisions: (caller, extensions) => readDecisions(db, caller, extensions),
    writeDecisions: (caller, extensions) => writeDecisions(db, caller, extensions),
    syncCapture: () => syncCapture(db),
    readOverflow: (seq) => readOverflow(db, seq),
    cleanOverflow: () => cleanOverflow(db),
    async cleanMessages() {
      await db.query(
        `delete from realtime.messages where inserted_at < now() - interval '72 hours'`,
      );
    },
    visibleGroups: (change, subscriptions, max) => visibleGroups(db, change, subscriptions, max),
    checkSubscription: (subscription) => checkSubscription(db, subscription),
    listenForChanges: (onChange, onReconnect) =>
      db.listen(CHANGES_CHANNEL, onChange, { onReconnect }),
  };
}
