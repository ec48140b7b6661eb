// Sheaf's own backend under test: the stack started on a copy of the repository's real supabase/
// folder, users created as auth.users rows (so the profile trigger fires), access tokens signed
// with the stack's keys, and SQL run as a caller through the same RLS the APIs use.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { asCaller, type Caller } from '../../../src/db/as-caller.ts';
import { isPgError, type Queryable } from '../../../src/db/adapter.ts';
import { clientFor, startTestStack, type Driver, type TestStack } from '../../support/stack.ts';

export const SUPABASE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../supabase',
);

/** Starts the stack on a temporary copy of the real supabase/ folder. */
export async function startSheafStack(driver: Driver): Promise<TestStack> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sheaf-app-'));
  const workdir = path.join(root, 'supabase');
  cpSync(SUPABASE_DIR, workdir, { recursive: true });
  const stack = await startTestStack({ driver, workdir });
  const close = stack.close.bind(stack);
  return Object.assign(stack, {
    async close() {
      await close();
      rmSync(root, { recursive: true, force: true });
    },
  });
}

export interface TestUser {
  id: string;
  email: string;
  /** The Auth session their tokens belong to (a token whose session has ended is refused). */
  sessionId?: string;
}

let counter = 0;

/** Inserts a confirmed auth user (optionally with a verified TOTP factor) and a session for the
 * tokens made for them, as signing in would. */
export async function createUser(
  db: Queryable,
  name: string,
  options: { mfa?: boolean; confirmed?: boolean; displayName?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = `${name}.${Date.now().toString(36)}${counter}@example.com`;
  const meta = options.displayName ? { display_name: options.displayName } : {};
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
       'authenticated', $1, case when $2 then now() end,
       '{"provider":"email","providers":["email"]}', $3, now(), now())
     returning id`,
    [email, options.confirmed ?? true, JSON.stringify(meta)],
  );
  const id = rows[0]!.id;
  const session = await db.query<{ id: string }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal)
     values (gen_random_uuid(), $1, now(), now(), 'aal1') returning id`,
    [id],
  );
  if (options.mfa)
    await db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [id],
    );
  return { id, email, sessionId: session.rows[0]!.id };
}

export type Aal = 'aal1' | 'aal2';

export function claimsFor(user: TestUser, aal: Aal = 'aal1'): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: user.id,
    role: 'authenticated',
    aud: 'authenticated',
    email: user.email,
    aal,
    amr: [{ method: aal === 'aal2' ? 'totp' : 'password', timestamp: now }],
    ...(user.sessionId ? { session_id: user.sessionId } : {}),
    iat: now,
    exp: now + 3600,
  };
}

export function callerFor(user: TestUser | null, aal: Aal = 'aal1'): Caller {
  return user
    ? { role: 'authenticated', claims: claimsFor(user, aal) }
    : { role: 'anon', claims: { role: 'anon' } };
}

export function tokenFor(stack: TestStack, user: TestUser, aal: Aal = 'aal1'): Promise<string> {
  return stack.keys.signAccessToken(claimsFor(user, aal));
}

/** A supabase-js client with the anon key, or the service key when asked. */
export function plainClient(stack: TestStack, key: string): SupabaseClient {
  return clientFor(stack.url, key);
}

/** A supabase-js client acting as the user (or anon when user is null). */
export async function clientAs(
  stack: TestStack,
  user: TestUser | null,
  aal: Aal = 'aal1',
): Promise<SupabaseClient> {
  const headers: Record<string, string> = user
    ? { Authorization: `Bearer ${await tokenFor(stack, user, aal)}` }
    : {};
  return clientFor(stack.url, stack.keys.anonKey, { headers });
}

export type Outcome = 'allowed' | 'refused';

class Rollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('rollback');
  }
}

/**
 * Runs one statement as the caller and rolls it back. Allowed when it returned or touched at
 * least one row; refused when it touched none or failed with insufficient_privilege (42501).
 * Any other error is a test failure.
 */
export async function attempt(
  db: TestStack['db'],
  caller: Caller,
  sql: string,
  params: unknown[] = [],
): Promise<Outcome> {
  try {
    await asCaller(db, caller, async (tx) => {
      const result = await tx.query(sql, params);
      throw new Rollback(result.rowCount > 0 ? 'allowed' : 'refused');
    });
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    if (isPgError(error) && error.code === '42501') return 'refused';
    throw error;
  }
  throw new Error('unreachable');
}
