// The PGlite driver alone, two trees in one process: a REST-shaped as-caller transaction (the
// caller's settings, a primary-key read, COMMIT) and a one-statement query, each driven by 10
// concurrent callers, rounds alternating between the trees so the machine's drift hits both.
//
//   npx tsx bench/driver-ab.ts <other tree, e.g. a checkout of the base commit>
//
// A diagnostic, not a benchmark: its figures are not written to bench/RESULTS.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Transaction } from '../stack/src/db/adapter.ts';
import type { Caller } from '../stack/src/db/as-caller.ts';

const SQL = 'select * from public.items where id = $1';
const SETUP = `
create role authenticator noinherit;
create role authenticated;
grant authenticated to authenticator;
create table public.items (id int primary key, owner uuid not null, body text not null);
grant select on public.items to authenticated;
insert into public.items
  select g, '00000000-0000-0000-0000-000000000001', 'item ' || g from generate_series(1, 1000) g;
`;
const CALLER: Caller = {
  role: 'authenticated',
  claims: { role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001' },
  settings: { search_path: 'public' },
};
const OPS = 2000;
const ROUNDS = 5;

interface Subject {
  tx(id: number): Promise<unknown>;
  query(id: number): Promise<unknown>;
}

async function open(root: string): Promise<Subject> {
  const { openPglite } = (await import(path.join(root, 'stack/src/db/pglite.ts'))) as {
    openPglite(dir: undefined): Promise<Database>;
  };
  const { asCaller } = (await import(path.join(root, 'stack/src/db/as-caller.ts'))) as {
    asCaller<T>(db: Database, caller: Caller, fn: (tx: Transaction) => Promise<T>): Promise<T>;
  };
  const db = await openPglite(undefined);
  await db.exec(SETUP);
  return {
    tx: (id) =>
      asCaller(db, CALLER, async (tx) => {
        const result = tx.query(SQL, [id], { prepare: true });
        tx.sendCommit();
        return (await result).rows;
      }),
    query: (id) => db.query(SQL, [id]),
  };
}

/** CPU µs of this process per operation, 10 callers at a time. */
async function measure(op: (id: number) => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < OPS) await op((next++ % 1000) + 1);
    }),
  );
  const used = process.cpuUsage(start);
  return (used.user + used.system) / OPS;
}

const other = process.argv[2];
if (!other) throw new Error('usage: npx tsx bench/driver-ab.ts <other tree>');
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const subjects: [string, Subject][] = [
  ['other', await open(path.resolve(other))],
  ['this', await open(here)],
];
const figures = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, subject] of subjects) {
    for (const kind of ['tx', 'query'] as const) {
      const key = `${name} tree, ${kind === 'tx' ? 'as-caller transaction' : 'one query'}`;
      figures.set(key, [...(figures.get(key) ?? []), await measure(subject[kind])]);
    }
  }
}
for (const [key, values] of figures) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `${key.padEnd(40)} ${median.toFixed(0)} µs CPU/op (rounds: ${values.map((v) => v.toFixed(0)).join(', ')})`,
  );
}
process.exit(0);
