// Private-channel authorisation, decided by the policies on realtime.messages exactly as
// Supabase Realtime asks them: in a transaction that is always rolled back, with the caller's
// role and claims and `realtime.topic` set. Read: probe rows are inserted (by the stack, past
// RLS) and selected back as the caller. Write: the caller inserts a row; a policy refusal is
// a `false`, not an error.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/adapter.ts';
import { setCaller, type Caller } from '../../db/as-caller.ts';

export type Extension = 'broadcast' | 'presence';
export type Decisions = Partial<Record<Extension, boolean>>;

/** Carries a result out of a transaction that must not commit. */
class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

async function rolledBack<T>(db: Database, fn: Parameters<Database['transaction']>[0]): Promise<T> {
  try {
    await db.transaction(fn);
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('authorisation transaction was expected to roll back');
}

/** The caller as the policies see it: role, claims, x- headers and the topic. */
export interface TopicCaller {
  role: string;
  claims: Record<string, unknown>;
  headers: Record<string, string>;
  topic: string;
}

function asCaller(c: TopicCaller): Caller {
  const sub = typeof c.claims.sub === 'string' ? c.claims.sub : '';
  return {
    role: c.role,
    claims: c.claims,
    headers: c.headers,
    settings: {
      'realtime.topic': c.topic,
      'request.jwt.claim.sub': sub,
      'request.jwt.claim.role': c.role,
    },
  };
}

export async function readDecisions(
  db: Database,
  caller: TopicCaller,
  extensions: Extension[],
): Promise<Decisions> {
  const ids = extensions.map(() => randomUUID());
  return rolledBack<Decisions>(db, async (tx) => {
    await tx.query(
      `insert into realtime.messages (id, topic, extension)
       select unnest($1::uuid[]), $2, unnest($3::text[])`,
      [ids, caller.topic, extensions],
    );
    await setCaller(tx, asCaller(caller));
    const { rows } = await tx.query<{ id: string }>(
      `select id::text as id from realtime.messages where id = any($1::uuid[])`,
      [ids],
    );
    const seen = new Set(rows.map((r) => r.id));
    throw new Rollback(
      Object.fromEntries(extensions.map((ext, i) => [ext, seen.has(ids[i]!)])) as Decisions,
    );
  });
}

// Runs as the caller; inserts the probe row and records whether RLS let it in. The topic comes
// from realtime.topic(), so the block holds no value of the caller's.
const WRITE_PROBE = (extension: Extension) => `
  do $$
  begin
    insert into realtime.messages (topic, extension) values (realtime.topic(), '${extension}');
    perform set_config('sheaf_realtime.write_${extension}', 'true', true);
  exception when insufficient_privilege then
    perform set_config('sheaf_realtime.write_${extension}', 'false', true);
  end
  $$`;

export async function writeDecisions(
  db: Database,
  caller: TopicCaller,
  extensions: Extension[],
): Promise<Decisions> {
  return rolledBack<Decisions>(db, async (tx) => {
    await setCaller(tx, asCaller(caller));
    for (const extension of extensions) await tx.exec(WRITE_PROBE(extension));
    const { rows } = await tx.query<Record<Extension, string | null>>(
      `select current_setting('sheaf_realtime.write_broadcast', true) as broadcast,
              current_setting('sheaf_realtime.write_presence', true) as presence`,
    );
    const row = rows[0]!;
    throw new Rollback(
      Object.fromEntries(extensions.map((ext) => [ext, row[ext] === 'true'])) as Decisions,
    );
  });
}
