// The sheaf-stack command line: start, status, reset, gen types.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/config.ts';
import { loadKeys } from '../keys/keys.ts';
import { createLogger } from '../lib/log.ts';
import { defaultDataDir } from '../paths.ts';
import { prepareDatabase, startStack, statusOf, type RunningStack } from '../stack.ts';
import { USAGE, UsageError, parseArgs, type CliArgs } from './args.ts';

async function start(args: CliArgs): Promise<void> {
  // Signals are handled from the first moment: one that arrives during start-up stops the stack
  // as soon as it is up, after in-flight work.
  let stopping = false;
  const ready: { stack?: Promise<RunningStack> } = {};
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping (in-flight requests finish first)…`);
    (ready.stack ?? Promise.reject(new Error('not started')))
      .then((stack) => stack.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('error while stopping:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  ready.stack = startStack({
    workdir: args.workdir,
    port: args.port,
    memory: args.memory,
    databaseUrl: args.databaseUrl,
    trustedProxies: args.trustedProxies.length > 0 ? args.trustedProxies : undefined,
  });
  const stack = await ready.stack;
  const s = stack.status();
  console.log(
    [
      '',
      'Sheaf stack is running.',
      `  API URL:          ${s.api_url}`,
      `  Inbox:            ${s.inbox_url}`,
      `  anon key:         ${s.anon_key}`,
      `  service_role key: ${s.service_role_key}`,
      `  publishable key:  ${s.publishable_key}`,
      `  secret key:       ${s.secret_key}`,
      '',
    ].join('\n'),
  );
}

async function status(args: CliArgs): Promise<void> {
  const config = await loadConfig(path.resolve(args.workdir));
  const keys = await loadKeys(config);
  const url = `http://127.0.0.1:${args.port ?? config.api.port}`;
  const s = statusOf(url, keys);
  let running = false;
  try {
    running = (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    running = false;
  }
  if (args.json) {
    console.log(JSON.stringify(s, null, 2));
    return;
  }
  console.log(`stack is ${running ? 'running' : 'not running'} at ${s.api_url}`);
  for (const [k, v] of Object.entries(s)) console.log(`  ${k.padEnd(17)} ${v}`);
}

async function reset(args: CliArgs): Promise<void> {
  const workdir = path.resolve(args.workdir);
  const config = await loadConfig(workdir);
  const dataDir = defaultDataDir(workdir);
  const url = `http://127.0.0.1:${args.port ?? config.api.port}`;
  const running = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (running) throw new UsageError(`the stack is running at ${url}; stop it before reset`);
  const databaseUrl = args.databaseUrl ?? process.env.DATABASE_URL;
  if (databaseUrl) {
    const { openDatabase } = await import('../db/open.ts');
    const db = await openDatabase({ databaseUrl });
    await db.exec(
      'drop publication if exists supabase_realtime; drop schema if exists public, auth, storage, realtime, supabase_migrations, sheaf_stack, graphql_public cascade; create schema public; grant all on schema public to public;',
    );
    await db.close();
  }
  await rm(dataDir, { recursive: true, force: true });
  const { db } = await prepareDatabase(config, { databaseUrl }, dataDir, createLogger(false));
  await db.close();
  console.log(
    `reset ${databaseUrl ? 'the database at --database-url' : dataDir}: migrations applied, seed loaded`,
  );
}

export async function main(argv: string[]): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.command === 'help') console.log(USAGE);
    else if (args.command === 'start') await start(args);
    else if (args.command === 'status') await status(args);
    else if (args.command === 'gen-types') {
      // Loaded only for this command: prettier is large, and `start` never needs it.
      const { genTypes } = await import('./gen-types/gen-types.ts');
      process.stdout.write(
        await genTypes({
          workdir: args.workdir,
          databaseUrl: args.databaseUrl,
          schemas: args.schemas,
        }),
      );
    } else await reset(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`sheaf-stack: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    console.error(`sheaf-stack: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
