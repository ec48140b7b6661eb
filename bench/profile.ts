// Where the stack's CPU goes on one hot request: starts the stack (as hop.bench.ts does), warms
// it with wrk, then samples V8's profiler only while a second wrk run loads it, and prints the
// functions and files with the most self time. The profile is written too, for Chrome DevTools.
//
//   npx tsx bench/profile.ts <pglite|postgres> <read|upload|download> [seconds]
//
// A diagnostic, not a benchmark: its figures are not recorded in bench/RESULTS.md.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { KB, USER } from './hop.bench.ts';
import { startHopStack } from './hop-stack.ts';
import { wrk, type HttpLoad } from './load.ts';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function and per file (packages and node: modules lumped), largest first. */
export function summarise(profile: Profile, top = 30): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fns = new Map<string, number>();
  const files = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url
      .replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
      .replace(/^file:\/\/.*?\/(stack|bench)\//, '$1/');
    const fn = `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`;
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
    files.set(file || functionName, (files.get(file || functionName) ?? 0) + dt);
    total += dt;
  });
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  return `self time by function (${(total / 1e3).toFixed(0)} ms sampled)\n${list(fns)}\n\nself time by file\n${list(files)}`;
}

async function main() {
  const [driver = 'pglite', what = 'read', seconds = '8'] = process.argv.slice(2);
  const { stack, close } = await startHopStack(driver, 'profile');
  const session = new Session();
  try {
    const now = Math.floor(Date.now() / 1000);
    const token = await stack.keys.signAccessToken({
      ...{ sub: USER, role: 'authenticated', aud: 'authenticated' },
      ...{ iat: now, exp: now + 3600 },
    });
    const service = stack.keys.serviceRoleKey;
    const object = `${stack.url}/storage/v1/object/bench/o-{id}`;
    const load: HttpLoad =
      what === 'read'
        ? {
            url: `${stack.url}/rest/v1/items?id=eq.{id}&select=*`,
            headers: { apikey: stack.keys.anonKey, Authorization: `Bearer ${token}` },
            idRange: [1, 1000],
            connections: 10,
            seconds: 3,
          }
        : {
            url: object,
            method: what === 'upload' ? 'POST' : 'GET',
            headers: {
              apikey: service,
              Authorization: `Bearer ${service}`,
              ...(what === 'upload' && {
                'Content-Type': 'application/octet-stream',
                'x-upsert': 'true',
              }),
            },
            body: what === 'upload' ? KB : undefined,
            idRange: [1, 50],
            connections: 10,
            seconds: 3,
          };
    // The objects first, one at a time (concurrent first writes of one key conflict).
    for (let i = 1; i <= 50 && what !== 'read'; i++) {
      const res = await fetch(object.replace('{id}', String(i)), {
        method: 'POST',
        headers: {
          apikey: service,
          Authorization: `Bearer ${service}`,
          'Content-Type': 'application/octet-stream',
          'x-upsert': 'true',
        },
        body: KB,
      });
      if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    }
    await wrk(load);
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const result = await wrk({ ...load, seconds: Number(seconds) });
    const { profile } = await session.post('Profiler.stop');
    const file = path.join(os.tmpdir(), `sheaf-${driver}-${what}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(
      `${driver} ${what}: ${result.perSecond.toFixed(0)}/s, ${Math.round(result.cpu.stack)} µs of this process's CPU per request (load average ${os.loadavg()[0]!.toFixed(1)}); profile: ${file}\n`,
    );
    console.log(summarise(profile as Profile));
  } finally {
    session.disconnect();
    await close();
  }
}

await main();
