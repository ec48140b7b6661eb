// The hop bench's requests against two trees' stacks in one process, beside the bare hop: this
// tree, another checkout (the base of a change), and the bare servers, measured in rounds that
// alternate all three so this shared machine's drift hits each alike. Each figure is the median
// round's Node CPU per request, and its ratio to the bare server's in the same rounds; then the
// bytes each request allocates in this process (median of the same number of alternating
// rounds), which the machine's noise hardly moves, so it can tell two trees apart when CPU
// time cannot.
//
//   npx tsx bench/hop-ab.ts <other tree> <pglite|postgres> [rounds] [read,upload,download]
//
// The other tree may be a built module of the stack instead (an .mjs bundle of
// stack/src/index.ts), to compare the build with the sources.
//
// A diagnostic for a change's effect, not a benchmark of record: the hop bench's figures are
// the ones in RESULTS.md.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { RunningStack, StackOptions } from '../stack/src/index.ts';
import { createDatabase, startPostgresServer } from '../stack/test/support/postgres-server.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { builtStack } from '../stack/bin/build.mjs';
import {
  bareFiles,
  bareSql,
  CONFIG,
  MIGRATION,
  onCpus,
  requestsFor,
  type Bare,
} from './hop.bench.ts';
import { median } from './lib.ts';
import {
  alternatingRounds,
  bytesPerRequest,
  isolateCpu,
  pinProcesses,
  type HttpLoad,
} from './load.ts';

const [other, driver = 'postgres', rounds = '5', which = 'read,upload,download'] =
  process.argv.slice(2);
if (!other) throw new Error('usage: npx tsx bench/hop-ab.ts <other tree> <pglite|postgres>');
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-hop-ab-'));
const workdir = makeWorkdir({ migrations: { '1_items.sql': MIGRATION }, config: CONFIG });
// This process on a core of its own; wrk and the Postgres server on the others (as the hop bench).
const others = isolateCpu();
const server = driver === 'postgres' ? await startPostgresServer() : undefined;
if (server && others) pinProcesses([server.pid()], others);

/** `root` is a checkout, or a built module of the stack's index (e.g. stack/dist/*.mjs). */
async function stackOf(root: string, name: string): Promise<RunningStack> {
  const entry = root.endsWith('.mjs') ? root : path.join(root, 'stack/src/index.ts');
  const { startStack } = (await import(entry)) as {
    startStack(options: StackOptions): Promise<RunningStack>;
  };
  return startStack({
    workdir,
    port: 0,
    quiet: true,
    env: {},
    databaseUrl: server ? await createDatabase(server.url, name) : undefined,
    dataDir: path.join(dir, name),
  });
}

const subjects: [string, RunningStack][] = [
  ['other tree', await stackOf(path.resolve(other), 'other')],
  // This tree from its sources, or with SHEAF_BENCH_BUILT=1 from its build (as sheaf-stack runs).
  ['this tree', await stackOf(process.env.SHEAF_BENCH_BUILT ? await builtStack() : here, 'this')],
];
const pool = server
  ? new pg.Pool({ connectionString: subjects[1]![1].db.connectionString, max: 10 })
  : undefined;
const sql: Bare = await bareSql((s, p) =>
  pool ? pool.query(s, p) : subjects[1]![1].db.query(s, p),
);
const files = await bareFiles(path.join(dir, 'bare'));
try {
  const kinds = which.split(',');
  const requests = await Promise.all(
    subjects.map(async ([, stack]) =>
      (await requestsFor(stack, sql, files)).map((pair) => onCpus(pair, others)),
    ),
  );
  for (const kind of kinds) {
    const index = ['read', 'upload', 'download'].indexOf(kind);
    if (index < 0) throw new Error(`unknown request: ${kind}`);
    const loads: [string, HttpLoad][] = [
      ['bare', requests[0]![index]!.baseline],
      ...subjects.map(([name], i): [string, HttpLoad] => [name, requests[i]![index]!.subject]),
    ];
    const results = await alternatingRounds(
      loads.map(([, load]) => load),
      Number(rounds),
    );
    const cpu = results.map((runs) => runs.map((r) => r.cpu.stack));
    const allocated: number[][] = loads.map(() => []);
    for (let round = 0; round < Number(rounds); round++)
      for (const [i, [, load]] of loads.entries()) allocated[i]!.push(await bytesPerRequest(load));
    const bare = median(cpu[0]!);
    console.log(
      `${driver} ${requests[0]![index]!.label}, load ${os.loadavg()[0]!.toFixed(1)}, median of ${rounds}`,
    );
    loads.forEach(([name], i) => {
      const m = median(cpu[i]!);
      const kib = (median(allocated[i]!) / 1024).toFixed(1);
      console.log(
        `  ${Math.round(m).toString().padStart(6)} µs  ${(m / bare).toFixed(2)}×  ${kib.padStart(6)} KiB  ${name}`,
      );
    });
  }
} finally {
  await sql.close();
  await files.close();
  await pool?.end();
  for (const [, stack] of subjects) await stack.stop();
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.dirname(workdir), { recursive: true, force: true });
}
process.exit(0);
