// The stack the hop diagnostics load (bench/profile.ts, bench/decompose.ts): the hop bench's
// items table and bucket, on PGlite or on a throwaway Postgres server, in a temporary folder.
// The stack from its sources, or with SHEAF_BENCH_BUILT=1 its build (stack/dist, as
// `sheaf-stack` runs it; profiles of the sources show esbuild's keep-names helper, which the
// build does not have).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningStack, StackOptions } from '../stack/src/index.ts';
import { builtStack } from '../stack/bin/build.mjs';
import {
  createDatabase,
  startPostgresServer,
  type PostgresServer,
} from '../stack/test/support/postgres-server.ts';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { CONFIG, MIGRATION } from './hop.bench.ts';

export interface HopStack {
  stack: RunningStack;
  /** The Postgres server's database, when the driver is 'postgres'. */
  databaseUrl: string | undefined;
  /** Stops the stack and the server, and removes their folders. */
  close(): Promise<void>;
}

export async function startHopStack(driver: string, name: string): Promise<HopStack> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sheaf-${name}-`));
  const workdir = makeWorkdir({ migrations: { '1_items.sql': MIGRATION }, config: CONFIG });
  let server: PostgresServer | undefined;
  let databaseUrl: string | undefined;
  const remove = () => {
    server?.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.dirname(workdir), { recursive: true, force: true });
  };
  try {
    if (driver === 'postgres') {
      server = await startPostgresServer();
      databaseUrl = await createDatabase(server.url, name);
    }
    const entry = process.env.SHEAF_BENCH_BUILT ? await builtStack() : '../stack/src/index.ts';
    const { startStack } = (await import(entry)) as {
      startStack(options: StackOptions): Promise<RunningStack>;
    };
    const stack = await startStack({
      workdir,
      port: 0,
      quiet: true,
      env: {},
      databaseUrl,
      dataDir: dir,
    });
    return {
      stack,
      databaseUrl,
      async close() {
        await stack.stop();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
