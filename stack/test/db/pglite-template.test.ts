// A fresh PGlite database on disk starts from a copy of the cached bootstrapped data directory
// (db/pglite-template.ts): the same database the bootstrap makes, and what is done in it later
// never reaches the template. Runs against a template cache of its own.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/adapter.ts';
import { bootstrap, bootstrapKey } from '../../src/db/bootstrap.ts';
import { openPglite } from '../../src/db/pglite.ts';
import { copyTemplate, templatePath } from '../../src/db/pglite-template.ts';
import { useOwnTemplateCache } from '../support/template-cache.ts';

/** Every schema object, role and the bootstrap's hash, as one text to compare. */
async function fingerprint(db: Database): Promise<string> {
  const { rows } = await db.query<{ objects: string }>(`
    select concat_ws(E'\\n',
      (select string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text, ',' order by 1)
         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace),
      (select string_agg(p.oid::regprocedure::text, ',' order by 1) from pg_catalog.pg_proc p),
      (select string_agg(rolname, ',' order by 1) from pg_catalog.pg_roles),
      (select string_agg(polname, ',' order by 1) from pg_catalog.pg_policy),
      (select hash from sheaf_stack.bootstrap)) as objects`);
  return rows[0]!.objects;
}

describe('the PGlite template directory', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sheaf-template-'));
  let key: string;
  let restore: () => void;

  beforeAll(async () => {
    key = await bootstrapKey();
    // Only the pristine cluster: the first test makes the bootstrapped template itself.
    restore = useOwnTemplateCache(path.join(root, 'cache'), 'none');
  });
  afterAll(() => {
    restore();
    rmSync(root, { recursive: true, force: true });
  });

  it('gives a fresh database a copy of the bootstrapped one, without what was done in it since', async () => {
    const first = await openPglite(path.join(root, 'a'), { bootstrapKey: key });
    let made: string;
    try {
      expect(await bootstrap(first)).toBe(true);
      made = await fingerprint(first);
      await first.exec(
        'create table public.after_the_template (id int); insert into public.after_the_template values (1);',
      );
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(templatePath(`bootstrap-${key}`, 'dir'), 'PG_VERSION'))).toBe(true);

    const second = await openPglite(path.join(root, 'b'), { bootstrapKey: key });
    try {
      // Already bootstrapped: it is the template's copy, not a bootstrap run again.
      expect(await bootstrap(second)).toBe(false);
      expect(await fingerprint(second)).toBe(made);
      const { rows } = await second.query(
        `select to_regclass('public.after_the_template') is null as absent`,
      );
      expect(rows).toEqual([{ absent: true }]);
    } finally {
      await second.close();
    }
  }, 180_000);

  it('leaves a data directory that is not empty as it was', async () => {
    const dataDir = path.join(root, 'not-empty');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'mine.txt'), 'keep me');
    expect(await copyTemplate(`bootstrap-${key}`, dataDir)).toBe(false);
    expect(readdirSync(dataDir)).toEqual(['mine.txt']);
    expect(readdirSync(root).filter((entry) => entry.endsWith('.tmp'))).toEqual([]);
  });
});
