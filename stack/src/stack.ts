// Starts and stops the whole stack in-process: config, keys, database (bootstrap, migrations,
// seed), services, and the HTTP server. The CLI and the tests both start it through here.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve, type Http2Bindings, type HttpBindings, type ServerType } from '@hono/node-server';
import { loadConfig, type Config } from './config/config.ts';
import type { Database } from './db/adapter.ts';
import { bootstrap, bootstrapKey } from './db/bootstrap.ts';
import { extensionsOfProject } from './db/extensions.ts';
import { startWebhookDelivery } from './db/webhooks.ts';
import { migrate, migrationsKey, type MigrateResult } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import type { StackContext } from './context/context.ts';
import { createUpgrades, type Upgrades } from './gateway/upgrade.ts';
import { createGateway } from './server.ts';
import { loadKeys, type Keys } from './keys/keys.ts';
import { collectWhenIdle } from './lib/idle-collect.ts';
import { createLogger, type Logger } from './lib/log.ts';
import { createOutbox } from './outbox/store.ts';
import { defaultDataDir } from './paths.ts';

export interface StackOptions {
  /** The folder in Supabase CLI layout (config.toml, migrations/, seed.sql, functions/). */
  workdir?: string;
  /** Port to listen on; 0 picks a free one. Defaults to [api] port (54321). */
  port?: number;
  host?: string;
  /** Keep the database in memory (and files in a temporary directory removed at stop). */
  memory?: boolean;
  /** Use a Postgres server instead of PGlite. Defaults to $DATABASE_URL. */
  databaseUrl?: string;
  /** Where PGlite data and stored files live. Defaults to <project>/.sheaf. */
  dataDir?: string;
  /** Print nothing but errors. */
  quiet?: boolean;
  /**
   * Proxies whose X-Forwarded-For header names the client (addresses or CIDR ranges). Defaults
   * to $SHEAF_TRUSTED_PROXIES (comma-separated), else none: the socket's peer is the client.
   */
  trustedProxies?: string[];
  env?: NodeJS.ProcessEnv;
}

export interface StackStatus {
  api_url: string;
  anon_key: string;
  service_role_key: string;
  publishable_key: string;
  secret_key: string;
  inbox_url: string;
}

export interface RunningStack {
  url: string;
  config: Config;
  keys: Keys;
  db: Database;
  migrations: MigrateResult;
  status(): StackStatus;
  /** Stops accepting requests, lets in-flight ones finish, then closes the database. */
  stop(): Promise<void>;
}

export function statusOf(
  url: string,
  keys: Pick<Keys, 'anonKey' | 'serviceRoleKey' | 'publishableKey' | 'secretKey'>,
): StackStatus {
  return {
    api_url: url,
    anon_key: keys.anonKey,
    service_role_key: keys.serviceRoleKey,
    publishable_key: keys.publishableKey,
    secret_key: keys.secretKey,
    inbox_url: `${url}/inbox`,
  };
}

/** Opens the database and brings it up to date: bootstrap, migrations, seed on a fresh one. */
export async function prepareDatabase(
  config: Config,
  options: StackOptions,
  dataDir: string,
  log: Logger,
): Promise<{ db: Database; migrations: MigrateResult }> {
  const databaseUrl = options.databaseUrl ?? (options.env ?? process.env).DATABASE_URL;
  const bootstrapHash = await bootstrapKey();
  const extensions = await extensionsOfProject(config.workdir, config.db.seed.sqlPaths);
  const db = await openDatabase({
    databaseUrl,
    memory: options.memory,
    dataDir: path.join(dataDir, 'db'),
    bootstrapKey: bootstrapHash,
    migrationsKey: await migrationsKey(config.workdir, bootstrapHash, extensions),
    extensions,
    log: log.child('db'),
  });
  try {
    await bootstrap(db);
    const migrations = await migrate(db, config.workdir, config.db.seed);
    for (const name of migrations.applied) log.info(`applied migration ${name}`);
    if (migrations.seeded) log.info('seeded a fresh database');
    return { db, migrations };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

function trustedProxiesFromEnv(env: NodeJS.ProcessEnv): string[] {
  return (env.SHEAF_TRUSTED_PROXIES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const log = createLogger(options.quiet);
  const workdir = path.resolve(options.workdir ?? 'supabase');
  const config = await loadConfig(workdir, options.env ?? process.env);
  const memoryDir = options.memory
    ? await mkdtemp(path.join(os.tmpdir(), 'sheaf-stack-'))
    : undefined;
  const dataDir = memoryDir ?? path.resolve(options.dataDir ?? defaultDataDir(workdir));
  await mkdir(dataDir, { recursive: true });
  const keys = await loadKeys(config);
  const { db, migrations } = await prepareDatabase(config, options, dataDir, log);

  const stopHooks: (() => Promise<void> | void)[] = [];
  stopHooks.push(await startWebhookDelivery(db, log.child('webhooks')));
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? config.api.port;
  // The URL is known before listening when the port is fixed; with port 0 it is set after.
  const ctx: StackContext = {
    config,
    db,
    keys,
    log,
    outbox: createOutbox(db, config, log),
    apiUrl: `http://${host}:${port}`,
    dataDir,
    onStop: (fn) => stopHooks.push(fn),
  };
  let server: ServerType;
  let upgrades: Upgrades;
  try {
    const door = await createGateway(ctx, {
      trustedProxies: options.trustedProxies ?? trustedProxiesFromEnv(options.env ?? process.env),
    });
    server = await new Promise<ServerType>((resolve, reject) => {
      // An HTTP/1.1 server: its bindings are Node's request and response.
      const fetch = (request: Request, env: HttpBindings | Http2Bindings) =>
        door.fetch(request, env as HttpBindings);
      const s = serve({ fetch, port, hostname: host }, () => resolve(s));
      s.once('error', reject);
    });
    // WebSocket upgrades (Realtime) come in through the same front door: gateway/upgrade.ts.
    upgrades = createUpgrades(door);
    server.on('upgrade', upgrades.handle);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  ctx.apiUrl = `http://${host}:${actualPort}`;
  log.info(`listening on ${ctx.apiUrl} (${db.driver})`);
  stopHooks.push(collectWhenIdle(server));

  let stopping: Promise<void> | undefined;
  return {
    url: ctx.apiUrl,
    config,
    keys,
    db,
    migrations,
    status: () => statusOf(ctx.apiUrl, keys),
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
          (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
          // Upgraded connections would hold close() open too: their services end them.
          upgrades.closeAll();
        });
        for (const hook of stopHooks.reverse()) await hook();
        await db.close();
        if (memoryDir) await rm(memoryDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
