// Postgres Changes in the database: keeping the capture triggers in step with the publication,
// reading a change too large for its notification, checking a subscription, and asking
// sheaf_stack.realtime_visible() who may see a change (RLS evaluated there, as each subscriber).
import type { Database } from '../../db/adapter.ts';
import type { JsonObject } from '../protocol/frames.ts';

/** The channel the capture triggers notify on. */
export const CHANGES_CHANNEL = 'sheaf_realtime';

/** A subscription as realtime_visible() takes it. */
export interface SubscriptionRow {
  id: string;
  role: string;
  claims: JsonObject;
  filters: [string, string, string, boolean][];
  select: string[] | null;
}

export interface VisibleGroup {
  ids: string[];
  payload: JsonObject;
}

/** Puts capture triggers on the publication's tables (the event trigger does so on DDL). */
export async function syncCapture(db: Database): Promise<void> {
  await db.query('select sheaf_stack.realtime_sync_capture()');
}

/** The change whose notification said `overflow`, or undefined once cleaned away. */
export async function readOverflow(db: Database, seq: number): Promise<string | undefined> {
  const { rows } = await db.query<{ change: string }>(
    'select change from sheaf_stack.realtime_overflow where seq = $1',
    [seq],
  );
  return rows[0]?.change;
}

/** Forgets oversized changes every listener has had time to read. */
export async function cleanOverflow(db: Database): Promise<void> {
  await db.query(
    `delete from sheaf_stack.realtime_overflow where created_at < now() - interval '10 minutes'`,
  );
}

export async function visibleGroups(
  db: Database,
  change: string,
  subscriptions: SubscriptionRow[],
  maxRecordBytes: number,
): Promise<VisibleGroup[]> {
  const { rows } = await db.query<VisibleGroup>(
    'select ids, payload from sheaf_stack.realtime_visible($1::jsonb, $2::jsonb, $3)',
    [change, JSON.stringify(subscriptions), maxRecordBytes],
  );
  return rows;
}

/**
 * Null when the subscription can start; 'unpublished' when no table of the publication matches;
 * otherwise the reason the database gives (unknown filter column, value of the wrong type …).
 */
export async function checkSubscription(
  db: Database,
  subscription: {
    schema: string;
    table: string;
    role: string;
    filters: SubscriptionRow['filters'];
    select: string[] | null;
  },
): Promise<string | null> {
  const { rows } = await db.query<{ problem: string | null }>(
    `select sheaf_stack.realtime_check_subscription($1, $2, $3, $4::jsonb, $5::jsonb) as problem`,
    [
      subscription.schema,
      subscription.table,
      subscription.role,
      JSON.stringify(subscription.filters),
      subscription.select ? JSON.stringify(subscription.select) : null,
    ],
  );
  return rows[0]?.problem ?? null;
}
