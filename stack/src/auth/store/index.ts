// The auth store: every SQL statement of the auth service, as functions named for what they do,
// over Supabase Auth's auth.* tables. It runs as supabase_auth_admin, the role Supabase Auth
// connects as, so triggers a project puts on auth.users meet the same rights as on hosted
// Supabase. Each call on the store runs in its own transaction; `transaction(fn)` hands fn the
// same functions bound to one transaction, the outbox included (a message is kept only if the
// work commits).
import type { Database, Queryable } from '../../db/adapter.ts';
import type { OutgoingMessage, Outbox } from '../../outbox/outbox.ts';
/** Whether an error the store threw means the database cannot be reached right now. */
export { isDatabaseUnavailable } from '../../db/unavailable.ts';
import * as audit from './audit.ts';
import * as confirmations from './confirmations.ts';
import * as externalIdentities from './external-identities.ts';
import * as factors from './factors.ts';
import * as flowState from './flow-state.ts';
import * as hooks from './hooks.ts';
import * as identities from './identities.ts';
import * as oauthClients from './oauth-clients.ts';
import * as refreshTokens from './refresh-tokens.ts';
import * as sessions from './sessions.ts';
import * as userTokens from './user-tokens.ts';
import * as userUpdates from './user-updates.ts';
import * as users from './users.ts';
import * as webauthn from './webauthn.ts';

const QUERIES = {
  ...audit,
  ...confirmations,
  ...externalIdentities,
  ...factors,
  ...flowState,
  ...hooks,
  ...identities,
  ...oauthClients,
  ...refreshTokens,
  ...sessions,
  ...userTokens,
  ...userUpdates,
  ...users,
  ...webauthn,
};

type Bound<T> = {
  [K in keyof T]: T[K] extends (q: Queryable, ...args: infer A) => infer R
    ? (...args: A) => R
    : never;
};

/** The store's functions, bound to one transaction (or each to its own). */
export type AuthQueries = Bound<typeof QUERIES> & {
  /** Queues an email or SMS in the outbox. */
  queueMessage(message: OutgoingMessage): Promise<void>;
};

export interface AuthStore extends AuthQueries {
  /** Runs fn in one transaction as supabase_auth_admin; commits when it resolves. */
  transaction<T>(fn: (q: AuthQueries) => Promise<T>): Promise<T>;
}

const AS_AUTH_ADMIN = "select set_config('role', 'supabase_auth_admin', true)";

function bind(q: Queryable, outbox: Outbox): AuthQueries {
  const bound: Record<string, unknown> = {
    queueMessage: (message: OutgoingMessage) => outbox.send(message, q),
  };
  for (const [name, fn] of Object.entries(QUERIES) as [string, (...a: unknown[]) => unknown][])
    bound[name] = (...args: unknown[]) => fn(q, ...args);
  // Every QUERIES entry is bound above with its first argument supplied.
  return bound as AuthQueries;
}

export function createAuthStore(db: Database, outbox: Outbox): AuthStore {
  const transaction = <T>(fn: (q: AuthQueries) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      // The role goes out with fn's first statements; they run as supabase_auth_admin.
      const [role, work] = await Promise.allSettled([
        tx.query(AS_AUTH_ADMIN, [], { prepare: true }),
        fn(bind(tx, outbox)),
      ]);
      if (role.status === 'rejected') throw role.reason;
      if (work.status === 'rejected') throw work.reason;
      return work.value;
    });
  const oneShot: Record<string, unknown> = {};
  for (const name of [...Object.keys(QUERIES), 'queueMessage'])
    oneShot[name] = (...args: unknown[]) =>
      transaction((q) =>
        (q[name as keyof AuthQueries] as (...a: unknown[]) => Promise<unknown>)(...args),
      );
  return { ...(oneShot as AuthQueries), transaction };
}
