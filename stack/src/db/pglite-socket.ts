// Serves the embedded PGlite database over the Postgres wire protocol on a free loopback port,
// so other processes (Edge Functions through SUPABASE_DB_URL) can connect with any Postgres
// client. PGlite has one session: connections are multiplexed query by query, so they share
// session state (SET, open transactions) with each other and with the stack itself.
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface WireServer {
  /** postgresql://postgres:postgres@127.0.0.1:<port>/postgres (PGlite accepts any password). */
  url: string;
  stop(): Promise<void>;
}

export async function startWireServer(db: PGlite): Promise<WireServer> {
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 });
  await server.start();
  const [host, port] = server.getServerConn().split(':');
  return {
    url: `postgresql://postgres:postgres@${host}:${port}/postgres`,
    stop: () => server.stop(),
  };
}
