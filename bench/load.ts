// Load from outside the process under test, as real clients send it: wrk for HTTP and pgbench
// for the plain-driver baseline (libpq, unnamed statements like any driver's parameterised
// query). Both are native, one thread, a fixed number of connections each with one request in
// flight, so the figures measure the servers, not a JavaScript client. Each run also reports
// the CPU time it cost per request in the load generator, in this process (the stack) and in
// the Postgres server's processes, read from /proc.
import { execFileSync, spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** CPU microseconds per request; `stackKernel` is the part of `stack` spent in the kernel. */
  cpu: { load: number; stack: number; stackKernel: number; postgres: number };
}

/** The load generators this machine lacks, e.g. ['wrk'] (Debian: apt-get install wrk). */
export function missingTools(...tools: string[]): string[] {
  return tools.filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * The CPUs other than CPU 0, for taskset (`1`, `1-3`): where the load generator and the Postgres
 * server run while the measured process has CPU 0 to itself (isolateCpu). Undefined (nothing is
 * pinned) on one CPU, without taskset, or with SHEAF_BENCH_PIN=0.
 */
export function otherCpus(): string | undefined {
  const count = os.availableParallelism();
  if (count < 2 || process.env.SHEAF_BENCH_PIN === '0' || missingTools('taskset').length > 0)
    return undefined;
  return count === 2 ? '1' : `1-${count - 1}`;
}

/**
 * A core of its own for this process, the one measured: every thread of it on CPU 0, and the
 * load generator and the Postgres server (pinProcesses, HttpLoad.cpus) on the others. Unpinned
 * on a machine of a few cores, a Postgres backend and wrk take turns on Node's core, and what
 * they leave in its caches slows Node's own work: a process's CPU per request then counts a
 * share of its neighbours' work, and the stack, whose read gives Postgres more to do than the
 * bare hop's (the caller's settings, row-level security), pays more of it. Returns the others
 * (otherCpus), or undefined when nothing was pinned.
 */
export function isolateCpu(): string | undefined {
  const others = otherCpus();
  if (others) execFileSync('taskset', ['-apc', '0', String(process.pid)], { stdio: 'ignore' });
  return others;
}

/** Puts each process of `pids` (every thread of it) and its child processes on `cpus`. */
export function pinProcesses(pids: readonly number[], cpus: string): void {
  const children = (pid: number): number[] => {
    try {
      const out = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
      return out.split('\n').filter(Boolean).map(Number);
    } catch {
      return []; // pgrep exits 1 when there are none
    }
  };
  for (const pid of pids.flatMap((pid) => [pid, ...children(pid)]))
    execFileSync('taskset', ['-apc', cpus, String(pid)], { stdio: 'ignore' });
}

const TICKS = 100; // USER_HZ: /proc reports CPU time in these.

/** CPU seconds of this process's reaped children (the load generators). */
function childrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

/**
 * CPU seconds of every process named postgres: the server and its live backends, plus (in the
 * server's children's time) the backends that already ended.
 */
function postgresCpu(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).startsWith('postgres'))
        continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
      total += (utime! + stime! + cutime! + cstime!) / TICKS;
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}: ${out.slice(-500)}`)),
    );
  });
}

async function measured(
  go: () => Promise<{ perSecond: number; p50: number; p99: number; requests: number }>,
): Promise<LoadResult> {
  const load0 = childrenCpu();
  const stack0 = process.cpuUsage();
  const pg0 = postgresCpu();
  const result = await go();
  const stack = process.cpuUsage(stack0);
  const per = (seconds: number) => (seconds * 1e6) / Math.max(1, result.requests);
  return {
    ...result,
    cpu: {
      load: per(childrenCpu() - load0),
      stack: per((stack.user + stack.system) / 1e6),
      stackKernel: per(stack.system / 1e6),
      postgres: per(postgresCpu() - pg0),
    },
  };
}

function duration(text: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 'ms' ? 1 : 1000);
}

export interface HttpLoad {
  /** Absolute URL; `{id}` in it is replaced per request by a random integer in idRange. */
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  idRange?: [number, number];
  connections: number;
  seconds: number;
  /** The CPUs wrk runs on (taskset), e.g. what isolateCpu returns; any when not given. */
  cpus?: string;
}

/** Runs wrk against url and reads its rate and latency percentiles (non-2xx answers fail). */
export function wrk(load: HttpLoad): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-wrk-'));
  const origin = /^https?:\/\/[^/]+/.exec(load.url)?.[0];
  if (!origin) throw new Error(`wrk: not an http URL: ${load.url}`);
  const [lo, hi] = load.idRange ?? [0, 0];
  const lua = [
    `wrk.method = ${JSON.stringify(load.method ?? 'GET')}`,
    ...Object.entries(load.headers ?? {}).map(
      ([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`,
    ),
    load.body === undefined ? '' : `wrk.body = ${JSON.stringify(load.body)}`,
    `local template = ${JSON.stringify(load.url.slice(origin.length) || '/')}`,
    'request = function()',
    `  local p = template:gsub("{id}", tostring(math.random(${lo}, ${hi})))`,
    '  return wrk.format(nil, p)',
    'end',
  ].join('\n');
  const script = path.join(dir, 'load.lua');
  writeFileSync(script, lua);
  return measured(async () => {
    try {
      const args = [
        '-t1',
        `-c${load.connections}`,
        `-d${load.seconds}s`,
        '--latency',
        // wrk counts an answer slower than its 2 s default as a socket error (which fails the
        // run); on a shared, loaded machine a few are: they are measured instead.
        '--timeout',
        '30s',
        '-s',
        script,
        origin,
      ];
      const out = await (load.cpus
        ? run('taskset', ['-c', load.cpus, 'wrk', ...args])
        : run('wrk', args));
      const bad = /Non-2xx or 3xx responses: (\d+)/.exec(out);
      if (bad) throw new Error(`wrk: ${bad[1]} answers were not 2xx/3xx for ${load.url}`);
      if (/Socket errors:/.test(out)) throw new Error(`wrk: socket errors for ${load.url}\n${out}`);
      const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
      const p50 = duration(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? '');
      const p99 = duration(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '');
      return { perSecond, p50, p99, requests };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

export interface SqlLoad {
  databaseUrl: string;
  /** A pgbench script: `\set id random(1, 5)` lines, then one statement using :id. */
  script: string;
  clients: number;
  seconds: number;
}

/** Runs pgbench with one transaction per statement, reading latencies from its per-transaction log. */
export function pgbench(load: SqlLoad): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-pgbench-'));
  const script = path.join(dir, 'script.sql');
  writeFileSync(script, load.script);
  return measured(async () => {
    try {
      const out = await run('pgbench', [
        '-n',
        '-M',
        'extended',
        '-c',
        String(load.clients),
        '-j',
        '1',
        '-T',
        String(load.seconds),
        '-f',
        script,
        '-l',
        `--log-prefix=${path.join(dir, 'log')}`,
        load.databaseUrl,
      ]);
      const perSecond = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
      const latencies = readdirSync(dir)
        .filter((f) => f.startsWith('log'))
        .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').trim().split('\n'))
        .map((line) => Number(line.split(' ')[2]) / 1000)
        .sort((a, b) => a - b);
      const at = (p: number) =>
        latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
      return { perSecond, p50: at(50), p99: at(99), requests: latencies.length };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/**
 * Each load warmed up for a second, then run `rounds` times, the order reversed every other
 * round so none always follows another on this shared machine: each load's results, in order.
 */
export async function alternatingRounds(
  loads: readonly HttpLoad[],
  rounds: number,
): Promise<LoadResult[][]> {
  for (const load of loads) await wrk({ ...load, seconds: 1 });
  const results = loads.map(() => [] as LoadResult[]);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [...loads.keys()] : [...loads.keys()].reverse();
    for (const i of order) results[i]!.push(await wrk(loads[i]!));
  }
  return results;
}

interface SamplingNode {
  selfSize: number;
  children: SamplingNode[];
}

/**
 * The bytes allocated in this process per request while wrk loads `load` from outside: every
 * object V8's sampling heap profiler saw allocated (one sample every 1 KiB on average), kept or
 * already collected. The load generator is another process, so what is counted is the server's.
 */
export async function bytesPerRequest(load: HttpLoad): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    const { requests } = await wrk({ ...load, seconds: 2 });
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const total = (node: SamplingNode): number =>
      node.children.reduce((sum, child) => sum + total(child), node.selfSize);
    return total(profile.head as SamplingNode) / requests;
  } finally {
    session.disconnect();
  }
}
