// The Database contract both drivers keep: statements sent without waiting run in order in one
// transaction; sendCommit ends it with the last of them; any failure, awaited or not, rolls it
// all back and is what the transaction reports; and asCaller never lets a pipelined statement
// run with more rights than the caller's role.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, PgError } from '../../src/db/adapter.ts';
import { asCaller, setCaller } from '../../src/db/as-caller.ts';
import { answersInOrder } from '../../src/db/transaction.ts';
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

  it('ends with sendRollback: the answers come back and nothing stays', async () => {
    await stack.db.exec('truncate public.ledger');
    const seen = await stack.db.transaction(async (tx) => {
      const insert = tx.query('insert into public.ledger values (7, $1)', ['tried']);
      const count = tx.query<{ n: number }>('select count(*)::int as n from public.ledger');
      tx.sendRollback();
      const [, counted] = await answersInOrder([insert, count] as const);
      return counted.rows[0]!.n;
    });
    expect(seen).toBe(1);
    expect(await ids(stack.db)).toEqual([]);
    await expect(
      stack.db.transaction(async (tx) => {
        tx.sendRollback();
        return tx.query('select 1');
      }),
    ).rejects.toThrow(/told to rollback/);
  });

  it('reports the first of the statements sent together to fail, and leaves none unheard', async () => {
    await stack.db.exec('truncate public.ledger');
    const error = await stack.db
      .transaction(async (tx) => {
        const sent = [
          tx.query('insert into public.ledger values (3, $1)', ['three']),
          tx.query('insert into public.ledger values (3, $1)', ['again']),
          tx.query('insert into public.ledger values (4, $1)', ['four']),
        ] as const;
        tx.sendCommit();
        await answersInOrder(sent);
      })
      .catch((e: PgError) => e);
    // The third is refused only because the second failed (25P02); the second is reported.
    expect((error as PgError).code).toBe('23505');
    expect(await ids(stack.db)).toEqual([]);
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

  it('runs pipelined work as the caller, and not at all when the role is refused', async () => {
    const asReader = await asCaller(
      stack.db,
      { role: 'Ledger Reader', claims: { role: 'Ledger Reader' } },
      async (tx) => (await tx.query<{ who: string }>('select current_user as who')).rows[0]!.who,
    );
    expect(asReader).toBe('Ledger Reader');

    for (const role of ['postgres', 'no_such_role', 'anon"; drop table public.ledger; --']) {
      const failed = await stack.db
        .transaction(async (tx) => {
          const refused = setCaller(tx, { role, claims: { role } }).catch((e: PgError) => e);
          // Sent before the refusal is known: Postgres must not run it at all.
          const who = await tx.query('select current_user as who').catch((e: PgError) => e);
          expect((who as PgError).code).toBe('25P02');
          const error = (await refused) as PgError;
          expect(error.code).toBe('22023');
          expect(error.message).toBe(`role "${role}" does not exist`);
        })
        .catch((e: PgError) => e);
      // The transaction reports the refusal as Postgres raised it (see SET_CALLER).
      expect((failed as PgError).code).toBe('22012');
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

// Each driver keeps statements prepared by their text (QueryOptions.prepare): a Postgres server
// per pooled connection (here one connection keeping at most 2), PGlite in its one session
// (at most 250), which it shares with the wire server's clients.
describe.each(DRIVERS)('prepared statements on %s', (driver) => {
  let stack: TestStack;
  let db: Database;
  const limit = driver === 'postgres' ? 2 : 250;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      migrations: { '20260101000000_ledger.sql': MIGRATION },
    });
    db =
      driver === 'postgres'
        ? await openPostgres(stack.db.connectionString!, { max: 1, preparedPerConnection: 2 })
        : stack.db;
  });
  afterAll(async () => {
    if (db !== stack?.db) await db?.close();
    await stack?.close();
  });

  const prepared = async () =>
    (
      await db.transaction((tx) =>
        tx.query<{ name: string }>(
          "select name from pg_catalog.pg_prepared_statements where name like 'sheaf\\_%' order by name",
        ),
      )
    ).rows;
  const inTx = <Row>(sql: string, params: unknown[]) =>
    db.transaction(async (tx) => (await tx.query<Row>(sql, params, { prepare: true })).rows);

  it('reuses a statement by its text and keeps at most the configured number', async () => {
    const before = (await prepared()).length;
    for (let i = 0; i < limit + 3; i++) {
      const [row] = await inTx<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(row!.n).toBe(1 + i);
    }
    // The next statement lets go of what the last ones evicted.
    const [again] = await inTx<{ n: number }>(`select $1::int + ${limit + 2} as n`, [2]);
    expect(again!.n).toBe(limit + 4);
    const after = await prepared();
    expect(after.length).toBeLessThanOrEqual(limit);
    expect(after.length).toBeGreaterThanOrEqual(Math.min(limit, before + 1));
  });

  it('keeps a prepared statement working after its table changes', async () => {
    const read = async () =>
      (
        await inTx<{ body: string }>(
          'select coalesce(json_agg(l), $1)::text as body from (select * from public.ledger) l',
          ['[]'],
        )
      )[0]!.body;
    await db.exec("truncate public.ledger; insert into public.ledger values (7, 'seven')");
    expect(JSON.parse(await read())).toEqual([{ id: 7, note: 'seven' }]);
    await db.exec("alter table public.ledger add column extra text default 'x'");
    expect(JSON.parse(await read())).toEqual([{ id: 7, note: 'seven', extra: 'x' }]);
    await db.exec('alter table public.ledger drop column extra');
  });

  it('prepares a statement again once its result columns changed', async () => {
    await db.exec(
      'create table public.shifting (id int primary key); insert into public.shifting values (1)',
    );
    const read = () =>
      inTx<Record<string, unknown>>('select * from public.shifting where id = $1', [1]);
    expect(await read()).toEqual([{ id: 1 }]);
    await db.exec("alter table public.shifting add column label text default 'one'");
    // Postgres refuses the old plan once ("cached plan must not change result type"); the
    // statement is then prepared again, not refused on every later request.
    const first = await read().catch((error: PgError) => error.code);
    if (first !== '0A000') expect(first).toEqual([{ id: 1, label: 'one' }]);
    expect(await read()).toEqual([{ id: 1, label: 'one' }]);
  });

  it('answers a statement that does not parse with its error every time, and goes on', async () => {
    const bad = () => inTx('select from from public.ledger where id = $1', [1]);
    for (let i = 0; i < 2; i++) await expect(bad()).rejects.toMatchObject({ code: '42601' });
    // In one transaction: the failed Parse is not taken for a prepared statement by the next use.
    await expect(
      db.transaction(async (tx) => {
        const first = tx.query('select from from public.ledger where $1', [1], { prepare: true });
        const second = tx.query('select from from public.ledger where $1', [1], { prepare: true });
        await Promise.allSettled([first, second]);
        return first;
      }),
    ).rejects.toMatchObject({ code: '42601' });
    const [row] = await inTx<{ n: number }>('select $1::int as n', [5]);
    expect(row!.n).toBe(5);
  });

  it.runIf(driver === 'pglite')(
    "prepares again after a wire client drops the session's statements",
    async () => {
      const url = await db.openWireServer!();
      const [before] = await inTx<{ n: number }>('select $1::int * 3 as n', [3]);
      expect(before!.n).toBe(9);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('deallocate all');
      } finally {
        await client.end();
      }
      const [after] = await inTx<{ n: number }>('select $1::int * 3 as n', [4]);
      expect(after!.n).toBe(12);
    },
  );
});
