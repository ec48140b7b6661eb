// A fresh PGlite database on disk starts from a copy of the same project's migrated database
// when one is cached (keyed by the bootstrap, the extensions and every migration's name and
// content); the seed always runs on it. A changed migration is never served from the cache.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapKey } from '../../src/db/bootstrap.ts';
import { makeWorkdir, startTestStack } from '../support/stack.ts';
import { useOwnTemplateCache } from '../support/template-cache.ts';

const MIGRATION = '20260101000000_labels.sql';
const V1 = 'create table public.labels (id serial primary key, first_version text);';
const V2 = 'create table public.labels (id serial primary key, second_version text);';
const SEED = 'insert into public.labels default values; insert into public.labels default values;';

describe('the migrated template (PGlite on disk)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sheaf-migrated-'));
  const cache = path.join(root, 'cache');
  const workdir = makeWorkdir({ migrations: { [MIGRATION]: V1 }, seed: SEED });
  let restore: () => void;
  beforeAll(async () => {
    restore = useOwnTemplateCache(cache, await bootstrapKey());
  });
  afterAll(() => {
    restore();
    rmSync(root, { recursive: true, force: true });
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  });

  /** A fresh start on a new data directory: what it applied, seeded, and the columns it has. */
  async function freshStart(name: string) {
    const stack = await startTestStack({
      driver: 'pglite',
      workdir,
      dataDir: path.join(root, name),
    });
    try {
      const columns = await stack.db.query<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_schema = 'public' and table_name = 'labels' order by 1`,
      );
      const rows = await stack.db.query<{ count: number }>(
        'select count(*)::int as count from public.labels',
      );
      return {
        applied: stack.migrations.applied,
        seeded: stack.migrations.seeded,
        columns: columns.rows.map((r) => r.column_name),
        rows: rows.rows[0]!.count,
      };
    } finally {
      await stack.close();
    }
  }

  const migratedTemplates = () => readdirSync(cache).filter((e) => /-migrated-[0-9a-f]+$/.test(e));

  it('starts a second fresh database after the migrations, and still runs the seed on it', async () => {
    expect(await freshStart('a')).toEqual({
      applied: ['20260101000000_labels'],
      seeded: true,
      columns: ['first_version', 'id'],
      rows: 2,
    });
    expect(migratedTemplates()).toHaveLength(1);
    // Nothing applied: the migrations' history came with the copy; the seed ran once more, fresh.
    expect(await freshStart('b')).toEqual({
      applied: [],
      seeded: true,
      columns: ['first_version', 'id'],
      rows: 2,
    });
  });

  it('applies a changed migration instead of serving the cached database', async () => {
    writeFileSync(path.join(workdir, 'migrations', MIGRATION), V2);
    expect(await freshStart('c')).toEqual({
      applied: ['20260101000000_labels'],
      seeded: true,
      columns: ['id', 'second_version'],
      rows: 2,
    });
    expect(migratedTemplates()).toHaveLength(2);
    expect(existsSync(path.join(root, 'c', 'db', 'PG_VERSION'))).toBe(true);
  });
});
