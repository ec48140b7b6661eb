// The stack as a child process, started with the real CLI (`sheaf-stack start`), so a scenario
// can kill it (SIGKILL included) and start it again on the same folder, and can tell whether it
// died on its own. Its output is kept for the report when something goes wrong.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How `npm start` and the `sheaf-stack` command start the stack's process (package.json, the
 * bin's first line): glibc keeps fewer malloc arenas and returns large blocks, and V8 keeps a
 * small young generation, so an idle stack stays small (bench/memory.bench.ts).
 */
export const STACK_PROCESS_TUNING = {
  env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
  execArgv: ['--max-semi-space-size=2'],
};

const BIN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../bin/sheaf-stack.mjs',
);

export interface StackProcessOptions {
  /** A folder in the Supabase CLI layout (see project.ts). */
  workdir: string;
  /** The gateway's port; a free one by default. Pass the previous one to restart in place. */
  port?: number;
  /** A Postgres server instead of PGlite (in <workdir>/../.sheaf). */
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
  /** How long start-up may take. */
  readyTimeoutMs?: number;
}

export interface StackProcess {
  url: string;
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  pid: number;
  /** Everything it printed so far (stdout and stderr). */
  readonly output: string;
  /** Exit code or signal once it has exited, else undefined. */
  readonly exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Sends a signal and waits for the process to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startStackProcess(options: StackProcessOptions): Promise<StackProcess> {
  const port = options.port ?? (await freePort());
  const args = [BIN, 'start', '--workdir', options.workdir, '--port', String(port)];
  if (options.databaseUrl) args.push('--database-url', options.databaseUrl);
  const child: ChildProcess = spawn(process.execPath, [...STACK_PROCESS_TUNING.execArgv, ...args], {
    env: { ...process.env, DATABASE_URL: undefined, ...STACK_PROCESS_TUNING.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: StackProcess['exit'];
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  const ready = new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the stack did not start in time:\n${output}`)),
      options.readyTimeoutMs ?? 120_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = (label: string) =>
        new RegExp(`^\\s*${label}:\\s+(\\S+)`, 'm').exec(output)?.[1];
      const url = found('API URL');
      const anon = found('anon key');
      const service = found('service_role key');
      if (url && anon && service) {
        clearTimeout(timer);
        resolve({ url, anon, service });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the stack exited during start-up (${JSON.stringify(exit)}):\n${output}`));
    });
  });
  const found = await ready;
  return {
    url: found.url!,
    port,
    anonKey: found.anon!,
    serviceRoleKey: found.service!,
    pid: child.pid!,
    get output() {
      return output;
    },
    get exit() {
      return exit;
    },
    async kill(signal = 'SIGTERM') {
      if (!exit) child.kill(signal);
      await exited;
    },
  };
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
