// The Database contract both drivers keep: statements sent without waiting run in order in one
// transaction; sendCommit ends it with the last of them; any failure, awaited or not, rolls it
// all back and is what the transaction reports; and asCaller never lets a pipelined statement
// run with more rights than the caller's role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, PgError } from '../../src/db/adapter.ts';
import { asCaller, setCaller } from '../../src/db/as-caller.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';

const MIGRATION = `
create table public.ledger (id int primary key, note text);
grant select on public.ledger to anon, authenticated;
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'Ledger Reader') then
    create role "Ledger Reader" nologin;
  end if;
end $$;
grant "Ledger Reader" to authenticator;
grant select on public.ledger to "Ledger Reader";
grant insert on public.ledger to authenticated;
create function public.noisy(n int) returns int language plpgsql as $$
begin
  raise notice 'counting %', n;
  raise warning 'still counting %', n;
  return n + 1;
end $$;
`;

const ids = async (db: Database) =>
  (await db.query<{ id: number }>('select id from public.ledger order by id')).rows.map(
    (r) => r.id,
  );

describe.each(DRIVERS)('transactions on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      migrations: { '20260101000000_ledger.sql': MIGRATION },
    });
  });
  afterAll(() => stack?.close());

  it('runs statements sent without waiting in order, in one transaction, and commits with the last', async () => {
    await stack.db.exec('truncate public.ledger');
    const seen = await stack.db.transaction(async (tx) => {
      const insert = tx.query('insert into public.ledger values (1, $1)', ['one']);
      const count = tx.query<{ n: number }>('select count(*)::int as n from public.ledger');
      tx.sendCommit();
      await insert;
      return (await count).rows[0]!.n;
    });
    expect(seen).toBe(1);
    expect(await ids(stack.db)).toEqual([1]);
  });

  it('refuses a statement after sendCommit', async () => {
    await expect(
      stack.db.transaction(async (tx) => {
        tx.sendCommit();
        return tx.query('select 1');
      }),
    ).rejects.toThrow(/told to commit/);
  });

  it('rolls everything back when a statement fails, and reports that failure', async () => {
    await stack.db.exec('truncate public.ledger');
    const error = await stack.db
      .transaction(async (tx) => {
        const first = tx.query('insert into public.ledger values (2, $1)', ['two']);
        const duplicate = tx.query('insert into public.ledger values (2, $1)', ['again']);
        tx.sendCommit();
        await first;
        await duplicate;
      })
      .catch((e: PgError) => e);
    expect((error as PgError).code).toBe('23505');
    expect(await ids(stack.db)).toEqual([]);
  });

  it('fails and rolls back when a statement nobody waited for fails', async () => {
    await stack.db.exec('truncate public.ledger');
    const error = await stack.db
      .transaction(async (tx) => {
        await tx.query('insert into public.ledger values (3, $1)', ['three']);
        tx.query('select 1 / 0').catch(() => undefined);
        return 'done';
      })
      .catch((e: PgError) => e);
    expect((error as PgError).code).toBe('22012');
    expect(await ids(stack.db)).toEqual([]);
  });

  it('runs pipelined work as the caller, and as no one when the role is refused', async () => {
    const asReader = await asCaller(
      stack.db,
      { role: 'Ledger Reader', claims: { role: 'Ledger Reader' } },
      async (tx) => (await tx.query<{ who: string }>('select current_user as who')).rows[0]!.who,
    );
    expect(asReader).toBe('Ledger Reader');

    for (const role of ['postgres', 'no_such_role', 'anon"; drop table public.ledger; --']) {
      await stack.db.transaction(async (tx) => {
        const refused = setCaller(tx, { role, claims: { role } }).catch((e: PgError) => e);
        // Sent before the refusal is known: it must not run with the login role's rights.
        const who = await tx.query<{ who: string }>('select current_user as who');
        expect(who.rows[0]!.who).toBe('authenticator');
        const error = (await refused) as PgError;
        expect(error.code).toBe('22023');
        expect(error.message).toBe(`role "${role}" does not exist`);
      });
      const error = await asCaller(stack.db, { role, claims: { role } }, (tx) =>
        tx.query('insert into public.ledger values (4, $1)', ['sneaky']),
      ).catch((e: PgError) => e);
      expect((error as PgError).code).toBe('22023');
    }
    expect(await ids(stack.db)).not.toContain(4);
  });

  it('answers each statement of one batch on its own: a failure in the middle rolls back the rows before and after it', async () => {
    await stack.db.exec('truncate public.ledger');
    const answers: unknown[] = [];
    const error = await stack.db
      .transaction(async (tx) => {
        const statements = [
          tx.query('insert into public.ledger values (10, $1)', ['before']),
          tx.query('insert into public.ledger values (10, $1)', ['duplicate']),
          tx.query('insert into public.ledger values (11, $1)', ['after']),
        ];
        tx.sendCommit();
        for (const statement of statements)
          answers.push(
            await statement.then(
              (r) => r.rowCount,
              (e: PgError) => e.code,
            ),
          );
      })
      .catch((e: PgError) => e);
    expect(answers).toEqual([1, '23505', '25P02']);
    expect((error as PgError).code).toBe('23505');
    expect((error as PgError).detail).toBe('Key (id)=(10) already exists.');
    expect(await ids(stack.db)).toEqual([]);
  });

  it('keeps concurrent transactions apart: each sees its own caller, and failed ones leave no row', async () => {
    await stack.db.exec('truncate public.ledger');
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        asCaller(
          stack.db,
          { role: 'authenticated', claims: { role: 'authenticated', sub: `user-${i}` } },
          async (tx) => {
            const claims = tx.query<{ sub: string }>(
              "select current_setting('request.jwt.claims', true)::json->>'sub' as sub",
            );
            await tx.query('insert into public.ledger values ($1, $2)', [20 + i, `row ${i}`]);
            // Every third one fails after its insert, in a later batch than the insert.
            if (i % 3 === 0) await tx.query('select 1 / 0');
            return (await claims).rows[0]!.sub;
          },
        ),
      ),
    );
    results.forEach((result, i) => {
      if (i % 3 === 0) expect(result.status).toBe('rejected');
      else expect(result).toEqual({ status: 'fulfilled', value: `user-${i}` });
    });
    expect(await ids(stack.db)).toEqual(
      Array.from({ length: 12 }, (_, i) => i)
        .filter((i) => i % 3 !== 0)
        .map((i) => 20 + i),
    );
  });

  it('reads answers past notices and warnings', async () => {
    const [noisy, plain] = await stack.db.transaction(async (tx) => {
      const first = tx.query<{ n: number }>('select public.noisy($1) as n', [1]);
      const second = tx.query<{ n: number }>('select $1::int as n', [7]);
      await tx.exec("do $$ begin raise notice 'a script''s notice'; end $$; select 1");
      tx.sendCommit();
      return [(await first).rows, (await second).rows];
    });
    expect(noisy).toEqual([{ n: 2 }]);
    expect(plain).toEqual([{ n: 7 }]);
  });
});

describe('prepared statements on a Postgres server', () => {
  let stack: TestStack;
  let db: Database;
  beforeAll(async () => {
    stack = await startTestStack({
      driver: 'postgres',
      migrations: { '20260101000000_ledger.sql': MIGRATION },
    });
    db = await openPostgres(stack.db.connectionString!, { max: 1, preparedPerConnection: 2 });
  });
  afterAll(async () => {
    await db?.close();
    await stack?.close();
  });

  const prepared = () =>
    db.transaction(
      async (tx) =>
        (
          await tx.query<{ name: string }>(
            'select name from pg_catalog.pg_prepared_statements order by name',
          )
        ).rows,
    );

  it('reuses a statement by its text and keeps at most the configured number per connection', async () => {
    for (let i = 0; i < 5; i++) {
      const n = await db.transaction(
        async (tx) =>
          (await tx.query<{ n: number }>(`select $1::int + ${i} as n`, [1], { prepare: true }))
            .rows[0]!.n,
      );
      expect(n).toBe(1 + i);
    }
    // The next transaction deallocates what the last one evicted.
    expect(await prepared()).toHaveLength(2);
    const again = await db.transaction(
      async (tx) =>
        (await tx.query<{ n: number }>('select $1::int + 4 as n', [2], { prepare: true })).rows[0]!
          .n,
    );
    expect(again).toBe(6);
    expect(await prepared()).toHaveLength(2);
  });

  it('keeps a prepared statement working after its table changes', async () => {
    const read = () =>
      db.transaction(
        async (tx) =>
          (
            await tx.query<{ body: string }>(
              'select coalesce(json_agg(l), $1)::text as body from (select * from public.ledger) l',
              ['[]'],
              { prepare: true },
            )
          ).rows[0]!.body,
      );
    await db.exec("truncate public.ledger; insert into public.ledger values (7, 'seven')");
    expect(JSON.parse(await read())).toEqual([{ id: 7, note: 'seven' }]);
    await db.exec("alter table public.ledger add column extra text default 'x'");
    expect(JSON.parse(await read())).toEqual([{ id: 7, note: 'seven', extra: 'x' }]);
  });
});
