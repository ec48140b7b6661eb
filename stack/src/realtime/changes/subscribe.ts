// The `postgres_changes` bindings of a join: each gets the id Realtime gives it (a hash of its
// params, echoed in the join reply and carried by every change), then all are checked against
// the database and registered together — or none, with the `system` error Realtime sends.
// They are registered before the join is answered, so no change committed after the client
// sees SUBSCRIBED is missed.
import { randomUUID } from 'node:crypto';
import type { RealtimeDeps } from '../deps.ts';
import type { Json, JsonObject } from '../protocol/frames.ts';
import type { Channel, PgBinding } from '../socket/channel.ts';
import { parseSubscription, type SubscriptionParams } from './params.ts';

/** A stable 27-bit hash of a JSON value (keys sorted), like the ids Realtime hands out. */
export function bindingId(params: JsonObject): number {
  const stable = (value: Json): string =>
    Array.isArray(value)
      ? `[${value.map(stable).join(',')}]`
      : value !== null && typeof value === 'object'
        ? `{${Object.keys(value)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${stable(value[k]!)}`)
            .join(',')}}`
        : JSON.stringify(value);
  let hash = 0x811c9dc5;
  for (const ch of stable(params)) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7ffffff;
}

function describe(p: SubscriptionParams): string {
  const filters = p.filters
    .map(
      ([c, o, v, n]) => `{${JSON.stringify(c)}, ${JSON.stringify(o)}, ${JSON.stringify(v)}, ${n}}`,
    )
    .join(', ');
  const select = p.select ? `[${p.select.map((s) => JSON.stringify(s)).join(', ')}]` : 'nil';
  return `[event: ${p.event}, schema: ${p.schema}, table: ${p.table}, filters: [${filters}], select: ${select}]`;
}

export interface SubscribeResult {
  /** For the join reply: each binding's params with its id. */
  reply: JsonObject[];
  /** The `postgres_changes` system message to send after the reply, if any binding. */
  status?: { status: 'ok' | 'error'; message: string };
}

export async function subscribeChanges(
  deps: RealtimeDeps,
  channel: Channel,
  bindings: JsonObject[],
): Promise<SubscribeResult> {
  const withIds: PgBinding[] = bindings.map((params) => ({
    id: bindingId(params),
    subscription: randomUUID(),
    params,
  }));
  const reply = withIds.map((b) => ({ ...b.params, id: b.id }));
  if (withIds.length === 0) return { reply };
  const parsed: SubscriptionParams[] = [];
  for (const binding of withIds) {
    const params = parseSubscription(binding.params);
    if (typeof params === 'string') return { reply, status: { status: 'error', message: params } };
    parsed.push(params);
  }
  for (const params of parsed) {
    let problem: string | null;
    try {
      problem = await deps.store.checkSubscription({ ...params, role: channel.identity.role });
    } catch (error) {
      deps.log.error('realtime: checking a postgres_changes subscription failed', error);
      problem = (error as Error).message;
    }
    if (problem === 'unpublished')
      return {
        reply,
        status: {
          status: 'error',
          message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe(params)}`,
        },
      };
    if (problem)
      return {
        reply,
        status: {
          status: 'error',
          message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${describe(params)}. Exception: ${problem}`,
        },
      };
  }
  channel.pgBindings = withIds;
  withIds.forEach((binding, i) =>
    deps.changes.add({
      id: binding.subscription,
      channel,
      bindingId: binding.id,
      params: parsed[i]!,
    }),
  );
  return { reply, status: { status: 'ok', message: 'Subscribed to PostgreSQL' } };
}
