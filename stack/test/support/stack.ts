// Starts the stack in-process for a test: a temporary Supabase-layout folder, port 0, and either
// in-memory PGlite or a fresh database on the test Postgres server. Tests drive it through
// @supabase/supabase-js exactly as an app would.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RealtimeClientOptions } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { createDatabase, dropDatabase } from './postgres-server.ts';
import { startStack, type RunningStack } from '../../src/index.ts';

export type Driver = 'pglite' | 'postgres';

/** Both drivers: every integration suite runs on PGlite and on a real Postgres server. */
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

export interface WorkdirSpec {
  /** A fixture folder under stack/test/fixtures to copy (config.toml, migrations, functions …). */
  fixture?: string;
  /** config.toml text; replaces the fixture's. */
  config?: string;
  /** Extra migrations: file name → SQL. */
  migrations?: Record<string, string>;
  seed?: string;
  /** Extra files: relative path → content. */
  files?: Record<string, string>;
}

export function makeWorkdir(spec: WorkdirSpec = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sheaf-test-'));
  const workdir = path.join(root, 'supabase');
  mkdirSync(path.join(workdir, 'migrations'), { recursive: true });
  if (spec.fixture) cpSync(path.join(FIXTURES, spec.fixture), workdir, { recursive: true });
  if (spec.config !== undefined) writeFileSync(path.join(workdir, 'config.toml'), spec.config);
  for (const [name, sql] of Object.entries(spec.migrations ?? {}))
    writeFileSync(path.join(workdir, 'migrations', name), sql);
  if (spec.seed !== undefined) writeFileSync(path.join(workdir, 'seed.sql'), spec.seed);
  for (const [rel, content] of Object.entries(spec.files ?? {})) {
    mkdirSync(path.dirname(path.join(workdir, rel)), { recursive: true });
    writeFileSync(path.join(workdir, rel), content);
  }
  return workdir;
}

/** Creates an empty database on the test server and returns its URL and a drop function. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.SHEAF_TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'SHEAF_TEST_DATABASE_URL is not set: run integration tests through vitest (its global setup starts Postgres)',
    );
  const name = `sheaf_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  return {
    url: await createDatabase(serverUrl, name),
    drop: () => dropDatabase(serverUrl, name),
  };
}

export interface TestStack extends RunningStack {
  workdir: string;
  driver: Driver;
  /** A client with the anon key, no session persistence. */
  anon(): SupabaseClient;
  /** A client with the service_role key. */
  service(): SupabaseClient;
  /** Stops the stack and removes its workdir and database. */
  close(): Promise<void>;
}

export interface TestStackOptions extends WorkdirSpec {
  driver: Driver;
  /** Reuse an existing workdir (for restart tests). */
  workdir?: string;
  /** Persist PGlite to this directory instead of memory. */
  dataDir?: string;
  /** Reuse a database URL (for restart tests on Postgres). */
  databaseUrl?: string;
  /** Listen on this port (a restart test keeps clients' URL); 0 (any free port) by default. */
  port?: number;
  env?: NodeJS.ProcessEnv;
  /** Proxies whose X-Forwarded-For the stack believes (none unless a test stands behind one). */
  trustedProxies?: string[];
}

/**
 * Node 20 has no global WebSocket (which realtime-js demands when a client is created): clients
 * that use Realtime get `ws` as their transport (ClientOptions.realtime); the others one that
 * refuses to connect, so a test that did not ask for Realtime never opens a socket.
 */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in tests');
  }
}

/** supabase-js's `realtime` option for a client made by hand that never uses Realtime. */
export const NO_REALTIME = {
  transport: NoWebSocket as unknown as RealtimeClientOptions['transport'],
};

export interface ClientOptions {
  /** Extra headers on every request, e.g. a user's Authorization. */
  headers?: Record<string, string>;
  /** A bearer token sent as Authorization (shorthand for headers). */
  token?: string;
  flowType?: 'implicit' | 'pkce';
  /** A fetch to send requests through (e.g. one that adds headers). */
  fetch?: typeof fetch;
  /** Supplies the access token (supabase-js `accessToken`: the client then has no auth API). */
  accessToken?: () => Promise<string | null>;
  /** Realtime options; given, the client connects over a real WebSocket (`ws`). */
  realtime?: Omit<RealtimeClientOptions, 'transport'>;
}

/** A supabase-js client as a test uses it: no persisted session, optional headers or token. */
export function clientFor(url: string, key: string, options: ClientOptions = {}): SupabaseClient {
  const headers = {
    ...options.headers,
    ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
  };
  return createClient(url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
    },
    global: { headers, ...(options.fetch ? { fetch: options.fetch } : {}) },
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
    realtime: options.realtime
      ? {
          ...options.realtime,
          transport: WebSocket as unknown as RealtimeClientOptions['transport'],
        }
      : NO_REALTIME,
  });
}

export async function startTestStack(options: TestStackOptions): Promise<TestStack> {
  const workdir = options.workdir ?? makeWorkdir(options);
  let database: { url: string; drop(): Promise<void> } | undefined;
  let databaseUrl = options.databaseUrl;
  if (options.driver === 'postgres' && !databaseUrl) {
    database = await createTestDatabase();
    databaseUrl = database.url;
  }
  const stack = await startStack({
    workdir,
    port: options.port ?? 0,
    quiet: true,
    memory: options.driver === 'pglite' && !options.dataDir,
    dataDir: options.dataDir,
    databaseUrl: options.driver === 'postgres' ? databaseUrl : undefined,
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      SHEAF_TRUSTED_PROXIES: undefined,
      ...options.env,
    },
    trustedProxies: options.trustedProxies,
  });
  return Object.assign(stack, {
    workdir,
    driver: options.driver,
    anon: () => clientFor(stack.url, stack.keys.anonKey),
    service: () => clientFor(stack.url, stack.keys.serviceRoleKey),
    async close() {
      await stack.stop();
      await database?.drop();
      if (!options.workdir) rmSync(path.dirname(workdir), { recursive: true, force: true });
    },
  });
}
