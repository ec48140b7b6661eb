import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type TestStack } from '../support/stack.ts';
import { service, startFunctionsStack } from './helpers.ts';

describe.each(DRIVERS)('SUPABASE_DB_URL on %s', (driver) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startFunctionsStack(driver);
  });
  afterAll(() => stack?.close());

  it("keeps a function's queries out of a transaction the stack has open", async () => {
    const count = async () => {
      const { data, error } = await service(stack).functions.invoke<{ count: number }>(
        'db-session',
      );
      expect(error).toBeNull();
      return data!.count;
    };
    const before = await count(); // warms the worker and opens its session
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    let proceed!: () => void;
    const gate = new Promise<void>((resolve) => (proceed = resolve));
    const tx = stack.db.transaction(async (q) => {
      await q.query(`insert into public.fn_notes (title) values ('in transaction 1')`);
      inserted();
      await gate;
      await q.query(`insert into public.fn_notes (title) values ('in transaction 2')`);
    });
    await insertDone;
    const during = count();
    // Give the function time to send its query while the transaction is still open.
    await new Promise((resolve) => setTimeout(resolve, 500));
    proceed();
    await tx;
    // The function saw the transaction whole or not at all (PGlite waits for it, a Postgres
    // server answers from the snapshot before it), and did not disturb it.
    expect([before, before + 2]).toContain(await during);
    const rows = await stack.db.query(
      `select count(*)::int as n from public.fn_notes where title like 'in transaction %'`,
    );
    expect(rows.rows[0]).toEqual({ n: 2 });
  });
});
