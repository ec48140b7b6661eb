// Keeps one warm worker per function. Each call fingerprints the functions folder: a change
// restarts the worker (hot reload); a boot failure is remembered until the files change, so a
// broken function answers BOOT_ERROR at once instead of re-booting on every call.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StackContext } from '../context/context.ts';
import { functionsDir, type FunctionSpec } from './catalog.ts';
import { denoBinary } from './deno-binary.ts';
import { functionEnv } from './env.ts';
import { fingerprint } from './signature.ts';
import { BootError, DenoWorker } from './worker.ts';

interface Entry {
  signature: string;
  worker?: DenoWorker;
  starting?: Promise<DenoWorker>;
  bootFailed?: BootError;
}

export interface PoolOptions {
  denoDir: string;
  bootTimeoutMs: number;
}

export class WorkerPool {
  private entries = new Map<string, Entry>();
  private socketDir: string | undefined;
  private dbUrl: Promise<string | undefined> | undefined;
  private counter = 0;
  private stopped = false;

  constructor(
    private ctx: StackContext,
    private options: PoolOptions,
  ) {}

  /** A ready worker for the function; throws BootError when its module does not load. */
  async acquire(spec: FunctionSpec): Promise<DenoWorker> {
    const extra = [spec.entrypoint, ...(spec.importMap ? [spec.importMap.file] : [])];
    const signature = await fingerprint(functionsDir(this.ctx.config), extra);
    const entry = this.entries.get(spec.name);
    if (entry && entry.signature === signature) {
      if (entry.bootFailed) throw entry.bootFailed;
      if (entry.starting) return entry.starting;
      if (entry.worker?.isAlive) return entry.worker;
    }
    // The files changed: retire the old worker, including one still booting.
    if (entry?.worker) void entry.worker.stop();
    if (entry?.starting)
      void entry.starting.then(
        (w) => w.stop(),
        () => undefined,
      );
    const next: Entry = { signature };
    next.starting = this.start(spec).then(
      (worker) => {
        next.worker = worker;
        next.starting = undefined;
        return worker;
      },
      (error: unknown) => {
        next.starting = undefined;
        if (error instanceof BootError) next.bootFailed = error;
        else if (this.entries.get(spec.name) === next) this.entries.delete(spec.name);
        throw error;
      },
    );
    this.entries.set(spec.name, next);
    return next.starting;
  }

  /** Stops the function's worker (after a timeout); the next call starts a fresh one. */
  async discard(worker: DenoWorker): Promise<void> {
    const entry = this.entries.get(worker.spec.name);
    if (entry?.worker === worker) this.entries.delete(worker.spec.name);
    await worker.stop();
  }

  async stopAll(): Promise<void> {
    this.stopped = true;
    const workers = [...this.entries.values()].flatMap((e) => (e.worker ? [e.worker] : []));
    const starting = [...this.entries.values()].flatMap((e) => (e.starting ? [e.starting] : []));
    this.entries.clear();
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(
      starting.map((p) =>
        p.then(
          (w) => w.stop(),
          () => undefined,
        ),
      ),
    );
    if (this.socketDir) rmSync(this.socketDir, { recursive: true, force: true });
  }

  private async start(spec: FunctionSpec): Promise<DenoWorker> {
    if (this.stopped) throw new Error('the stack is stopping');
    // Unix socket paths are limited to ~100 bytes, so they live in a short temporary folder.
    this.socketDir ??= mkdtempSync(path.join(os.tmpdir(), 'sheaf-fn-'));
    mkdirSync(this.options.denoDir, { recursive: true });
    this.dbUrl ??= this.resolveDbUrl();
    const worker = new DenoWorker(spec, {
      deno: denoBinary(),
      denoDir: this.options.denoDir,
      socketPath: path.join(this.socketDir, `${spec.name}-${++this.counter}.sock`),
      env: await functionEnv(this.ctx, await this.dbUrl),
      log: this.ctx.log,
      bootTimeoutMs: this.options.bootTimeoutMs,
    });
    await worker.ready;
    if (this.stopped) {
      await worker.stop();
      throw new Error('the stack is stopping');
    }
    return worker;
  }

  private async resolveDbUrl(): Promise<string | undefined> {
    const { db, log } = this.ctx;
    if (db.connectionString) return db.connectionString;
    try {
      return await db.openWireServer?.();
    } catch (error) {
      log.error('could not serve the database to functions (SUPABASE_DB_URL is unset)', error);
      return undefined;
    }
  }
}
