// Chooses the driver: a Postgres server when a URL is given, PGlite otherwise.
import type { Database } from './adapter.ts';
import type { Logger } from '../lib/log.ts';

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; ignored with databaseUrl; undefined with memory. */
  dataDir?: string;
  memory?: boolean;
  /** The bootstrap's hash: a fresh embedded database may start from its cached template. */
  bootstrapKey?: string;
  /** The migrations' hash (migrationsKey): a fresh database on disk may start after them. */
  migrationsKey?: string;
  /** Extensions the project's migrations and seed create (PGlite loads them at start). */
  extensions?: string[];
  /** Where the driver reports losing and regaining the server. */
  log?: Logger;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl, { log: options.log });
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(options.memory ? undefined : options.dataDir, {
    bootstrapKey: options.bootstrapKey,
    migrationsKey: options.migrationsKey,
    extensions: options.extensions,
  });
}
