// The feed from the database: one notification per committed change or realtime.send() message,
// in commit order, handled strictly one after another so no subscriber sees a table's changes
// out of order. A change goes to the subscriptions that listen to its table and operation and
// that the database says may see it (realtime_visible: filters, RLS as the subscriber, column
// privileges); a message goes to its topic's audience like any broadcast. Both count against the
// project's rates for whoever wrote them (their share: limits/limits.ts).
import { broadcast, bodySize, type BroadcastBody } from '../broadcast/send.ts';
import type { RealtimeDeps } from '../deps.ts';
import { senderOf } from '../limits/limits.ts';
import type { JsonObject } from '../protocol/frames.ts';
import { serializerFor } from '../protocol/serializer.ts';
import type { Channel } from '../socket/channel.ts';

/** Changes larger than this lose their long values and carry `Error 413` (as on Supabase). */
const MAX_RECORD_BYTES = 1024 * 1024;
const JANITOR_MS = 60_000;

interface Note {
  kind?: 'change' | 'message';
  seq: number;
  overflow?: boolean;
  schema?: string;
  table?: string;
  type?: string;
  id?: string;
  topic?: string;
  event?: string;
  private?: boolean;
  payload?: JsonObject | null;
  binary?: string | null;
  /** Who wrote it: their token's sub and role (the session's role without one). */
  by?: { sub?: string | null; role?: string | null };
}

/** Whose share of the project's rates a change or message counts against. */
function writerOf(note: Note): string {
  const sub = note.by?.sub ?? undefined;
  return senderOf(sub ? { sub } : undefined, `db:${note.by?.role ?? 'postgres'}`);
}

async function deliverChange(deps: RealtimeDeps, text: string, note: Note): Promise<void> {
  const candidates = deps.changes.candidates(note.schema!, note.table!, note.type!);
  if (candidates.length === 0) return;
  // Realtime drops changes over the project's rate; here only those of a writer over its share.
  const writer = writerOf(note);
  if (deps.limits.refuses('dbEvents', writer)) {
    if (deps.limits.firstRefusal('dbEvents', writer))
      deps.log.warn(
        `MessagePerSecondRateLimitReached: Too many postgres changes messages per second (${writer}: changes dropped)`,
      );
    return;
  }
  const rows = candidates.map((s) => ({
    id: s.id,
    role: s.channel.identity.role,
    claims: s.channel.identity.claims,
    filters: s.params.filters,
    select: s.params.select,
  }));
  const groups = await deps.store.visibleGroups(text, rows, MAX_RECORD_BYTES);
  for (const group of groups) {
    // One payload to many channels: serialized once, each frame built around it.
    const data = JSON.stringify(group.payload);
    const frames = new Map<string, string | Buffer | undefined>();
    const perChannel = new Map<Channel, number[]>();
    for (const id of group.ids) {
      const subscription = deps.changes.get(id);
      if (!subscription || subscription.channel.closed) continue;
      const ids = perChannel.get(subscription.channel) ?? [];
      if (!ids.includes(subscription.bindingId)) ids.push(subscription.bindingId);
      perChannel.set(subscription.channel, ids);
    }
    for (const [channel, ids] of perChannel) {
      const key = `${channel.socket.vsn}\u0000${channel.topic}\u0000${ids.join(',')}`;
      if (!frames.has(key))
        frames.set(
          key,
          serializerFor(channel.socket.vsn)!.encode({
            kind: 'message',
            joinRef: null,
            ref: null,
            topic: channel.topic,
            event: 'postgres_changes',
            payload: {},
            payloadText: `{"ids":${JSON.stringify(ids)},"data":${data}}`,
          }),
        );
      const frame = frames.get(key);
      if (frame !== undefined) channel.socket.sendFrame(frame);
      deps.limits.count('dbEvents', writer, ids.length);
    }
  }
}

function deliverMessage(deps: RealtimeDeps, note: Note): void {
  const meta = { id: note.id! };
  const body: BroadcastBody = note.binary
    ? {
        kind: 'user',
        event: note.event!,
        encoding: 'binary',
        body: Buffer.from(note.binary, 'base64'),
        meta,
      }
    : {
        kind: 'user',
        event: note.event!,
        encoding: 'json',
        body: Buffer.from(JSON.stringify(note.payload ?? {})),
        meta,
      };
  if (bodySize(body) > deps.limits.maxPayloadBytes) {
    deps.log.warn(`UnableToBroadcastChanges: payload of message ${note.id} exceeds the limit`);
    return;
  }
  const writer = writerOf(note);
  if (deps.limits.refuses('events', writer)) {
    if (deps.limits.firstRefusal('events', writer))
      deps.log.warn(
        `MessagePerSecondRateLimitReached: Too many messages per second (${writer}: database messages dropped)`,
      );
    return;
  }
  deps.limits.count('events', writer);
  broadcast(deps, { private: note.private === true, subTopic: note.topic! }, body, writer);
}

async function handle(deps: RealtimeDeps, raw: string): Promise<void> {
  let text = raw;
  let note = JSON.parse(text) as Note;
  if (note.overflow) {
    const full = await deps.store.readOverflow(note.seq);
    if (full === undefined) {
      deps.log.warn(`realtime: change ${note.seq} was cleaned away before it was read`);
      return;
    }
    text = full;
    note = JSON.parse(full) as Note;
  }
  if (note.kind === 'message') deliverMessage(deps, note);
  else if (note.kind === 'change') await deliverChange(deps, text, note);
}

export interface ChangeFeed {
  /** Resolves once every change received so far has been delivered (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export async function startChangeFeed(deps: RealtimeDeps): Promise<ChangeFeed> {
  await deps.store.syncCapture();
  let chain: Promise<void> = Promise.resolve();
  const unlisten = await deps.store.listenForChanges(
    (payload) => {
      chain = chain
        .then(() => handle(deps, payload))
        .catch((error: unknown) => deps.log.error('realtime: delivering a change failed', error));
    },
    () => {
      // The database connection came back: changes committed while it was away were not seen.
      // As Realtime does when it re-subscribes to PostgreSQL, every channel with Postgres Changes
      // is told again, so a client knows to re-read what it shows.
      for (const channel of deps.changes.channels())
        channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    },
  );
  const janitor = setInterval(() => {
    void Promise.all([deps.store.cleanOverflow(), deps.store.cleanMessages()]).catch(
      (error: unknown) => deps.log.error('realtime: cleaning old changes failed', error),
    );
  }, JANITOR_MS);
  janitor.unref();
  return {
    idle: () => chain,
    async stop() {
      clearInterval(janitor);
      await unlisten();
      await chain;
    },
  };
}
