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

/** A wire message that may drop the session's prepared statements (DEALLOCATE, DISCARD). */
const DROPS_PREPARED = /deallocate|discard/i;

/**
 * The PGlite handed to the socket server: each wire query also takes PGlite's transaction lock,
 * so it waits for a transaction the stack has open instead of running inside it; and a message
 * that may drop prepared statements tells the stack, which keeps its own in the same session.
 */
function outsideStackTransactions(db: PGlite, onDropPrepared: () => void): PGlite {
  const runExclusive = <T>(fn: () => Promise<T>): Promise<T> =>
    db._runExclusiveTransaction(() => db.runExclusive(fn));
  const execProtocolRawStream: PGlite['execProtocolRawStream'] = (message, options) => {
    if (DROPS_PREPARED.test(Buffer.from(message).toString('latin1'))) onDropPrepared();
    return db.execProtocolRawStream(message, options);
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'runExclusive') return runExclusive;
      if (prop === 'execProtocolRawStream') return execProtocolRawStream;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

export async function startWireServer(db: PGlite, onDropPrepared: () => void): Promise<WireServer> {
  const server = new PGLiteSocketServer({
    db: outsideStackTransactions(db, onDropPrepared),
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
