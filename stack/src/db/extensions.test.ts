import { describe, expect, it } from 'vitest';
import { ExtensionUnavailableError, extensionsNamedIn, pgliteBundlesFor } from './extensions.ts';

describe('the extensions a project needs', () => {
  it('finds every extension a script creates, quoted or not, in any case', () => {
    const sql = `
      CREATE EXTENSION IF NOT EXISTS "uuid-ossp" WITH SCHEMA "extensions";
      create extension vector with schema extensions;
      Create Extension If Not Exists PG_TRGM;
      create table t (id int); -- create extension   hstore`;
    expect(extensionsNamedIn(sql).sort()).toEqual(['hstore', 'pg_trgm', 'uuid-ossp', 'vector']);
  });

  it('maps extensions to PGlite bundles, the bootstrap’s always included, spi’s four as one', () => {
    const bundles = pgliteBundlesFor(['moddatetime', 'autoinc', 'vector', 'plpgsql']);
    expect([...bundles.keys()].sort()).toEqual(['moddatetime', 'pgcrypto', 'uuid_ossp', 'vector']);
  });

  it('needs nothing for what the bootstrap provides (supabase_vault, pg_graphql)', () => {
    expect([...pgliteBundlesFor(['supabase_vault', 'pg_graphql']).keys()].sort()).toEqual([
      'pgcrypto',
      'uuid_ossp',
    ]);
  });

  it('names every extension PGlite cannot load, and the Postgres-server option', () => {
    const attempt = () => pgliteBundlesFor(['postgis', 'pg_cron', 'hstore']);
    expect(attempt).toThrow(ExtensionUnavailableError);
    expect(attempt).toThrow(/extensions "pg_cron", "postgis".*--database-url/);
  });
});
