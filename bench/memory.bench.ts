// Issue 11's memory figures: the resident memory (RSS) of the stack as `npm start` runs it —
// PGlite persisted beside supabase/, Sheaf's own project — idle, and after a long hostile REST
// run, each next to baselines measured in the same run: a bare Node process, and bare PGlite
// opened on the same data with its own default settings and with the stack's.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGLITE_SETTINGS, pgliteStartParams } from '../stack/src/db/pglite.ts';
import { QUIET_MS, STARTUP_QUIET_MS } from '../stack/src/lib/idle-collect.ts';
import {
  STACK_PROCESS_TUNING,
  startStackProcess,
} from '../stack/test/chaos/harness/stack-process.ts';
import { hostileRequests } from './hostile-rest.ts';
import { table, type BenchSection } from './lib.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUESTS = Number(process.env.SHEAF_BENCH_HOSTILE ?? 20_000);
/** The hostile run stops early after this long (a loaded shared machine); the table says so. */
const BUDGET_S = Number(process.env.SHEAF_BENCH_HOSTILE_SECONDS ?? 1200);
/** How long the stack is left alone after start before "idle" is read (past its start-up quiet). */
const IDLE_MS = STARTUP_QUIET_MS + 5000;
/** How long the stack is left alone after the run before "settled" is read (past its quiet). */
const SETTLE_MS = QUIET_MS + 5000;

/** Resident memory of a process, in MB. */
function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps: mapped files (code, mostly
 * Node's own binary), glibc's main malloc heap, and the other anonymous mappings (V8's heap,
 * PGlite's WASM memory, thread arenas, large buffers).
 */
function breakdown(pid: number): string {
  const parts = { files: 0, malloc: 0, anonymous: 0 };
  let name = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) name = header[1]!;
    const kb = /^Rss:\s+(\d+)/.exec(line)?.[1];
    if (kb === undefined) continue;
    const part = name.startsWith('/') ? 'files' : name === '[heap]' ? 'malloc' : 'anonymous';
    parts[part] += Number(kb) / 1024;
  }
  return `${parts.files.toFixed(0)} / ${parts.malloc.toFixed(0)} / ${parts.anonymous.toFixed(0)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `code` (an ES module) in a child Node process, started as the stack's is, until it prints
 * "ready"; returns its RSS.
 */
async function idleChild(code: string, args: string[] = []): Promise<number> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...STACK_PROCESS_TUNING.execArgv, '--input-type=module', '-e', code, ...args],
    {
      cwd: path.join(root, 'stack'),
      env: { ...process.env, ...STACK_PROCESS_TUNING.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => c.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  await sleep(2000);
  const value = rss(child.pid!);
  child.kill('SIGKILL');
  return value;
}

const PGLITE_IDLE = `
import { PGlite } from '@electric-sql/pglite';
const [dataDir, params] = process.argv.slice(1);
const pg = await PGlite.create({ dataDir, ...(params ? { startParams: JSON.parse(params) } : {}) });
await pg.query('select count(*) from pg_class');
console.log('ready');
setInterval(() => {}, 1 << 30);
`;

async function memory(): Promise<BenchSection> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-memory-'));
  const workdir = path.join(dir, 'supabase');
  cpSync(path.join(root, 'supabase'), workdir, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}.temp`),
  });
  try {
    const node = await idleChild(`console.log('ready'); setInterval(() => {}, 1 << 30);`);
    const stack = await startStackProcess({ workdir, env: { NODE_OPTIONS: '' } });
    await sleep(IDLE_MS);
    const idle = rss(stack.pid);
    const idleParts = breakdown(stack.pid);
    const started = Date.now();
    const { answered, statuses } = await hostileRequests(
      stack,
      REQUESTS,
      8,
      started + BUDGET_S * 1000,
    );
    const seconds = (Date.now() - started) / 1000;
    const afterRun = rss(stack.pid);
    const afterRunParts = breakdown(stack.pid);
    await sleep(SETTLE_MS);
    const settled = rss(stack.pid);
    const settledParts = breakdown(stack.pid);
    await stack.kill('SIGTERM');
    // The same data directory, opened by bare PGlite with its defaults and with the stack's.
    const dataDir = path.join(dir, '.sheaf', 'db');
    const pgliteDefaults = await idleChild(PGLITE_IDLE, [dataDir]);
    const pgliteTuned = await idleChild(PGLITE_IDLE, [
      dataDir,
      JSON.stringify(pgliteStartParams()),
    ]);
    const mb = (v: number) => `${v.toFixed(0)} MB`;
    const vsIdle = (v: number) => `${((v / idle) * 100).toFixed(0)}%`;
    const body = table(
      ['process', 'RSS', 'vs idle stack', 'files / malloc heap / other anonymous (MB)'],
      [
        ['bare Node process — baseline', mb(node), vsIdle(node), ''],
        [
          'bare PGlite, its default settings (160 MB shared buffers), on the stack’s data',
          mb(pgliteDefaults),
          vsIdle(pgliteDefaults),
          '',
        ],
        [
          'bare PGlite, the stack’s settings (PGLITE_SETTINGS), same data',
          mb(pgliteTuned),
          vsIdle(pgliteTuned),
          '',
        ],
        [
          `stack idle (\`npm start\`’s default: PGlite in .sheaf/, Sheaf’s project), ${IDLE_MS / 1000} s after start`,
          mb(idle),
          '100%',
          idleParts,
        ],
        [
          `stack right after ${answered.toLocaleString('en')} hostile REST requests (${seconds.toFixed(0)} s${answered < REQUESTS ? `, stopped at the ${BUDGET_S} s budget` : ''})`,
          mb(afterRun),
          vsIdle(afterRun),
          afterRunParts,
        ],
        [`stack ${SETTLE_MS / 1000} s later`, mb(settled), vsIdle(settled), settledParts],
      ],
    );
    const answers = Object.entries(statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    return {
      title: 'Memory: the stack on PGlite, idle and after a hostile REST run',
      body: `${body}

RSS from /proc, one run; the stack is a child process started by the CLI on a copy of \`supabase/\`, every process with the launch settings of \`npm start\` and \`sheaf-stack\` (MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=131072, --max-semi-space-size=2). The hostile run (bench/hostile-rest.ts, 8 at a time) mixes oversized filters and \`in\` lists, deep embeds, huge limits and offsets, bad casts, malformed bodies, bulk inserts of notes up to 16 KB and reads of them, as the demo user and as anon; answers: ${answers}. The last column splits RSS into mapped files (code), glibc's main malloc heap, and the other anonymous memory (V8's heap, PGlite's WASM memory, thread arenas). WASM memory never shrinks, so the working memory of the largest statements (the widest reads, the bulk inserts) stays resident in PGlite, as do the shared buffers: the stack's settings (${Object.entries(
        PGLITE_SETTINGS,
      )
        .filter(([k]) => k !== 'search_path')
        .map(([k, v]) => `${k}=${v}`)
        .join(
          ', ',
        )}) bound what PGlite otherwise sizes like a server's. JavaScript's garbage from start-up is collected once the stack has been quiet for ${STARTUP_QUIET_MS / 1000} s before its first request, and what the run left once it has been quiet for ${QUIET_MS / 1000} s (stack/src/lib/idle-collect.ts: a collection while quiet also drops the JIT's optimized code, so pauses between bursts do not count).`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function run(): Promise<BenchSection[]> {
  return [await memory()];
}
