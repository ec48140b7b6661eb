// Issue 26: how long `sheaf-stack start` takes as a new process — what a developer waits for —
// running its build (bin/build.mjs) and running its sources through tsx, next to a bare node
// process that opens PGlite on a new data directory (initdb in WASM). Each row is timed from
// spawn until /auth/v1/health answers (the baseline: until its process exits), with the
// process's own CPU; the rows alternate, round by round.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeWorkdir } from '../stack/test/support/stack.ts';
import { ms, ratio, table, type BenchSection } from './lib.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'stack', 'bin', 'sheaf-stack.mjs');
const ROUNDS = 5;
const PORT = 54_871;

interface Sample {
  wall: number;
  cpu: number;
}

/** The CPU a live process has used so far (user + system, from /proc), in milliseconds. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function bareInitdb(): Promise<Sample> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-initdb-'));
  const script = `const { PGlite } = await import('@electric-sql/pglite');
    await (await PGlite.create(${JSON.stringify(path.join(dir, 'db'))})).close();
    const u = process.cpuUsage(); console.log((u.user + u.system) / 1000);`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.join(ROOT, 'stack'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  const wall = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  return { wall, cpu: Number(out.trim()) };
}

/** A copy of this repository's supabase/ folder (its migrations and seed) in a new project. */
function sheafWorkdir(): string {
  const workdir = path.join(
    mkdtempSync(path.join(os.tmpdir(), 'sheaf-bench-project-')),
    'supabase',
  );
  cpSync(path.join(ROOT, 'supabase'), workdir, { recursive: true });
  return workdir;
}

async function stackStart(workdir: string, sources: boolean): Promise<Sample> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [BIN, 'start', '--workdir', workdir, '--port', `${PORT}`], {
    stdio: 'ignore',
    env: { ...process.env, SHEAF_STACK_SOURCES: sources ? '1' : '0' },
  });
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${PORT}/auth/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error('sheaf-stack start exited before it listened');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const sample = { wall: performance.now() - t0, cpu: cpuOf(child.pid!) };
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  return sample;
}

export default async function cliStart(): Promise<BenchSection[]> {
  const existing = makeWorkdir();
  await stackStart(existing, false); // makes the build and the database the later rounds reuse
  const warmup = sheafWorkdir();
  await stackStart(warmup, false); // makes the cached database after Sheaf's migrations
  rmSync(path.dirname(warmup), { recursive: true, force: true });
  const rows = {
    bare: [] as Sample[],
    sourcesExisting: [] as Sample[],
    builtExisting: [] as Sample[],
    sourcesFresh: [] as Sample[],
    builtFresh: [] as Sample[],
    sheafFresh: [] as Sample[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    const fresh = [makeWorkdir(), makeWorkdir()];
    rows.bare.push(await bareInitdb());
    rows.sourcesExisting.push(await stackStart(existing, true));
    rows.builtExisting.push(await stackStart(existing, false));
    rows.sourcesFresh.push(await stackStart(fresh[0]!, true));
    rows.builtFresh.push(await stackStart(fresh[1]!, false));
    fresh.push(sheafWorkdir());
    rows.sheafFresh.push(await stackStart(fresh[2]!, false));
    for (const dir of fresh) rmSync(path.dirname(dir), { recursive: true, force: true });
  }
  rmSync(path.dirname(existing), { recursive: true, force: true });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const base = {
    wall: median(rows.bare.map((s) => s.wall)),
    cpu: median(rows.bare.map((s) => s.cpu)),
  };
  const line = (what: string, samples: Sample[]) => {
    const wall = median(samples.map((s) => s.wall));
    const cpu = median(samples.map((s) => s.cpu));
    return [what, ms(wall), ratio(wall, base.wall), ms(cpu), ratio(cpu, base.cpu)];
  };
  const load = os.loadavg()[0]!.toFixed(1);
  return [
    {
      title: 'Stack cold start as a process: `sheaf-stack start`, built and from sources',
      body: `Median of ${ROUNDS} alternating rounds (load average ${load} at the end). Wall time from spawn until \`/auth/v1/health\` answers, and the process's CPU until then; the baseline is a bare node process that opens PGlite on a new data directory (initdb in WASM) and exits. "Built" runs \`stack/dist/sheaf-stack.mjs\`, which \`bin/build.mjs\` bundles from the sources whenever one is newer; "sources" is \`SHEAF_STACK_SOURCES=1\`, the sources through tsx. A fresh database starts from a copy of the cached bootstrapped template directory; the last row's (a copy of this repository's \`supabase/\`) from a copy of the cached database after its migrations (made by a warm-up start), then runs its seed.\n\n${table(
        ['what', 'wall', 'vs bare initdb', 'CPU', 'vs bare initdb'],
        [
          [
            'bare node + PGlite initdb of a new data dir — baseline',
            ms(base.wall),
            '1.00×',
            ms(base.cpu),
            '1.00×',
          ],
          line('sheaf-stack start, existing database, sources through tsx', rows.sourcesExisting),
          line('sheaf-stack start, existing database, built', rows.builtExisting),
          line('sheaf-stack start, fresh database, sources through tsx', rows.sourcesFresh),
          line('sheaf-stack start, fresh database, built', rows.builtFresh),
          line(
            "sheaf-stack start, fresh database, built, this repository's supabase/ (migrations + seed)",
            rows.sheafFresh,
          ),
        ],
      )}`,
    },
  ];
}
