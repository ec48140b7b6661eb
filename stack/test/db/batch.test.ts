// The batch both drivers run (Database.batch, asCallerAtOnce): statements sent together as one
// implicit transaction and answered once. They all commit or none does; the failed statement is
// named; the caller's role and settings hold for the statements after them and end with the
// batch; a refused role runs nothing; and statements stay prepared across batches, even after
// one fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchError, type Database, type PgError } from '../../src/db/adapter.ts';
import { asCallerAtOnce } from '../../src/db/as-caller.ts';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';

const MIGRATION = `
create table public.tally (id int primary key, note text, owner uuid);
alter table public.tally enable row level security;
create policy "own rows" on public.tally for all to authenticated
  using (owner = auth.uid()) with check (owner = auth.uid());
grant select, insert on public.tally to authenticated;
create table public.deferred (id int primary key, parent int);
alter table public.deferred add constraint parent_exists
  foreign key (parent) references public.deferred (id) deferrable initially deferred;
`;

const ALICE = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';
const as = (sub: string) => ({ role: 'authenticated', claims: { sub, role: 'authenticated' } });

const ids = async (db: Database, table = 'tally') =>
  (await db.query<{ id: number }>(`select id from public.${table} order by id`)).rows.map(
    (r) => r.id,
  );

describe.each(DRIVERS)('batches on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({
      driver,
      migrations: { '20260101000000_tally.sql': MIGRATION },
    });
  });
  afterAll(() => stack?.close());

  it('runs the statements in order in one transaction, each seeing the ones before, and commits them', async () => {
    await stack.db.exec('truncate public.tally');
    const [insert, count, none] = await stack.db.batch([
      { sql: 'insert into public.tally (id, note) values (1, $1), (2, $1)', params: ['one'] },
      {
        sql: 'select count(*)::int as n, bool_and(note = $1) as same from public.tally',
        params: ['one'],
      },
      { sql: 'select 1 where false' },
    ]);
    expect(insert!.rowCount).toBe(2);
    expect(count!.rows).toEqual([{ n: 2, same: true }]);
    expect(count!.fields.map((f) => f.name)).toEqual(['n', 'same']);
    expect(none!.rows).toEqual([]);
    expect(await ids(stack.db)).toEqual([1, 2]);
  });

  it('commits none of them when one fails, names that one, and runs none after it', async () => {
    await stack.db.exec('truncate public.tally');
    const error = await stack.db
      .batch([
        { sql: 'insert into public.tally (id) values (10)' },
        { sql: 'insert into public.tally (id) values (10)' },
        { sql: 'insert into public.tally (id) values (11)' },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchError);
    expect((error as BatchError).index).toBe(1);
    expect((error as BatchError).error.code).toBe('23505');
    expect((error as BatchError).error.detail).toBe('Key (id)=(10) already exists.');
    expect(await ids(stack.db)).toEqual([]);
  });

  it('names the commit when a deferred constraint fails there, and keeps nothing', async () => {
    await stack.db.exec('truncate public.deferred');
    const error = await stack.db
      .batch([{ sql: 'insert into public.deferred values (1, 99)' }, { sql: 'select 1' }])
      .catch((e: unknown) => e);
    expect((error as BatchError).index).toBe(2);
    expect((error as BatchError).error.code).toBe('23503');
    expect(await ids(stack.db, 'deferred')).toEqual([]);
  });

  it('runs as the caller: row-level security decides, and the settings end with the batch', async () => {
    await stack.db.exec('truncate public.tally');
    await stack.db.query('insert into public.tally values (1, $1, $2), (2, $1, $3)', [
      'x',
      ALICE,
      BOB,
    ]);
    const seen = await asCallerAtOnce(stack.db, as(ALICE), async (tx) => {
      const who = tx.query<{ who: string; sub: string }>(
        "select current_user as who, auth.jwt() ->> 'sub' as sub",
      );
      const rows = tx.query<{ id: number }>('select id from public.tally order by id', [], {
        prepare: true,
      });
      return { who: (await who).rows[0], ids: (await rows).rows.map((r) => r.id) };
    });
    expect(seen).toEqual({ who: { who: 'authenticated', sub: ALICE }, ids: [1] });
    // The next statement on the same connection is the stack's own again.
    const after = await stack.db.query<{ who: string; claims: string | null }>(
      "select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims",
    );
    expect(after.rows[0]!.who).not.toBe('authenticated');
    expect(after.rows[0]!.claims).toBeNull();
  });

  it('refuses a write the policies refuse, and keeps nothing of the batch', async () => {
    await stack.db.exec('truncate public.tally');
    const error = await asCallerAtOnce(stack.db, as(ALICE), async (tx) => {
      const mine = tx.query('insert into public.tally values (20, $1, $2)', ['mine', ALICE]);
      const theirs = tx.query('insert into public.tally values (21, $1, $2)', ['theirs', BOB]);
      await Promise.all([mine, theirs]);
    }).catch((e: PgError) => e);
    expect((error as PgError).code).toBe('42501');
    expect((error as PgError).message).toMatch(/row-level security/);
    expect(await ids(stack.db)).toEqual([]);
  });

  it('runs nothing when the role is refused, and reports it as PostgREST does', async () => {
    await stack.db.exec('truncate public.tally');
    for (const role of ['postgres', 'no_such_role', 'anon"; drop table public.tally; --']) {
      const error = await asCallerAtOnce(stack.db, { role, claims: { role } }, (tx) =>
        tx.query('insert into public.tally (id) values (30)'),
      ).catch((e: PgError) => e);
      expect((error as PgError).code).toBe('22023');
      expect((error as PgError).message).toBe(`role "${role}" does not exist`);
    }
    expect(await ids(stack.db)).toEqual([]);
  });

  it('throws the failed statement’s error even when the work did not wait for it', async () => {
    const error = await asCallerAtOnce(stack.db, as(ALICE), async (tx) => {
      void tx.query('select 1 / 0');
      return 'done';
    }).catch((e: PgError) => e);
    expect((error as PgError).code).toBe('22012');
  });

  it('refuses a statement sent after the work first waited', async () => {
    const error = await asCallerAtOnce(stack.db, as(ALICE), async (tx) => {
      await tx.query('select 1');
      return tx.query('select 2');
    }).catch((e: Error) => e);
    expect((error as Error).message).toBe('statement sent after the batch went out');
  });

  it('fails a value that cannot be sent before anything reaches the connection', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const error = await stack.db
      .batch([
        { sql: 'insert into public.tally (id) values (40)' },
        { sql: 'select $1::jsonb', params: [circular] },
      ])
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await ids(stack.db)).not.toContain(40);
    // The connection is unharmed.
    expect((await stack.db.batch([{ sql: 'select 7 as n' }]))[0]!.rows).toEqual([{ n: 7 }]);
  });

  it('keeps statements prepared across batches, also after one failed, and parses again one the schema changed', async () => {
    await stack.db.exec('truncate public.tally');
    const insert = { sql: 'insert into public.tally (id) values ($1)', prepare: true };
    const read = { sql: 'select * from public.tally where id = $1', prepare: true };
    for (let round = 0; round < 3; round++) {
      // The insert fails on the second round (a duplicate); the read after it is skipped.
      const outcome = await stack.db
        .batch([
          { ...insert, params: [1] },
          { ...read, params: [1] },
        ])
        .catch((e: BatchError) => e);
      if (round === 0) expect(outcome).toHaveLength(2);
      else expect((outcome as BatchError).index).toBe(0);
    }
    const [row] = await stack.db.batch([{ ...read, params: [1] }]);
    expect(row!.rows).toEqual([{ id: 1, note: null, owner: null }]);
    await stack.db.exec('alter table public.tally add column extra text');
    try {
      const again = await stack.db
        .batch([{ ...read, params: [1] }])
        .catch(() => stack.db.batch([{ ...read, params: [1] }]));
      expect(again[0]!.rows).toEqual([{ id: 1, note: null, owner: null, extra: null }]);
    } finally {
      await stack.db.exec('alter table public.tally drop column extra');
    }
  });

  it('reads a kept statement’s rows the same every time, typed as when it was first described', async () => {
    const typed = {
      sql: `select $1::int as n, null::text as t, '{"a":[1]}'::jsonb as j, $2::bool as b`,
      prepare: true,
    };
    const answers = [];
    for (let round = 0; round < 3; round++)
      answers.push((await stack.db.batch([{ ...typed, params: [round, true] }]))[0]);
    answers.forEach((answer, round) => {
      expect(answer!.rows).toEqual([{ n: round, t: null, j: { a: [1] }, b: true }]);
      expect(answer!.fields.map((f) => f.name)).toEqual(['n', 't', 'j', 'b']);
    });
  });

  it('keeps concurrent batches apart: each sees its own caller', async () => {
    await stack.db.exec('truncate public.tally');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        asCallerAtOnce(stack.db, as(i % 2 ? ALICE : BOB), async (tx) => {
          const sub = tx.query<{ sub: string }>("select auth.jwt() ->> 'sub' as sub", [], {
            prepare: true,
          });
          return (await sub).rows[0]!.sub;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 ? ALICE : BOB)));
  });
});
