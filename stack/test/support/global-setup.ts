// Vitest global setup for integration tests: one real Postgres server for the whole run,
// handed to the tests as SHEAF_TEST_DATABASE_URL.
import { startPostgresServer, type PostgresServer } from './postgres-server.ts';

let server: PostgresServer | undefined;

export async function setup(): Promise<void> {
  if (process.env.SHEAF_TEST_DATABASE_URL) return;
  server = await startPostgresServer();
  process.env.SHEAF_TEST_DATABASE_URL = server.url;
}

export function teardown(): void {
  server?.stop();
}
