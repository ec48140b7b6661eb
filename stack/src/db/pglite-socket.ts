// Serves the embedded PGlite database over the Postgres wire protocol on a free loopback port,
// so other processes (Edge Functions through SUPABASE_DB_URL) can connect with any Postgres
// client. PGlite has one session: connections are multiplexed query by query, so they share
// session state (SET, a transaction a client opened) with each other and with the stack; a
// transaction the stack has open is waited for, never joined.
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface WireServer {
  /** postgresql://postgres:postgres@127.0.0.1:<port>/postgres (PGlite accepts any password). */
  url: string;
  stop(): Promise<void>;
}

/**
 * The PGlite handed to the socket server: each wire query also takes PGlite's transaction lock,
 * so it waits for a transaction the stack has open instead of running inside it.
 */
function outsideStackTransactions(db: PGlite): PGlite {
  const runExclusive = <T>(fn: () => Promise<T>): Promise<T> =>
    db._runExclusiveTransaction(() => db.runExclusive(fn));
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'runExclusive') return runExclusive;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

export async function startWireServer(db: PGlite): Promise<WireServer> {
  const server = new PGLiteSocketServer({
    db: outsideStackTransactions(db),
    host: '127.0.0.1',
    port: 0,
    maxConnections: 64,
  });
  await server.start();
  const [host, port] = server.getServerConn().split(':');
  return {
    url: `postgresql://postgres:postgres@${host}:${port}/postgres`,
    stop: () => server.stop(),
  };
}
