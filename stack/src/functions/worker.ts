// One Deno process serving one function on a unix socket: spawned by the pool, ready when the
// bootstrap prints its token, its console lines forwarded to the stack's log. A worker that
// exits (crash, Deno.exit, boot failure) is simply dead; the pool starts a new one next call.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../lib/log.ts';
import { sourceFile } from '../lib/source-file.ts';
import type { FunctionSpec } from './catalog.ts';

const BOOTSTRAP = sourceFile('functions', 'runtime', 'bootstrap.ts');
/** Variables passed through from the stack's environment so the npm registry stays reachable. */
const PASS_THROUGH =
  /^(https?_proxy|no_proxy|all_proxy|npm_config_registry|deno_cert|deno_tls_ca_store|node_extra_ca_certs|ssl_cert_file|ssl_cert_dir|tz|lang)$/i;

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export class BootError extends Error {
  constructor(
    readonly functionName: string,
    detail: string,
  ) {
    super(`function ${functionName} failed to start: ${detail}`);
    this.name = 'BootError';
  }
}

export interface WorkerOptions {
  deno: string;
  denoDir: string;
  socketPath: string;
  env: Record<string, string>;
  log: Logger;
  /** Longest wait for the module to load (npm downloads included). */
  bootTimeoutMs: number;
}

export class DenoWorker {
  readonly ready: Promise<void>;
  readonly exited: Promise<number | null>;
  private child: ChildProcess;
  private alive = true;

  constructor(
    readonly spec: FunctionSpec,
    readonly options: WorkerOptions,
  ) {
    const token = `sheaf-ready-${randomBytes(8).toString('hex')}`;
    const flags = ['run', '--allow-all', '--no-prompt', '--no-lock'];
    if (spec.importMap?.kind === 'config') flags.push(`--config=${spec.importMap.file}`);
    else {
      flags.push('--no-config');
      if (spec.importMap) flags.push(`--import-map=${spec.importMap.file}`);
    }
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(([k, v]) => PASS_THROUGH.test(k) && v !== undefined),
    ) as Record<string, string>;
    this.child = spawn(
      options.deno,
      [...flags, BOOTSTRAP, options.socketPath, pathToFileURL(spec.entrypoint).href, token],
      {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...inherited,
          ...options.env,
          DENO_DIR: options.denoDir,
          DENO_NO_UPDATE_CHECK: '1',
          DENO_NO_PROMPT: '1',
          NO_COLOR: '1',
          // Config discovery would start at the bootstrap (inside this repository): off.
          DENO_NO_PACKAGE_JSON: '1',
        },
      },
    );
    live.add(this.child);
    const log = options.log.child(`functions:${spec.name}`);
    const stderrTail: string[] = [];
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code) => {
        this.alive = false;
        live.delete(this.child);
        resolve(code);
      });
      this.child.once('error', (error) => {
        log.error('could not start deno', error);
        this.alive = false;
        live.delete(this.child);
        resolve(null);
      });
    });
    let onReady: () => void = () => undefined;
    const readyLine = new Promise<void>((resolve) => (onReady = resolve));
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      if (line === token) onReady();
      else log.info(line);
    });
    createInterface({ input: this.child.stderr! }).on('line', (line) => {
      stderrTail.push(line);
      if (stderrTail.length > 20) stderrTail.shift();
      if (/^(Download|Initialize) /.test(line)) log.info(line);
      else log.error(line);
    });
    let timer: NodeJS.Timeout | undefined;
    this.ready = Promise.race([
      readyLine,
      this.exited.then((code) => {
        throw new BootError(spec.name, stderrTail.join('\n') || `deno exited with code ${code}`);
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          this.stop();
          reject(new BootError(spec.name, `not ready after ${options.bootTimeoutMs} ms`));
        }, options.bootTimeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    this.ready.catch(() => this.stop());
  }

  get isAlive(): boolean {
    return this.alive;
  }

  /** Stops the process (SIGTERM, then SIGKILL after a second) and resolves once it is gone. */
  async stop(): Promise<void> {
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 1000);
    await this.exited;
    clearTimeout(timer);
  }
}
