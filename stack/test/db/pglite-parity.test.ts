// Both drivers surface Postgres the same way: parameters are judged by Postgres (not by a
// JavaScript serializer), and an error carries the same class and fields — code, detail, hint,
// position, where, schema, table, column, constraint — whichever driver runs.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgError } from '../../src/db/adapter.ts';
import { DRIVERS, startTestStack, type TestStack } from '../support/stack.ts';

const MIGRATION = `
create table public.flags (id int primary key, flag boolean not null default false, note text not null default '');
grant select on public.flags to anon;
insert into public.flags (id, flag) values (1, true);
create function public.refuse(reason text) returns void language plpgsql as $$
begin
  raise exception 'refused: %', reason using detail = 'the detail', hint = 'the hint';
end $$;
`;

describe.each(DRIVERS)('errors and parameters on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ driver, migrations: { '20260101000000_flags.sql': MIGRATION } });
  });
  afterAll(() => stack?.close());

  const failure = (sql: string, params: unknown[] = []) =>
    stack.db.query(sql, params).then(
      () => {
        throw new Error('expected the statement to fail');
      },
      (error: PgError) => error,
    );

  it('lets Postgres reject a parameter that is not a valid value, with 22P02', async () => {
    const error = await failure('select * from public.flags where flag = $1', ['x']);
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expect(error).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type boolean: "x"',
      severity: 'ERROR',
    });
  });

  it('answers GET /rest/v1/flags?flag=eq.x with 400 22P02, as PostgREST does', async () => {
    const response = await fetch(`${stack.url}/rest/v1/flags?flag=eq.x`, {
      headers: { apikey: stack.keys.anonKey },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: '22P02',
      details: null,
      hint: null,
      message: 'invalid input syntax for type boolean: "x"',
    });
  });

  it('reports a unique violation with its detail, schema, table and constraint', async () => {
    const error = await failure('insert into public.flags (id) values ($1)', [1]);
    expect(error).toMatchObject({
      code: '23505',
      detail: 'Key (id)=(1) already exists.',
      schema: 'public',
      table: 'flags',
      constraint: 'flags_pkey',
    });
  });

  it('reports a not-null violation with its column', async () => {
    const error = await failure('insert into public.flags (id, note) values (2, $1)', [null]);
    expect(error).toMatchObject({
      code: '23502',
      schema: 'public',
      table: 'flags',
      column: 'note',
    });
  });

  it('reports a syntax error with its position', async () => {
    const error = await failure('select 1 frm public.flags');
    expect(error).toMatchObject({ code: '42601', position: '14' });
  });

  it('reports a raised exception with detail, hint and where', async () => {
    const error = await failure('select public.refuse($1)', ['no']);
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'refused: no',
      detail: 'the detail',
      hint: 'the hint',
    });
    expect(error.where).toMatch(/PL\/pgSQL function refuse\(text\)/);
  });

  it('sends bytes, dates, arrays, objects and booleans as node-postgres sends them', async () => {
    const date = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
    const { rows } = await stack.db.query<Record<string, unknown>>(
      `select $1::bytea = '\\x0102ff'::bytea as bytes,
              $2::timestamptz = '2026-01-02T03:04:05.678Z'::timestamptz as date,
              $3::text[] = array['a', 'b,c', null] as array,
              $4::jsonb = '{"a": [1, "x"]}'::jsonb as object,
              $5::boolean as yes, $6::int as number`,
      [Buffer.from([1, 2, 255]), date, ['a', 'b,c', null], { a: [1, 'x'] }, true, 7],
    );
    expect(rows[0]).toEqual({
      bytes: true,
      date: true,
      array: true,
      object: true,
      yes: true,
      number: 7,
    });
  });
});
