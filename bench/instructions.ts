// A REST read's instructions per request on the main thread, under valgrind's callgrind: the bare
// hop (node:http and the driver sending the read's SQL) and each stack named, one after another,
// each in a process of its own (bench/instructions-server.ts). Counted instructions do not
// depend on what else the machine is doing, so two trees a few per cent apart are told apart
// here where CPU time on this shared machine cannot (the hop bench's rounds move by ±10%). Only
// the main thread is counted — the JavaScript of the request path, and the garbage collector's
// and Node's work on that thread; V8's compiler threads, which run as tiering decides, are not —
// and only user-space instructions: what the kernel does for the sockets is not in it.
//
//   npx tsx bench/instructions.ts <postgres|pglite> [requests] [stack …]
//
// A stack is a checkout (its stack/src/index.ts) or a built module of it (stack/dist/*.mjs);
// by default this tree's build (stack/bin/build.mjs), as `sheaf-stack` and the hop bench run
// it. Needs valgrind. A diagnostic for a change's effect, not a benchmark of record: each
// process takes a minute or two.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtStack } from '../stack/bin/build.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [driver = 'postgres', count = '2000', ...named] = process.argv.slice(2);
const WARM = 6000;
const MEASURED = Number(count);
const CONNECTIONS = 10;

interface Target {
  pid: number;
  url: string;
  headers: Record<string, string>;
}

/** `n` reads, CONNECTIONS at a time on kept-alive sockets (ids 1…1000 in turn). */
async function load(target: Target, n: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let sent = 0;
  let done = 0;
  await new Promise<void>((resolve, reject) => {
    const next = () => {
      if (sent >= n) return;
      const url = target.url.replace('{id}', String((sent++ % 1000) + 1));
      http
        .get(url, { agent, headers: target.headers }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
          res.resume();
          res.on('end', () => (++done === n ? resolve() : next()));
        })
        .on('error', reject);
    };
    for (let i = 0; i < CONNECTIONS; i++) next();
  });
  agent.destroy();
}

const control = (pid: number, ...args: string[]) => {
  const run = spawnSync('callgrind_control', [...args, String(pid)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`callgrind_control ${args.join(' ')}: ${run.stderr}`);
};

/** Main-thread instructions per read of one subject. */
async function measure(kind: 'bare' | 'stack', entry: string): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sheaf-callgrind-'));
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      '--smc-check=all-non-file',
      `--callgrind-out-file=${dir}/cg.%p`,
      process.execPath,
      '--import',
      'tsx',
      path.join(here, 'bench/instructions-server.ts'),
      kind,
      driver,
      entry,
    ],
    { cwd: here, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    const target = await new Promise<Target>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => l.startsWith('{"ready"'));
        if (line) resolve(JSON.parse(line) as Target);
      });
      child.on('exit', (code) => reject(new Error(`${kind} ${entry} exited (${code})`)));
    });
    // Warm without counting (the JIT settles), then count a fresh run.
    await load(target, WARM);
    control(target.pid, '-i', 'on');
    await load(target, 300);
    control(target.pid, '-z');
    await load(target, MEASURED);
    control(target.pid, '-d');
    const main = readdirSync(dir).find((f) => f.endsWith('-01'));
    const totals = readFileSync(path.join(dir, main!), 'utf8').match(/^totals: (\d+)/m);
    return Number(totals![1]) / MEASURED;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('close', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

const stacks = named.length
  ? named.map((n) => (n.endsWith('.mjs') ? path.resolve(n) : path.resolve(n, 'stack/src/index.ts')))
  : [await builtStack()];
const bare = await measure('bare', '');
console.log(`${driver}, ${MEASURED} reads, main-thread instructions per read`);
console.log(`  ${Math.round(bare).toLocaleString('en').padStart(9)}  1.00×  bare hop`);
for (const entry of stacks) {
  const n = await measure('stack', entry);
  console.log(
    `  ${Math.round(n).toLocaleString('en').padStart(9)}  ${(n / bare).toFixed(2)}×  ${path.relative(here, entry)}`,
  );
}
process.exit(0);
